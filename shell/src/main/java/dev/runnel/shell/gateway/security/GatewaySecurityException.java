package dev.runnel.shell.gateway.security;

/**
 * The gateway's security cannot be set up as asked: a user file that is missing, empty or
 * malformed, a password file or keystore that cannot be read, a non-loopback address without
 * authentication. The message is for the user: it names the option, file or line to fix.
 */
public final class GatewaySecurityException extends RuntimeException {
    public GatewaySecurityException(String message) {
        super(message);
    }

    public GatewaySecurityException(String message, Throwable cause) {
        super(message, cause);
    }
}
