package dev.runnel.sql.parser.ddl;

import java.util.List;
import java.util.Locale;
import org.apache.calcite.sql.SqlCall;
import org.apache.calcite.sql.SqlIdentifier;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.SqlSpecialOperator;
import org.apache.calcite.sql.SqlWriter;
import org.apache.calcite.sql.parser.SqlParserPos;

/**
 * {@code LIKE source [( {INCLUDING | EXCLUDING | OVERWRITING} feature ... )]} of
 * {@code CREATE TABLE}, as in Flink: the options are kept in the order written; what they mean
 * together (later options win, defaults) is the planner's business.
 */
public final class SqlTableLike extends SqlCall {

  public static final SqlSpecialOperator OPERATOR =
      new SqlSpecialOperator("LIKE", SqlKind.OTHER);

  /** How a feature of the source table is merged. */
  public enum MergingStrategy { INCLUDING, EXCLUDING, OVERWRITING }

  /** What a like option applies to. */
  public enum Feature { ALL, CONSTRAINTS, GENERATED, METADATA, OPTIONS, PARTITIONS, WATERMARKS }

  /** One {@code strategy feature} pair, with its position. */
  public record LikeOption(MergingStrategy strategy, Feature feature, SqlParserPos pos) {
    @Override public String toString() {
      return strategy + " " + feature;
    }
  }

  private final SqlIdentifier source;
  private final List<LikeOption> options;

  public SqlTableLike(SqlParserPos pos, SqlIdentifier source, List<LikeOption> options) {
    super(pos);
    this.source = source;
    this.options = List.copyOf(options);
  }

  /** Builds an option from the words the parser read. */
  public static LikeOption option(String strategy, String feature, SqlParserPos pos) {
    return new LikeOption(MergingStrategy.valueOf(strategy.toUpperCase(Locale.ROOT)),
        Feature.valueOf(feature.toUpperCase(Locale.ROOT)), pos);
  }

  public SqlIdentifier source() {
    return source;
  }

  /** The options in the order written (empty when there are no parentheses). */
  public List<LikeOption> options() {
    return options;
  }

  @Override public SqlOperator getOperator() {
    return OPERATOR;
  }

  @Override public List<SqlNode> getOperandList() {
    return List.of(source);
  }

  @Override public void unparse(SqlWriter writer, int leftPrec, int rightPrec) {
    writer.keyword("LIKE");
    source.unparse(writer, 0, 0);
    if (!options.isEmpty()) {
      var frame = writer.startList("(", ")");
      for (LikeOption option : options) {
        writer.keyword(option.strategy().name());
        writer.keyword(option.feature().name());
      }
      writer.endList(frame);
    }
  }
}
