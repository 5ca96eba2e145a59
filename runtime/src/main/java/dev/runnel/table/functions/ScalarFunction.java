package dev.runnel.table.functions;

/**
 * A user-defined scalar function: maps zero or more values to one value, called once per row.
 *
 * <p>A subclass declares one or more public, non-static methods named {@code eval}; overloads
 * are chosen by the argument types of each call, as Java would. Parameter and return types map
 * to SQL types as in Flink:
 * <table>
 *   <caption>Java types of eval and their SQL types</caption>
 *   <tr><th>Java</th><th>SQL</th></tr>
 *   <tr><td>{@code String}</td><td>STRING</td></tr>
 *   <tr><td>{@code boolean}, {@code Boolean}</td><td>BOOLEAN</td></tr>
 *   <tr><td>{@code byte}, {@code Byte}</td><td>TINYINT</td></tr>
 *   <tr><td>{@code short}, {@code Short}</td><td>SMALLINT</td></tr>
 *   <tr><td>{@code int}, {@code Integer}</td><td>INT</td></tr>
 *   <tr><td>{@code long}, {@code Long}</td><td>BIGINT</td></tr>
 *   <tr><td>{@code float}, {@code Float}</td><td>FLOAT</td></tr>
 *   <tr><td>{@code double}, {@code Double}</td><td>DOUBLE</td></tr>
 *   <tr><td>{@code java.math.BigDecimal}</td><td>DECIMAL(38, 18)</td></tr>
 *   <tr><td>{@code byte[]}</td><td>BYTES</td></tr>
 * </table>
 *
 * <p>NULL: a boxed or reference parameter receives {@code null}; when an argument for a
 * primitive parameter is NULL the method is not called and the result is NULL. Results are
 * always nullable; returning {@code null} gives SQL NULL.
 *
 * <pre>{@code
 * public class CountChar extends ScalarFunction {
 *     public long eval(String s, String c) { ... }
 * }
 * CREATE FUNCTION count_char AS 'com.example.CountChar';
 * }</pre>
 */
public abstract class ScalarFunction extends UserDefinedFunction {
    private static final long serialVersionUID = 1L;
}
