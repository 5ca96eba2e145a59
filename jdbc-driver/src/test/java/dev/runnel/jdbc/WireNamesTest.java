package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Map;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;
import org.junit.jupiter.api.Test;

class WireNamesTest {

    private static final String RELOCATED = "dev.runnel.jdbc.shaded.avatica.proto.";

    @Test
    void theUpstreamPrefixIsAvaticasOwn() {
        assertThat(WireNames.UPSTREAM_PREFIX)
                .isEqualTo(org.apache.calcite.avatica.proto.Requests.class.getPackageName() + ".");
    }

    @Test
    void requestsLeaveWithTheWireNameAndResponsesComeBackToTheLocalOne() throws IOException {
        // Unshaded, the local classes are upstream's: pretend the wire spells them otherwise.
        String local = WireNames.UPSTREAM_PREFIX;
        WireNames names = new WireNames(new ProtobufTranslationImpl(), local, RELOCATED);

        byte[] request = names.serializeRequest(new Service.OpenConnectionRequest("c1", Map.of("user", "bob")));
        assertThat(WireMessage.parseFrom(request).getName())
                .isEqualTo(RELOCATED + "Requests$OpenConnectionRequest");
        Service.Request back = names.parseRequest(request);
        assertThat(back).isEqualTo(new Service.OpenConnectionRequest("c1", Map.of("user", "bob")));

        Service.Response response = new Service.OpenConnectionResponse(new Service.RpcMetadataResponse("gw"));
        byte[] wire = names.serializeResponse(response);
        assertThat(WireMessage.parseFrom(wire).getName()).startsWith(RELOCATED);
        assertThat(names.parseResponse(wire)).isEqualTo(response);
    }

    @Test
    void unshadedThereIsNothingToRename() throws IOException {
        assertThat(WireNames.forThisJar()).isInstanceOf(FetchDecoder.class);
    }
}
