package dev.runnel.jdbc;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.ConnectionConfig;
import org.apache.calcite.avatica.remote.AvaticaHttpClient;
import org.apache.calcite.avatica.remote.RemoteProtobufService;
import org.apache.calcite.avatica.remote.Service;

/**
 * The {@link Service} behind each Runnel connection: Avatica's PROTOBUF remote service over its
 * HTTP client, with {@link WireNames} so that the relocated classes speak upstream Avatica.
 * Avatica's remote driver instantiates it by name (its {@code factory} property).
 */
public final class GatewayServiceFactory implements Service.Factory {

    public GatewayServiceFactory() {
    }

    @Override
    public Service create(AvaticaConnection connection) {
        ConnectionConfig config = connection.config();
        URL url;
        try {
            url = new URI(config.url()).toURL();
        } catch (URISyntaxException | MalformedURLException e) {
            throw new IllegalArgumentException("Bad gateway URL " + config.url(), e);
        }
        AvaticaHttpClient http = config.httpClientFactory()
                .getClient(url, config, connection.getKerberosConnection());
        return new RemoteProtobufService(http, WireNames.forThisJar());
    }
}
