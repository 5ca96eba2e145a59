package dev.runnel.sql.parser.type;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlBasicTypeNameSpec;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * A Flink type name that stands for a Calcite basic type: it derives the Calcite type and
 * unparses as the name the user wrote, so {@code STRING} stays {@code STRING} in unparsed SQL.
 *
 * <ul>
 *   <li>{@code STRING} = {@code VARCHAR(Integer.MAX_VALUE)}</li>
 *   <li>{@code BYTES} = {@code VARBINARY(Integer.MAX_VALUE)}</li>
 *   <li>{@code FLOAT} = {@code REAL}: Flink's FLOAT is a 4-byte float, Calcite's FLOAT a double</li>
 *   <li>{@code TIMESTAMP_LTZ(p)} = {@code TIMESTAMP(p) WITH LOCAL TIME ZONE}</li>
 * </ul>
 */
public final class SqlAliasedTypeNameSpec extends SqlBasicTypeNameSpec {

  private final String alias;
  private final boolean unparsesPrecision;

  private SqlAliasedTypeNameSpec(String alias, SqlTypeName typeName, int precision,
      boolean unparsesPrecision, SqlParserPos pos) {
    super(typeName, precision, pos);
    this.alias = alias;
    this.unparsesPrecision = unparsesPrecision;
  }

  public static SqlAliasedTypeNameSpec string(SqlParserPos pos) {
    return new SqlAliasedTypeNameSpec("STRING", SqlTypeName.VARCHAR, Integer.MAX_VALUE, false, pos);
  }

  public static SqlAliasedTypeNameSpec bytes(SqlParserPos pos) {
    return new SqlAliasedTypeNameSpec("BYTES", SqlTypeName.VARBINARY, Integer.MAX_VALUE, false,
        pos);
  }

  /** Flink's 4-byte FLOAT, which is Calcite's REAL. */
  public static SqlAliasedTypeNameSpec flinkFloat(SqlParserPos pos) {
    return new SqlAliasedTypeNameSpec("FLOAT", SqlTypeName.REAL,
        RelDataType.PRECISION_NOT_SPECIFIED, false, pos);
  }

  /** {@code precision} is {@link RelDataType#PRECISION_NOT_SPECIFIED} when omitted. */
  public static SqlAliasedTypeNameSpec timestampLtz(int precision, SqlParserPos pos) {
    return new SqlAliasedTypeNameSpec("TIMESTAMP_LTZ", SqlTypeName.TIMESTAMP_WITH_LOCAL_TIME_ZONE,
        precision, true, pos);
  }

  /** The type name as written: STRING, BYTES, FLOAT or TIMESTAMP_LTZ. */
  public String alias() {
    return alias;
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword(alias);
    if (unparsesPrecision && getPrecision() != RelDataType.PRECISION_NOT_SPECIFIED) {
      var frame = writer.startList(SqlWriter.FrameTypeEnum.FUN_CALL, "(", ")");
      writer.print(getPrecision());
      writer.endList(frame);
    }
  }
}
