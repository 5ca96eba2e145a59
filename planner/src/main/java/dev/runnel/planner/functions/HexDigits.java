package dev.runnel.planner.functions;

/** Hexadecimal digits of bytes, as HEX, UNHEX and the hash functions write and read them. */
final class HexDigits {
    private static final char[] UPPER = "0123456789ABCDEF".toCharArray();
    private static final char[] LOWER = "0123456789abcdef".toCharArray();

    private HexDigits() {
    }

    /** Two upper-case digits per byte. */
    static String of(byte[] bytes) {
        return of(bytes, UPPER);
    }

    /** Two lower-case digits per byte (the hash functions). */
    static String lowerCase(byte[] bytes) {
        return of(bytes, LOWER);
    }

    private static String of(byte[] bytes, char[] digits) {
        char[] chars = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            chars[2 * i] = digits[(bytes[i] >> 4) & 0xF];
            chars[2 * i + 1] = digits[bytes[i] & 0xF];
        }
        return new String(chars);
    }

    /**
     * The bytes that {@code digits} spell, two hexadecimal digits (either case) per byte, counted
     * from the end. As in Flink, when the count is odd the first digit is checked but dropped: the
     * first byte is 0. NULL when a character is no ASCII hexadecimal digit.
     */
    static byte[] parse(String digits) {
        byte[] bytes = new byte[(digits.length() + 1) / 2];
        int odd = digits.length() % 2;
        if (odd == 1 && digit(digits.charAt(0)) < 0) {
            return null;
        }
        for (int i = odd; i < digits.length(); i += 2) {
            int high = digit(digits.charAt(i));
            int low = digit(digits.charAt(i + 1));
            if (high < 0 || low < 0) {
                return null;
            }
            bytes[(i + odd) / 2] = (byte) (high << 4 | low);
        }
        return bytes;
    }

    private static int digit(char c) {
        return c < 128 ? Character.digit(c, 16) : -1;
    }
}
