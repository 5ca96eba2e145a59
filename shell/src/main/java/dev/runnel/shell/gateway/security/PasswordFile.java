package dev.runnel.shell.gateway.security;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * A password read from a file rather than the command line, where other users of the machine
 * would see it ({@code ps}) and shells would keep it in their history: the file's first line
 * (UTF-8), without its line end; {@code -} reads standard input the same way.
 */
public final class PasswordFile {
    public static final String STDIN = "-";

    private PasswordFile() {
    }

    /**
     * The password in {@code name}.
     *
     * @param option the option that named the file, for the error message
     * @throws GatewaySecurityException when the file cannot be read or its first line is empty
     */
    public static char[] read(String name, InputStream stdin, String option) {
        String source = name.equals(STDIN) ? "standard input" : name;
        byte[] bytes;
        try {
            bytes = name.equals(STDIN) ? stdin.readAllBytes() : Files.readAllBytes(Path.of(name));
        } catch (IOException | InvalidPathException e) {
            throw new GatewaySecurityException("Cannot read the password file " + source + " (" + option + "): " + e);
        }
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes));
            char[] text = chars.array(); // may be longer than the text: stop at limit()
            int end = 0;
            while (end < chars.limit() && text[end] != '\n' && text[end] != '\r') {
                end++;
            }
            char[] password = Arrays.copyOf(text, end);
            Arrays.fill(text, '\0');
            if (password.length == 0) {
                throw new GatewaySecurityException("The password file " + source + " (" + option
                        + ") is empty: its first line is the password");
            }
            return password;
        } catch (CharacterCodingException e) {
            throw new GatewaySecurityException("The password file " + source + " (" + option + ") is not UTF-8 text");
        } finally {
            Arrays.fill(bytes, (byte) 0);
        }
    }

    /** The chars of {@code password}, for APIs that take only strings (Jetty's keystore password). */
    static String asString(char[] password) {
        return CharBuffer.wrap(password).toString();
    }
}
