package dev.runnel.planner.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.calcite.avatica.util.ByteString;
import org.junit.jupiter.api.Test;

/** Flink's hash and JSON functions. */
class HashAndJsonFunctionsTest {
    @Test
    void hashesAreLowerCaseHexOfUtf8OrOfBytes() {
        assertThat(HashFunctions.md5("")).isEqualTo("d41d8cd98f00b204e9800998ecf8427e");
        assertThat(HashFunctions.sha1(new ByteString(new byte[0]))).isEqualTo("da39a3ee5e6b4b0d3255bfef95601890afd80709");
        assertThat(HashFunctions.sha224("")).startsWith("d14a028c2a3a2bc9476102bb288").hasSize(56);
        assertThat(HashFunctions.sha2("abc", 256L)).isEqualTo(HashFunctions.sha256("abc"));
        assertThat(HashFunctions.sha512("é")).hasSize(128);
        assertThat(HashFunctions.sha2("abc", null)).isNull();
        assertThatThrownBy(() -> HashFunctions.sha2("abc", 100L)).hasMessage("Unsupported algorithm: SHA-100");
    }

    @Test
    void jsonQuoteEscapesAsFlinkAndUnquoteUndoesIt() {
        assertThat(JsonFunctions.jsonQuote("a\"b\\/\n")).isEqualTo("\"a\\\"b\\\\\\/\\n\"");
        assertThat(JsonFunctions.jsonQuote("é")).isEqualTo("\"\\u00e9\"");
        assertThat(JsonFunctions.jsonQuote("")).isEqualTo("\"\"");
        assertThat(JsonFunctions.jsonUnquote("\"a\\\"b\"")).isEqualTo("a\"b");
        assertThat(JsonFunctions.jsonUnquote("\"\\u00e9\"")).isEqualTo("é");
        assertThat(JsonFunctions.jsonUnquote("\"a")).isEqualTo("\"a");
        assertThat(JsonFunctions.jsonUnquote("\"\\x\"")).isEqualTo("\"\\x\"");
        assertThat(JsonFunctions.jsonUnquote("abc")).isEqualTo("abc");
        assertThat(JsonFunctions.jsonUnquote("123")).isEqualTo("123");
        assertThat(JsonFunctions.jsonUnquote(null)).isNull();
    }

    @Test
    void jsonStringWritesEachTypeAsFlink() {
        assertThat(JsonFunctions.jsonString("a\"b", "S")).isEqualTo("\"a\\\"b\"");
        assertThat(JsonFunctions.jsonString(1e20, "F")).isEqualTo("1.0E+20");
        assertThat(JsonFunctions.jsonString(0.1f, "F")).isEqualTo("0.10000000149011612");
        assertThat(JsonFunctions.jsonString(1_704_070_923_400L, "T")).isEqualTo("\"2024-01-01T01:02:03.4\"");
        assertThat(JsonFunctions.jsonString(0L, "Z")).isEqualTo("\"1970-01-01T00:00:00Z\"");
        assertThat(JsonFunctions.jsonString(new ByteString(new byte[] {1, 2}), "X")).isEqualTo("\"AQI=\"");
        assertThat(JsonFunctions.jsonString(new Object[] {1, null}, "R(1:b=N,1:a=S)")).isEqualTo("{\"a\":null,\"b\":1}");
        assertThat(JsonFunctions.jsonString(null, "S")).isNull();
    }

    @Test
    void constructorsSortKeysDeeplyAndKeepDecimals() {
        assertThat(JsonFunctions.jsonSortKeys("{\"b\":{\"z\":1,\"a\":[{\"y\":1.50,\"x\":1.0E+20}]},\"a\":null}"))
                .isEqualTo("{\"a\":null,\"b\":{\"a\":[{\"x\":1.0E+20,\"y\":1.50}],\"z\":1}}");
        assertThat(JsonFunctions.jsonText("[1, 2]")).isEqualTo("[1, 2]");
        assertThatThrownBy(() -> JsonFunctions.jsonText("invalid"))
                .hasMessage("Invalid JSON string in JSON(value) function: \"invalid\"");
    }
}
