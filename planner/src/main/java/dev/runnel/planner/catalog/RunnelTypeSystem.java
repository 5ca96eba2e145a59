package dev.runnel.planner.catalog;

import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeFactory;
import org.apache.calcite.rel.type.RelDataTypeSystemImpl;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql.type.SqlTypeName;

/**
 * Calcite's type system adjusted to Flink's limits: VARCHAR and VARBINARY may be as long as
 * {@link Integer#MAX_VALUE} (Flink's STRING and BYTES), DECIMAL holds up to 38 digits, and
 * TIMESTAMP/TIME carry up to 9 fractional digits (TIMESTAMP defaults to 6, TIME to 0).
 */
public final class RunnelTypeSystem extends RelDataTypeSystemImpl {
    public static final RunnelTypeSystem INSTANCE = new RunnelTypeSystem();
    public static final int MAX_DECIMAL_PRECISION = 38;
    public static final int MAX_TIME_PRECISION = 9;

    private RunnelTypeSystem() {
    }

    @Override
    public int getMaxPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            case VARCHAR, CHAR, VARBINARY, BINARY -> Integer.MAX_VALUE;
            case DECIMAL -> MAX_DECIMAL_PRECISION;
            case TIME, TIME_WITH_LOCAL_TIME_ZONE, TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> MAX_TIME_PRECISION;
            default -> super.getMaxPrecision(typeName);
        };
    }

    @Override
    public int getMaxScale(SqlTypeName typeName) {
        return typeName == SqlTypeName.DECIMAL ? MAX_DECIMAL_PRECISION : super.getMaxScale(typeName);
    }

    @Override
    public int getDefaultPrecision(SqlTypeName typeName) {
        return switch (typeName) {
            // Unsized VARCHAR (as in CAST(x AS VARCHAR)) means STRING, so that casts never truncate.
            case VARCHAR, VARBINARY -> Integer.MAX_VALUE;
            case TIMESTAMP, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> 6;
            case TIME, TIME_WITH_LOCAL_TIME_ZONE -> 0;
            default -> super.getDefaultPrecision(typeName);
        };
    }

    /** As Flink: SUM of DECIMAL(p, s) is DECIMAL(38, s); of other types, the argument's type. */
    @Override
    public RelDataType deriveSumType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (argumentType.getSqlTypeName() != SqlTypeName.DECIMAL) {
            return super.deriveSumType(typeFactory, argumentType);
        }
        return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL,
                MAX_DECIMAL_PRECISION, argumentType.getScale()), argumentType.isNullable());
    }

    /** As Flink: AVG of DECIMAL(p, s) is DECIMAL(38, max(6, s)); of other types, the argument's type. */
    @Override
    public RelDataType deriveAvgAggType(RelDataTypeFactory typeFactory, RelDataType argumentType) {
        if (argumentType.getSqlTypeName() != SqlTypeName.DECIMAL) {
            return super.deriveAvgAggType(typeFactory, argumentType);
        }
        return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL,
                MAX_DECIMAL_PRECISION, Math.max(6, argumentType.getScale())), argumentType.isNullable());
    }

    /**
     * Flink's type of a decimal division (integers count as DECIMAL(10, 0) and so on): scale
     * {@code max(6, s1 + p2 + 1)}, precision {@code p1 - s1 + s2 + scale}; above 38 digits the
     * precision is 38 and the scale gives way down to {@code min(scale, 6)}, keeping the integral
     * digits. Null (Calcite's rule) when neither operand is a decimal.
     */
    @Override
    public RelDataType deriveDecimalDivideType(RelDataTypeFactory typeFactory, RelDataType type1,
                                               RelDataType type2) {
        if (!SqlTypeUtil.isExactNumeric(type1) || !SqlTypeUtil.isExactNumeric(type2)
                || (!SqlTypeUtil.isDecimal(type1) && !SqlTypeUtil.isDecimal(type2))) {
            return null;
        }
        RelDataType d1 = typeFactory.decimalOf(type1);
        RelDataType d2 = typeFactory.decimalOf(type2);
        int scale = Math.max(6, d1.getScale() + d2.getPrecision() + 1);
        int precision = d1.getPrecision() - d1.getScale() + d2.getScale() + scale;
        return flinkDecimal(typeFactory, precision, scale, type1.isNullable() || type2.isNullable());
    }

    /**
     * Flink's type of a decimal multiplication: precision {@code p1 + p2 + 1}, scale
     * {@code s1 + s2}, adjusted to 38 digits as for division. Null (Calcite's rule) when neither
     * operand is a decimal.
     */
    @Override
    public RelDataType deriveDecimalMultiplyType(RelDataTypeFactory typeFactory, RelDataType type1,
                                                 RelDataType type2) {
        if (!SqlTypeUtil.isExactNumeric(type1) || !SqlTypeUtil.isExactNumeric(type2)
                || (!SqlTypeUtil.isDecimal(type1) && !SqlTypeUtil.isDecimal(type2))) {
            return null;
        }
        RelDataType d1 = typeFactory.decimalOf(type1);
        RelDataType d2 = typeFactory.decimalOf(type2);
        return flinkDecimal(typeFactory, d1.getPrecision() + d2.getPrecision() + 1, d1.getScale() + d2.getScale(),
                type1.isNullable() || type2.isNullable());
    }

    /*
     * Above 38 digits the precision is 38 and the scale gives way down to min(scale, 6), keeping
     * the integral digits (Flink's LogicalTypeMerging.adjustPrecisionScale).
     */
    private static RelDataType flinkDecimal(RelDataTypeFactory typeFactory, int precision, int scale,
                                            boolean nullable) {
        if (precision > MAX_DECIMAL_PRECISION) {
            int integral = precision - scale;
            scale = Math.max(MAX_DECIMAL_PRECISION - integral, Math.min(scale, 6));
            precision = MAX_DECIMAL_PRECISION;
        }
        return typeFactory.createTypeWithNullability(typeFactory.createSqlType(SqlTypeName.DECIMAL, precision, scale),
                nullable);
    }

    @Override
    public boolean shouldConvertRaggedUnionTypesToVarying() {
        // VALUES ('a'), ('bb') gives VARCHAR rather than space-padded CHAR, as in Flink.
        return true;
    }
}
