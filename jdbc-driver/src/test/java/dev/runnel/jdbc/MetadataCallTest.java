package dev.runnel.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The statement text that carries a metadata call to the gateway (read back in the gateway's tests). */
class MetadataCallTest {
    @Test
    void theTextNamesTheCallAndHasALinePerArgumentWithNullsMarked() {
        assertThat(MetadataCall.of("getPrimaryKeys", null, "my db", "t\n~").toSql())
                .isEqualTo("-- runnel:jdbc-metadata getPrimaryKeys\n~\nmy+db\nt%0A%7E");
    }

    @Test
    void onlyTheCallsAvaticasProtocolLacksAreSentThisWay() {
        assertThatThrownBy(() -> MetadataCall.of("getTables")).isInstanceOf(IllegalArgumentException.class);
    }
}
