package dev.runnel.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URL;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.calcite.avatica.remote.AvaticaCommonsHttpClientImpl;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.routing.RoutingSupport;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.HttpException;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;

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
    private static final int INITIAL_READ_BUFFER = 8192;

    private final AtomicReference<byte[]> readBuffer = new AtomicReference<>();

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
                        return read(response.getEntity());
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

    /**
     * The answer's bytes. The gateway sends large answers (a frame of rows) chunked, without a
     * length, so reading them the usual way grows a buffer by doubling for every answer, and on a
     * small heap each large step is a humongous allocation and soon a collection. The buffer here
     * stays with the client, as large as its largest answer; a call made while another reads (a
     * cancel from another thread) takes a buffer of its own.
     */
    private byte[] read(HttpEntity entity) throws IOException {
        byte[] buffer = readBuffer.getAndSet(null);
        if (buffer == null) {
            buffer = new byte[INITIAL_READ_BUFFER];
        }
        int length = 0;
        try (InputStream in = entity.getContent()) {
            for (int n; (n = in.read(buffer, length, buffer.length - length)) != -1; ) {
                length += n;
                if (length == buffer.length) {
                    buffer = Arrays.copyOf(buffer, 2 * buffer.length);
                }
            }
            return Arrays.copyOf(buffer, length);
        } finally {
            readBuffer.set(buffer);
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
