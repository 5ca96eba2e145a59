package dev.runnel.runtime.rpc;

import java.net.InetAddress;
import java.net.UnknownHostException;

/** The names of this machine that processes tell each other, so that a user can find them. */
final class RpcHosts {
    private RpcHosts() {
    }

    /** This machine's host name, or {@code localhost} when it has none that resolves. */
    static String localHostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "localhost";
        }
    }
}
