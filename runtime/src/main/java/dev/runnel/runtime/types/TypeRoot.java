package dev.runnel.runtime.types;

/**
 * The SQL types the runtime understands, each with its internal Java representation in a
 * {@link dev.runnel.runtime.data.Row}. The representation follows Calcite's, so that code
 * generated from Calcite expressions reads and writes row fields without conversion:
 *
 * <ul>
 *   <li>BOOLEAN: {@link Boolean}; TINYINT: {@link Byte}; SMALLINT: {@link Short};
 *       INTEGER: {@link Integer}; BIGINT: {@link Long}</li>
 *   <li>FLOAT (4 bytes, Calcite's REAL): {@link Float}; DOUBLE: {@link Double}</li>
 *   <li>DECIMAL(p, s): {@link java.math.BigDecimal}</li>
 *   <li>CHAR, VARCHAR (STRING): {@link String}</li>
 *   <li>BINARY, VARBINARY (BYTES): {@code byte[]}</li>
 *   <li>DATE: {@link Integer}, days since 1970-01-01</li>
 *   <li>TIME(p): {@link Integer}, milliseconds of the day</li>
 *   <li>TIMESTAMP(p): {@link Long}, milliseconds since 1970-01-01 00:00:00 of a wall-clock
 *       date-time without time zone</li>
 *   <li>TIMESTAMP_LTZ(p): {@link Long}, epoch milliseconds of an instant</li>
 *   <li>ROW&lt;…&gt;: {@code Object[]} of the fields' internal values, which is what Calcite's
 *       generated field access ({@code SqlFunctions.structAccess}) reads</li>
 *   <li>ARRAY&lt;T&gt;: {@link java.util.List} of internal values of T ({@code null} elements
 *       allowed), Calcite's representation of arrays</li>
 *   <li>MULTISET&lt;T&gt;: {@link java.util.List} holding each element as often as it occurs
 *       (order without meaning), Calcite's representation of multisets; printed and written as
 *       Flink's element → count map</li>
 *   <li>MAP&lt;K, V&gt;: {@link java.util.Map} (insertion-ordered, {@code null} values and a
 *       {@code null} key allowed), Calcite's representation of maps</li>
 * </ul>
 * Inside a collection or a row the values have these representations too: a BINARY element is
 * a {@code byte[]} (generated code converts it to Calcite's {@code ByteString} and back).
 */
public enum TypeRoot {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INTEGER,
    BIGINT,
    FLOAT,
    DOUBLE,
    DECIMAL,
    CHAR,
    VARCHAR,
    BINARY,
    VARBINARY,
    DATE,
    TIME,
    TIMESTAMP,
    TIMESTAMP_LTZ,
    ROW,
    ARRAY,
    MULTISET,
    MAP;

    /** Whether values of this root are collections (ARRAY, MULTISET or MAP). */
    public boolean isCollection() {
        return this == ARRAY || this == MULTISET || this == MAP;
    }
}
