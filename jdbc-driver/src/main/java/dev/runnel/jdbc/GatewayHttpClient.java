package dev.runnel.jdbc;

import java.net.HttpURLConnection;
import java.net.URL;
import org.apache.calcite.avatica.remote.AvaticaCommonsHttpClientImpl;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.routing.RoutingSupport;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.http.io.entity.EntityUtils;

/**
 * Avatica's HTTP client with a bounded send loop.
 *
 * <p>Avatica's own {@code send} retries for ever while the server answers 503 or closes the
 * connection without an answer, spinning a core, so a port that is not a gateway could hang a
 * tool. This one tries {@value #ATTEMPTS} times, then fails. Everything else (pooling, TLS,
 * BASIC authentication, timeouts) is Avatica's. Avatica instantiates it by name, through the
 * {@code httpclient_impl} property, with the URL constructor.
 */
public class GatewayHttpClient extends AvaticaCommonsHttpClientImpl {

    static final int ATTEMPTS = 3;
    private static final long BACKOFF_MILLIS = 100;

    @SuppressWarnings("deprecation") // the constructor Avatica's client factory calls
    public GatewayHttpClient(URL url) {
        super(url);
    }

    @Override
    public byte[] send(byte[] request) {
        for (int attempt = 1; ; attempt++) {
            HttpPost post = new HttpPost(uri);
            post.setEntity(new ByteArrayEntity(request, ContentType.APPLICATION_OCTET_STREAM));
            try {
                if (httpHost == null) {
                    httpHost = RoutingSupport.determineHost(post);
                }
                try (ClassicHttpResponse response = client.executeOpen(httpHost, post, context)) {
                    int status = response.getCode();
                    // Avatica carries its errors (ErrorResponse) in 500 answers.
                    if (status == HttpURLConnection.HTTP_OK || status == HttpURLConnection.HTTP_INTERNAL_ERROR) {
                        userToken = context.getUserToken();
                        return EntityUtils.toByteArray(response.getEntity());
                    }
                    if (status != HttpURLConnection.HTTP_UNAVAILABLE || attempt == ATTEMPTS) {
                        // GatewayErrors reads the status from this wording, which is Avatica's.
                        throw new RuntimeException("Failed to execute HTTP Request, got HTTP/" + status);
                    }
                }
            } catch (NoHttpResponseException e) {
                if (attempt == ATTEMPTS) {
                    throw new RuntimeException(e);
                }
            } catch (HttpException e) {
                throw new RuntimeException("Could not determine the HTTP host from " + uri, e);
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new RuntimeException(e);
            }
            backOff(attempt);
        }
    }

    private static void backOff(int attempt) {
        try {
            Thread.sleep(BACKOFF_MILLIS * attempt);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RuntimeException("Interrupted while retrying the gateway", e);
        }
    }
}
