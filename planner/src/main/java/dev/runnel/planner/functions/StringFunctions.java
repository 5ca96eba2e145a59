package dev.runnel.planner.functions;

import java.math.BigDecimal;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.Formatter;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.apache.calcite.avatica.util.ByteString;

/**
 * The implementations of Flink's string functions that {@link StringOperators} declares, called
 * by generated code with values in their internal representation (STRING as {@link String},
 * BYTES as {@link ByteString}). NULL in, NULL out unless said otherwise. Characters are Unicode
 * code points, as Flink counts them. Thread-safe.
 */
public final class StringFunctions {
    /* Patterns usually are literals; the bound only guards against computed ones. */
    private static final int CACHE_LIMIT = 1_000;
    private static final ConcurrentMap<String, Pattern> PATTERNS = new ConcurrentHashMap<>();

    private StringFunctions() {
    }

    // ---- length, case, positions ----

    /** {@code CHAR_LENGTH(str)}: the number of code points (a character outside the BMP counts once). */
    public static Integer charLength(String str) {
        return str == null ? null : str.codePointCount(0, str.length());
    }

    /**
     * {@code ASCII(str)}: the first byte of {@code str} in UTF-8 as a signed number, as Flink
     * reads it (so 'é' gives -61); 0 for the empty string.
     */
    public static Integer ascii(String str) {
        if (str == null) {
            return null;
        }
        return str.isEmpty() ? 0 : (int) str.getBytes(StandardCharsets.UTF_8)[0];
    }

    /**
     * {@code CHR(n)}: the character whose code is the low byte of {@code n} ({@code n & 255},
     * so CHR(353) is 'a'); the empty string for a negative {@code n}.
     */
    public static String chr(Long n) {
        if (n == null) {
            return null;
        }
        return n < 0 ? "" : String.valueOf((char) (n & 0xFF));
    }

    /**
     * {@code INSTR(str, sub[, start[, nth]])}: the 1-based position of the {@code nth}
     * occurrence of {@code sub} in {@code str}, searching from {@code start} (from the end
     * backwards when negative); 0 when there is none or {@code start} is 0. A {@code nth}
     * below 1 is an error, as in Flink.
     */
    public static Integer instr(String str, String sub) {
        return instr(str, sub, 1L, 1L);
    }

    public static Integer instr(String str, String sub, Long start) {
        return instr(str, sub, start, 1L);
    }

    public static Integer instr(String str, String sub, Long start, Long nth) {
        if (str == null || sub == null || start == null || nth == null) {
            return null;
        }
        if (nth <= 0) {
            throw new IllegalArgumentException("INSTR: the occurrence must be positive, was " + nth);
        }
        if (start == 0) {
            return 0;
        }
        if (start < 0) {
            int reversed = instrForward(reverse(str), reverse(sub), -start, nth);
            return reversed == 0 ? 0 : charLength(str) + 2 - reversed - charLength(sub);
        }
        return instrForward(str, sub, start, nth);
    }

    private static int instrForward(String str, String sub, long start, long nth) {
        int from = (int) Math.min(start, Integer.MAX_VALUE);
        int position = 0;
        for (long i = 0; i < nth; i++) {
            position = indexOfCodePoints(str, sub, from - 1) + 1;
            if (position == 0) {
                return 0;
            }
            from = position + 1;
        }
        return position;
    }

    /** The code point index of {@code sub} in {@code str} at or after code point {@code from}, or -1. */
    private static int indexOfCodePoints(String str, String sub, int from) {
        int length = str.codePointCount(0, str.length());
        if (from > length) {
            return -1;
        }
        int at = str.indexOf(sub, str.offsetByCodePoints(0, Math.max(from, 0)));
        return at < 0 ? -1 : str.codePointCount(0, at);
    }

    /** {@code STARTSWITH(str, prefix)}: true for an empty prefix. */
    public static Boolean startswith(String str, String prefix) {
        return str == null || prefix == null ? null : str.startsWith(prefix);
    }

    /** {@code STARTSWITH(bytes, prefix)} of binary strings. */
    public static Boolean startswith(ByteString bytes, ByteString prefix) {
        return bytes == null || prefix == null ? null : bytes.startsWith(prefix);
    }

    /** {@code ENDSWITH(str, suffix)}: true for an empty suffix. */
    public static Boolean endswith(String str, String suffix) {
        return str == null || suffix == null ? null : str.endsWith(suffix);
    }

    /** {@code ENDSWITH(bytes, suffix)} of binary strings. */
    public static Boolean endswith(ByteString bytes, ByteString suffix) {
        return bytes == null || suffix == null ? null : bytes.endsWith(suffix);
    }

