package dev.runnel.jdbc;

import java.io.IOException;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.proto.Requests;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's PROTOBUF translation with the message names on the wire kept as upstream Avatica
 * spells them.
 *
 * <p>Avatica names each message on the wire by its Java class
 * ({@code org.apache.calcite.avatica.proto.Requests$OpenConnectionRequest}). In the shaded jar
 * those classes live under {@code dev.runnel.jdbc.shaded.avatica.proto}, and the shade plugin
 * rewrites the string constants with them, so without this a relocated client would send
 * names the gateway does not know. This renames the relocated prefix to the upstream one on
 * the way out and back on the way in; unshaded, it renames nothing.
 */
final class WireNames implements ProtobufTranslation {

    /**
     * Spelled in pieces so that the shade plugin, which relocates string constants, leaves it be.
     */
    static final String UPSTREAM_PREFIX =
            String.join(".", "org", "apache", "calcite", "avatica", "proto") + ".";

    private final ProtobufTranslation delegate;
    private final String localPrefix;
    private final String wirePrefix;

    WireNames(ProtobufTranslation delegate, String localPrefix, String wirePrefix) {
        this.delegate = delegate;
        this.localPrefix = localPrefix;
        this.wirePrefix = wirePrefix;
    }

    /** The translation for this jar: relocated or not, upstream names on the wire, fetches read fast. */
    static ProtobufTranslation forThisJar() {
        String local = Requests.class.getPackageName() + ".";
        ProtobufTranslation avatica = new FetchDecoder(new ProtobufTranslationImpl());
        return local.equals(UPSTREAM_PREFIX) ? avatica : new WireNames(avatica, local, UPSTREAM_PREFIX);
    }

    @Override
    public byte[] serializeRequest(Service.Request request) throws IOException {
        return rename(delegate.serializeRequest(request), localPrefix, wirePrefix);
    }

    @Override
    public Service.Response parseResponse(byte[] bytes) throws IOException {
        return delegate.parseResponse(rename(bytes, wirePrefix, localPrefix));
    }

    @Override
    public byte[] serializeResponse(Service.Response response) throws IOException {
        return rename(delegate.serializeResponse(response), localPrefix, wirePrefix);
    }

    @Override
    public Service.Request parseRequest(byte[] bytes) throws IOException {
        return delegate.parseRequest(rename(bytes, wirePrefix, localPrefix));
    }

    /** Only the envelope is parsed again; the wrapped message stays opaque bytes. */
    static byte[] rename(byte[] wire, String from, String to) throws IOException {
        WireMessage message = WireMessage.parseFrom(wire);
        String name = message.getName();
        if (!name.startsWith(from)) {
            return wire;
        }
        return message.toBuilder().setName(to + name.substring(from.length())).build().toByteArray();
    }
}
