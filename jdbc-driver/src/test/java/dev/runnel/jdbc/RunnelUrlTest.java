package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RunnelUrlTest {

    @Test
    void hostAndPort() throws SQLException {
        assertThat(RunnelUrl.parse("jdbc:runnel://localhost:8765"))
                .isEqualTo(new RunnelUrl("localhost", 8765, Map.of()));
    }

    @Test
    void aTrailingSlashAndTheDefaultPort() throws SQLException {
        assertThat(RunnelUrl.parse("jdbc:runnel://gw.example.com/"))
                .isEqualTo(new RunnelUrl("gw.example.com", RunnelUrl.DEFAULT_PORT, Map.of()));
    }

    @Test
    void anIpv6AddressInBrackets() throws SQLException {
        assertThat(RunnelUrl.parse("jdbc:runnel://[::1]:9000").host()).isEqualTo("::1");
        assertThat(RunnelUrl.parse("jdbc:runnel://[::1]:9000").port()).isEqualTo(9000);
    }

    @Test
    void queryPropertiesKeepTheirOrderAndArePercentDecoded() throws SQLException {
        RunnelUrl url = RunnelUrl.parse(
                "jdbc:runnel://h:1/?user=al%C3%AFce&password=a%26b+c%3D&&table.exec.mini-batch.enabled=true&");
        assertThat(url.properties()).containsExactly(
                Map.entry("user", "alïce"),
                Map.entry("password", "a&b+c="),
                Map.entry("table.exec.mini-batch.enabled", "true"));
    }

    @Test
    void anEmptyValueIsAValue() throws SQLException {
        assertThat(RunnelUrl.parse("jdbc:runnel://h:1?password=").properties())
                .containsExactly(Map.entry("password", ""));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', textBlock = """
            jdbc:runnel:                            | '//' must follow 'jdbc:runnel:'
            jdbc:runnel:foo                         | '//' must follow 'jdbc:runnel:'
            jdbc:runnel:/h:1                        | '//' must follow 'jdbc:runnel:'
            jdbc:runnel://                          | no host
            jdbc:runnel://:8765                     | no host
            jdbc:runnel://h$x:1                     | bad host 'h$x'
            jdbc:runnel://-h:1                      | bad host '-h'
            jdbc:runnel://h:                        | no port after ':'
            jdbc:runnel://h:80a                     | bad port '80a'
            jdbc:runnel://h:-1                      | bad port '-1'
            jdbc:runnel://h:0                       | port 0 is out of range (1-65535)
            jdbc:runnel://h:65536                   | port 65536 is out of range (1-65535)
            jdbc:runnel://h:1234567                 | bad port '1234567'
            jdbc:runnel://h:1:2                     | bad port '1:2'
            jdbc:runnel://[::1                      | lacks its closing ']'
            jdbc:runnel://[::1]x                    | unexpected 'x' after the host
            jdbc:runnel://[zz]:1                    | bad IPv6 address 'zz'
            jdbc:runnel://bob@h:1                   | give it as the 'user' property
            jdbc:runnel://h:1/default               | unexpected path '/default'
            jdbc:runnel://h:1#frag                  | a fragment ('#') has no meaning here
            jdbc:runnel://h:1?ssl                   | 'ssl' is not key=value
            jdbc:runnel://h:1?=x                    | a property has no key
            jdbc:runnel://h:1?ssl=true&ssl=false    | property 'ssl' is given twice
            jdbc:runnel://h:1?user=a%zzb            | bad %-escape in the value of 'user'
            jdbc:runnel://h:1?user=a%4              | bad %-escape in the value of 'user'
            jdbc:runnel://h:1?us%2=a                | bad %-escape in a key
            jdbc:runnel://h:1?user=%C3              | the %-escapes in the value of 'user' are not UTF-8
            """)
    void aMalformedUrlSaysWhatIsWrongAndShowsTheExpectedForm(String url, String reason) {
        assertThatThrownBy(() -> RunnelUrl.parse(url))
                .isInstanceOf(SQLException.class)
                .hasMessageStartingWith("Malformed Runnel JDBC URL '" + url + "': ")
                .hasMessageContaining(reason)
                .hasMessageEndingWith("; expected jdbc:runnel://host:port[?key=value&...]")
                .extracting(e -> ((SQLException) e).getSQLState()).isEqualTo("08001");
    }

    @Test
    void aMalformedUrlDoesNotShowThePassword() {
        assertThatThrownBy(() -> RunnelUrl.parse("jdbc:runnel://h:x?user=bob&password=s3cret"))
                .hasMessageContaining("password=***")
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void acceptsOnlyRunnelUrls() {
        assertThat(RunnelUrl.accepts("jdbc:runnel://h:1")).isTrue();
        assertThat(RunnelUrl.accepts("jdbc:runnel:foo")).isTrue();
        assertThat(RunnelUrl.accepts("jdbc:avatica:remote:url=http://h:1")).isFalse();
        assertThat(RunnelUrl.accepts("jdbc:postgresql://h/db")).isFalse();
        assertThat(RunnelUrl.accepts(null)).isFalse();
    }
}