    // ---- trimming and padding ----

    /** {@code LTRIM(str)}: without leading spaces (only ' ', as Flink). */
    public static String ltrim(String str) {
        return ltrim(str, " ");
    }

    /** {@code LTRIM(str, chars)}: without the leading characters that {@code chars} contains. */
    public static String ltrim(String str, String chars) {
        if (str == null || chars == null) {
            return null;
        }
        return str.substring(leadingEnd(str, chars));
    }

    /** {@code RTRIM(str)}: without trailing spaces. */
    public static String rtrim(String str) {
        return rtrim(str, " ");
    }

    /** {@code RTRIM(str, chars)}: without the trailing characters that {@code chars} contains. */
    public static String rtrim(String str, String chars) {
        if (str == null || chars == null) {
            return null;
        }
        return str.substring(0, trailingStart(str, chars));
    }

    /** {@code BTRIM(str)}: without leading and trailing spaces. */
    public static String btrim(String str) {
        return btrim(str, " ");
    }

    /** {@code BTRIM(str, chars)}: without the leading and trailing characters that {@code chars} contains. */
    public static String btrim(String str, String chars) {
        if (str == null || chars == null) {
            return null;
        }
        int start = leadingEnd(str, chars);
        return start == str.length() ? "" : str.substring(start, trailingStart(str, chars));
    }

    private static int leadingEnd(String str, String chars) {
        int i = 0;
        while (i < str.length()) {
            int c = str.codePointAt(i);
            if (chars.indexOf(c) < 0) {
                break;
            }
            i += Character.charCount(c);
        }
        return i;
    }

    private static int trailingStart(String str, String chars) {
        int i = str.length();
        while (i > 0) {
            int c = str.codePointBefore(i);
            if (chars.indexOf(c) < 0) {
                break;
            }
            i -= Character.charCount(c);
        }
        return i;
    }

    /**
     * {@code LPAD(str, len, pad)}: {@code str} left-padded with repetitions of {@code pad} to
     * {@code len} characters, or cut to its first {@code len}; NULL for a negative {@code len}
     * or an empty {@code pad}, as in Flink.
     */
    public static String lpad(String str, Long len, String pad) {
        if (str == null || len == null || pad == null || len < 0 || pad.isEmpty()) {
            return null;
        }
        int length = Math.toIntExact(len);
        if (str.length() >= length) {
            return str.substring(0, length);
        }
        return padding(pad, length - str.length()) + str;
    }

    /** {@code RPAD(str, len, pad)}: as {@link #lpad}, padded on the right. */
    public static String rpad(String str, Long len, String pad) {
        if (str == null || len == null || pad == null || len < 0 || pad.isEmpty()) {
            return null;
        }
        int length = Math.toIntExact(len);
        if (str.length() >= length) {
            return str.substring(0, length);
        }
        return str + padding(pad, length - str.length());
    }

    private static String padding(String pad, int length) {
        StringBuilder sb = new StringBuilder(length);
        while (sb.length() < length) {
            sb.append(pad, 0, Math.min(pad.length(), length - sb.length()));
        }
        return sb.toString();
    }

    // ---- substrings ----

    /**
     * {@code SUBSTRING(str FROM start [FOR len])} and {@code SUBSTR}: from the 1-based
     * {@code start} (counted from the end when negative, from the beginning when 0); empty
     * beyond the end; NULL for a negative {@code len}, as in Flink.
     */
    public static String substring(String str, Long start) {
        return substring(str, start, (long) Integer.MAX_VALUE);
    }

    public static String substring(String str, Long start, Long len) {
        if (str == null || start == null || len == null || len < 0
                || len > Integer.MAX_VALUE || start > Integer.MAX_VALUE) {
            return null;
        }
        int length = str.codePointCount(0, str.length());
        long from;
        if (start > 0) {
            from = start - 1;
        } else if (start < 0) {
            from = length + start;
        } else {
            from = 0;
        }
        if (from < 0 || from >= length) {
            return "";
        }
        long to = Math.min(length, from + len);
        return str.substring(str.offsetByCodePoints(0, (int) from), str.offsetByCodePoints(0, (int) to));
    }

    /** {@code LEFT(str, n)}: the first {@code n} characters; empty for {@code n} below 1. */
    public static String left(String str, Long n) {
        if (str == null || n == null) {
            return null;
        }
        return n <= 0 ? "" : substring(str, 1L, n);
    }

