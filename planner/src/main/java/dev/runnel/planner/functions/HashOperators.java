package dev.runnel.planner.functions;

import static dev.runnel.planner.functions.Declarations.byRepresentation;
import static dev.runnel.planner.functions.Declarations.explicit;

import java.util.List;
import org.apache.calcite.sql.SqlOperator;
import org.apache.calcite.sql.type.OperandTypes;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.sql.type.SqlTypeTransforms;

/**
 * Flink's hash functions, implemented by {@link HashFunctions}: each takes a character or binary
 * string and returns its digest as CHAR(2 × digest bytes) ({@code SHA2} as VARCHAR(128)).
 */
final class HashOperators {
    static final SqlOperator MD5 = digest("MD5", 32);
    static final SqlOperator SHA1 = digest("SHA1", 40);
    static final SqlOperator SHA224 = digest("SHA224", 56);
    static final SqlOperator SHA256 = digest("SHA256", 64);
    static final SqlOperator SHA384 = digest("SHA384", 96);
    static final SqlOperator SHA512 = digest("SHA512", 128);
    static final SqlOperator SHA2 = byRepresentation(HashFunctions.class, "SHA2",
            explicit(SqlTypeName.VARCHAR, 128).andThen(SqlTypeTransforms.TO_NULLABLE),
            OperandTypes.family(SqlTypeFamily.STRING, SqlTypeFamily.INTEGER));

    static final List<SqlOperator> ALL = List.of(MD5, SHA1, SHA224, SHA256, SHA384, SHA512, SHA2);

    private HashOperators() {
    }

    private static SqlOperator digest(String name, int digits) {
        return byRepresentation(HashFunctions.class, name,
                explicit(SqlTypeName.CHAR, digits).andThen(SqlTypeTransforms.TO_NULLABLE),
                OperandTypes.family(SqlTypeFamily.STRING));
    }
}