    /** {@code RIGHT(str, n)}: the last {@code n} characters; empty for {@code n} below 1. */
    public static String right(String str, Long n) {
        if (str == null || n == null) {
            return null;
        }
        if (n <= 0) {
            return "";
        }
        return n >= charLength(str) ? str : substring(str, -n);
    }

    /** {@code REVERSE(str)}: the characters in reverse order (a character outside the BMP stays whole). */
    public static String reverse(String str) {
        return str == null ? null : new StringBuilder(str).reverse().toString();
    }

    /** {@code CONCAT(str, ...)}: NULL when any argument is. */
    public static String concat(String... strings) {
        StringBuilder sb = new StringBuilder();
        for (String s : strings) {
            if (s == null) {
                return null;
            }
            sb.append(s);
        }
        return sb.toString();
    }

    /**
     * {@code POSITION(needle IN haystack)}: the 1-based position (in characters) of the first
     * occurrence; 0 when absent.
     */
    public static Integer position(String needle, String haystack) {
        return RunnelFunctions.locate(needle, haystack);
    }

    /**
     * {@code OVERLAY(str PLACING rep FROM start [FOR len])}: {@code str} with its {@code len}
     * characters (by default the length of {@code rep}) at {@code start} replaced by
     * {@code rep}; {@code str} unchanged when {@code start} is outside it, as in Flink.
     */
    public static String overlay(String str, String rep, Long start) {
        return rep == null ? null : overlay(str, rep, start, (long) rep.length());
    }

    public static String overlay(String str, String rep, Long start, Long len) {
        if (str == null || rep == null || start == null || len == null) {
            return null;
        }
        if (start <= 0 || start > str.length()) {
            return str;
        }
        int from = (int) (start - 1);
        StringBuilder sb = new StringBuilder(str.substring(0, from)).append(rep);
        if (len > 0 && start + len <= str.length()) {
            sb.append(str, (int) (from + len), str.length());
        }
        return sb.toString();
    }

    /**
     * {@code ELT(index, expr, ...)}: the {@code index}-th (1-based) expression; NULL when
     * {@code index} is NULL or out of range.
     */
    public static String elt(Long index, String... exprs) {
        return index == null || index < 1 || index > exprs.length ? null : exprs[(int) (index - 1)];
    }

    /** {@code ELT(index, expr, ...)} of binary strings. */
    public static ByteString elt(Long index, ByteString... exprs) {
        return index == null || index < 1 || index > exprs.length ? null : exprs[(int) (index - 1)];
    }

    /**
     * {@code TRANSLATE(str, from, to)}: each character of {@code str} that occurs in
     * {@code from} replaced by the character at the same place in {@code to}, or removed when
     * {@code to} is shorter (a NULL {@code to} counts as empty); the first occurrence in
     * {@code from} decides. {@code str} unchanged when {@code from} is NULL or empty.
     */
    public static String translate3(String str, String from, String to) {
        if (str == null || from == null || str.isEmpty() || from.isEmpty()) {
            return str;
        }
        Map<Integer, String> dictionary = new HashMap<>();
        int[] toChars = to == null ? new int[0] : to.codePoints().toArray();
        int[] fromChars = from.codePoints().toArray();
        for (int i = 0; i < fromChars.length; i++) {
            dictionary.putIfAbsent(fromChars[i], i < toChars.length ? Character.toString(toChars[i]) : "");
        }
        StringBuilder sb = new StringBuilder();
        str.codePoints().forEach(c -> {
            String replacement = dictionary.get(c);
            sb.append(replacement != null ? replacement : Character.toString(c));
        });
        return sb.toString();
    }

    // ---- regular expressions (Java syntax; an invalid pattern gives NULL, as in Flink) ----

    /** {@code REGEXP(str, regex)}: whether some substring of {@code str} matches; false for an empty or invalid regex. */
    public static Boolean regexp(String str, String regex) {
        if (str == null || regex == null) {
            return null;
        }
        Matcher matcher = regex.isEmpty() ? null : matcher(str, regex);
        return matcher != null && matcher.find();
    }

    /** {@code REGEXP_COUNT(str, regex)}: the number of matches. */
    public static Integer regexpCount(String str, String regex) {
        Matcher matcher = matcher(str, regex);
        if (matcher == null) {
            return null;
        }
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    /** {@code REGEXP_INSTR(str, regex)}: the 1-based position of the first match, 0 when none. */
    public static Integer regexpInstr(String str, String regex) {
        Matcher matcher = matcher(str, regex);
        if (matcher == null) {
            return null;
        }
        // As Flink: the position counts UTF-16 units, so a character outside the BMP counts twice.
        return matcher.find() ? matcher.start() + 1 : 0;
    }

    /** {@code REGEXP_SUBSTR(str, regex)}: the first match, NULL when none. */
    public static String regexpSubstr(String str, String regex) {
        Matcher matcher = matcher(str, regex);
        return matcher != null && matcher.find() ? matcher.group() : null;
    }

    /**
     * {@code REGEXP_REPLACE(str, regex, replacement)}: every match replaced by
     * {@code replacement} taken literally ({@code $1} is no group reference), as in Flink.
     */
    public static String regexpReplace(String str, String regex, String replacement) {
        if (replacement == null) {
            return null;
        }
        Matcher matcher = matcher(str, regex);
        return matcher == null ? null : matcher.replaceAll(Matcher.quoteReplacement(replacement));
    }

    private static Matcher matcher(String str, String regex) {
        if (str == null || regex == null) {
            return null;
        }
        try {
            if (PATTERNS.size() > CACHE_LIMIT) {
                PATTERNS.clear();
            }
            return PATTERNS.computeIfAbsent(regex, Pattern::compile).matcher(str);
        } catch (PatternSyntaxException e) {
            return null;
        }
    }

    // ---- formatting, encoding and URLs ----

    /**
     * {@code PRINTF(format, args...)}: {@link Formatter} with {@code Locale.US}; NULL when
     * {@code format} is NULL or does not fit the arguments. Each argument is what Flink passes
     * (see {@code StringOperators.PRINTF}); a NULL argument prints as {@code null}.
     */
    public static String printf(String format, Object... args) {
        if (format == null) {
            return null;
        }
        StringBuilder sb = new StringBuilder();
        try (Formatter formatter = new Formatter(sb, Locale.US)) {
            formatter.format(format, args);
        } catch (RuntimeException e) {
            return null;
        }
        return sb.toString();
    }

    /**
     * A DECIMAL as Flink's PRINTF sees it: its plain digits for {@code %s}, and no number, so
     * {@code %f} or {@code %d} makes the result NULL.
     */
    public record PrintfDecimal(BigDecimal value) {
        public static PrintfDecimal of(BigDecimal value) {
            return value == null ? null : new PrintfDecimal(value);
        }

        @Override
        public String toString() {
            return value.toPlainString();
        }
    }

    /** A TIMESTAMP or TIMESTAMP_LTZ (read in UTC) as Flink's PRINTF sees it: {@code 2024-01-01T00:00}. */
    public static LocalDateTime printfTimestamp(Long millis) {
        return millis == null ? null : LocalDateTime.ofInstant(Instant.ofEpochMilli(millis), ZoneOffset.UTC);
    }

    /** BYTES as Flink's PRINTF sees them: a Java array, which {@code %s} prints as its identity. */
    public static byte[] printfBytes(ByteString bytes) {
        return bytes == null ? null : bytes.getBytes();
    }

    /** {@code TO_BASE64(str)}: the base64 encoding of the UTF-8 bytes of {@code str}, on one line. */
    public static String toBase64(String str) {
        return str == null ? null : Base64.getEncoder().encodeToString(str.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code TO_BASE64(bytes)}. */
    public static String toBase64(ByteString bytes) {
        return bytes == null ? null : Base64.getEncoder().encodeToString(bytes.getBytes());
    }

    /** {@code ENCODE(str, charset)}: the bytes of {@code str} in {@code charset}; an unknown charset is an error. */
    public static ByteString encode(String str, String charset) {
        return str == null || charset == null ? null : new ByteString(str.getBytes(charset(charset)));
    }

    /** {@code DECODE(bytes, charset)}: the string of {@code bytes} in {@code charset}; an unknown charset is an error. */
    public static String decode(ByteString bytes, String charset) {
        return bytes == null || charset == null ? null : new String(bytes.getBytes(), charset(charset));
    }

    private static Charset charset(String name) {
        try {
            return Charset.forName(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unsupported charset: " + name, e);
        }
    }

    /** {@code URL_ENCODE(str)}: {@code application/x-www-form-urlencoded} in UTF-8. */
    public static String urlEncode(String str) {
        return str == null ? null : URLEncoder.encode(str, StandardCharsets.UTF_8);
    }

    /** {@code URL_DECODE(str)}: NULL when {@code str} has an illegal escape. */
    public static String urlDecode(String str) {
        if (str == null) {
            return null;
        }
        try {
            return URLDecoder.decode(str, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * {@code PARSE_URL(url, part)}: the part ({@code HOST}, {@code PATH}, {@code QUERY},
     * {@code REF}, {@code PROTOCOL}, {@code FILE}, {@code AUTHORITY} or {@code USERINFO}, in
     * upper case) of {@code url} as {@link URL} reads it; NULL for another part or a malformed URL.
     */
    public static String parseUrl(String url, String part) {
        if (url == null || part == null) {
            return null;
        }
        URL parsed;
        try {
            parsed = new URL(url);
        } catch (MalformedURLException e) {
            return null;
        }
        return switch (part) {
            case "HOST" -> parsed.getHost();
            case "PATH" -> parsed.getPath();
            case "QUERY" -> parsed.getQuery();
            case "REF" -> parsed.getRef();
            case "PROTOCOL" -> parsed.getProtocol();
            case "FILE" -> parsed.getFile();
            case "AUTHORITY" -> parsed.getAuthority();
            case "USERINFO" -> parsed.getUserInfo();
            default -> null;
        };
    }

    /** {@code PARSE_URL(url, 'QUERY', key)}: the value of {@code key} in the query; NULL for another part. */
    public static String parseUrl(String url, String part, String key) {
        if (key == null || !"QUERY".equals(part)) {
            return null;
        }
        String query = parseUrl(url, part);
        if (query == null) {
            return null;
        }
        Matcher m = Pattern.compile("(&|^)" + Pattern.quote(key) + "=([^&]*)").matcher(query);
        return m.find() ? m.group(2) : null;
    }

    /**
     * {@code INET_ATON(str)}: the number of the IPv4 address {@code str} ({@code a.b.c.d}, or
     * MySQL's short forms {@code a.b} = a.0.0.b and {@code a.b.c} = a.b.0.c, each part a decimal
     * number up to 255); NULL when {@code str} is no such address.
     */
    public static Long inetAton(String str) {
        if (str == null || str.isEmpty()) {
            return null;
        }
        String[] parts = str.split("\\.", -1);
        if (parts.length > 4) {
            return null;
        }
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            if (parts[i].isEmpty() || parts[i].length() > 3 || !parts[i].chars().allMatch(c -> c >= '0' && c <= '9')) {
                return null;
            }
            values[i] = Long.parseLong(parts[i]);
            if (values[i] > 255) {
                return null;
            }
        }
        return switch (values.length) {
            case 1 -> values[0];
            case 2 -> values[0] << 24 | values[1];
            case 3 -> values[0] << 24 | values[1] << 16 | values[2];
            default -> values[0] << 24 | values[1] << 16 | values[2] << 8 | values[3];
        };
    }

    /** {@code INET_NTOA(n)}: the IPv4 address {@code a.b.c.d} of {@code n}; NULL outside [0, 2^32). */
    public static String inetNtoa(Long n) {
        if (n == null || n < 0 || n > 0xFFFFFFFFL) {
            return null;
        }
        return (n >> 24 & 0xFF) + "." + (n >> 16 & 0xFF) + "." + (n >> 8 & 0xFF) + "." + (n & 0xFF);
    }

    // ---- character classes (NULL gives false, as in Flink) ----

    /** {@code IS_ALPHA(str)}: whether {@code str} is not empty and all its characters are letters. */
    public static boolean isAlpha(String str) {
        return str != null && !str.isEmpty() && str.codePoints().allMatch(Character::isLetter);
    }

    /** {@code IS_ALPHA(number)}: false. */
    public static boolean isAlpha(Object number) {
        return number instanceof String s && isAlpha(s);
    }

    /** {@code IS_DIGIT(str)}: whether {@code str} is not empty and all its characters are (Unicode) digits. */
    public static boolean isDigit(String str) {
        return str != null && !str.isEmpty() && str.codePoints().allMatch(Character::isDigit);
    }

    /** {@code IS_DIGIT(number)}: true for an exact integer (TINYINT to BIGINT). */
    public static boolean isDigit(Long number) {
        return number != null;
    }

    /** {@code IS_DIGIT(number)}: false for DECIMAL and approximate numbers. */
    public static boolean isDigit(Object number) {
        return false;
    }

    /** {@code IS_DECIMAL(str)}: whether {@code str} parses as a Java int, long or double ('1e3', ' 1' and 'NaN' do). */
    public static boolean isDecimal(String str) {
        if (str == null || str.isEmpty()) {
            return false;
        }
        try {
            Double.parseDouble(str);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** {@code IS_DECIMAL(number)}: true for an integer or approximate number. */
    public static boolean isDecimal(Object number) {
        return number != null;
    }

    /** {@code IS_DECIMAL(decimal)}: false, as in Flink, whose DECIMAL values are no Java numbers. */
    public static boolean isDecimal(BigDecimal number) {
        return false;
    }
}
