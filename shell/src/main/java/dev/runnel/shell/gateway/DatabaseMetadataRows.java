package dev.runnel.shell.gateway;

import dev.runnel.planner.catalog.CatalogTable;
import dev.runnel.planner.catalog.CatalogView;
import dev.runnel.planner.catalog.TableColumn;
import dev.runnel.planner.functions.FunctionName;
import dev.runnel.planner.session.SessionMetadata;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.sql.DatabaseMetaData;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The rows of JDBC's {@code DatabaseMetaData} result sets, read from a session's
 * {@link SessionMetadata}: the same catalogs, databases (JDBC schemas), tables, views and columns
 * that {@code SHOW} and {@code DESCRIBE} show in that session. Each row is one of the classes
 * below, whose public fields are the JDBC columns in order (Avatica names them:
 * {@code tableCat} is {@code TABLE_CAT}).
 */
final class DatabaseMetadataRows {
    static final String TABLE = "TABLE";
    static final String VIEW = "VIEW";

    private final SessionMetadata metadata;

    DatabaseMetadataRows(SessionMetadata metadata) {
        this.metadata = metadata;
    }

    List<Object> catalogs() {
        List<Object> rows = new ArrayList<>();
        for (String catalog : metadata.catalogs()) {
            rows.add(new CatalogRow(catalog));
        }
        return rows;
    }

    List<Object> schemas(String catalog, String schemaPattern) {
        List<Object> rows = new ArrayList<>();
        Pattern schemas = like(schemaPattern);
        for (String c : catalogs(catalog)) {
            for (String database : metadata.databases(c)) {
                if (schemas.matcher(database).matches()) {
                    rows.add(new SchemaRow(database, c));
                }
            }
        }
        return rows;
    }

    List<Object> tables(String catalog, String schemaPattern, String tablePattern, List<String> types) {
        boolean tables = types == null || types.stream().anyMatch(TABLE::equalsIgnoreCase);
        boolean views = types == null || types.stream().anyMatch(VIEW::equalsIgnoreCase);
        Pattern names = like(tablePattern);
        List<Object> rows = new ArrayList<>();
        forEachDatabase(catalog, schemaPattern, (c, database) -> {
            if (tables) {
                for (String name : metadata.tables(c, database)) {
                    Optional<CatalogTable> table = metadata.describeTable(c, database, name);
                    if (names.matcher(name).matches() && table.isPresent()) {
                        rows.add(new TableRow(c, database, name, TABLE, table.get().comment()));
                    }
                }
            }
            if (views) {
                for (String name : metadata.views(c, database)) {
                    if (names.matcher(name).matches()) {
                        rows.add(new TableRow(c, database, name, VIEW,
                                metadata.describeView(c, database, name).map(CatalogView::comment).orElse(null)));
                    }
                }
            }
        });
        return rows;
    }

    List<Object> columns(String catalog, String schemaPattern, String tablePattern, String columnPattern) {
        Pattern names = like(tablePattern);
        Pattern columnNames = like(columnPattern);
        List<Object> rows = new ArrayList<>();
        forEachDatabase(catalog, schemaPattern, (c, database) -> {
            List<String> objects = new ArrayList<>(metadata.tables(c, database));
            objects.addAll(metadata.views(c, database));
            for (String name : objects) {
                if (!names.matcher(name).matches()) {
                    continue;
                }
                Optional<CatalogView> view = metadata.describeView(c, database, name);
                List<ColumnRow> columns = view.isPresent() ? viewColumns(c, database, name, view.get().schema())
                        : metadata.describeTable(c, database, name).map(t -> tableColumns(c, database, t))
                                .orElse(List.of());
                for (ColumnRow column : columns) {
                    if (columnNames.matcher(column.columnName).matches()) {
                        rows.add(column);
                    }
                }
            }
        });
        return rows;
    }

    List<Object> primaryKeys(String catalog, String schema, String table) {
        List<Object> rows = new ArrayList<>();
        forEachDatabase(catalog, schema == null ? null : likeLiteral(schema), (c, database) -> {
            if (table == null) {
                return;
            }
            metadata.describeTable(c, database, table).filter(t -> t.primaryKey() != null).ifPresent(t -> {
                List<String> key = t.primaryKey().columns();
                for (int i = 0; i < key.size(); i++) {
                    rows.add(new PrimaryKeyRow(c, database, table, key.get(i), (short) (i + 1), t.primaryKey().name()));
                }
            });
        });
        return rows;
    }

    List<Object> functions(String catalog, String schemaPattern, String functionPattern) {
        Pattern names = like(functionPattern);
        List<Object> rows = new ArrayList<>();
        String c = metadata.currentCatalog();
        if (catalog != null && !catalog.isEmpty() && !catalog.equals(c)) {
            return rows;
        }
        for (FunctionName function : metadata.functions()) {
            if (names.matcher(function.name()).matches()) {
                rows.add(new FunctionRow(null, null, function.name(), null,
                        (short) DatabaseMetaData.functionResultUnknown, function.name()));
            }
        }
        return rows;
    }

    private List<ColumnRow> tableColumns(String catalog, String database, CatalogTable table) {
        List<ColumnRow> rows = new ArrayList<>();
        int position = 1;
        for (TableColumn column : table.columns()) {
            String generated = column instanceof TableColumn.Computed ? "YES" : "NO";
            String definition = column instanceof TableColumn.Computed computed ? computed.expression()
                    : column instanceof TableColumn.Metadata m ? "METADATA FROM '" + m.key() + "'"
                            + (m.isVirtual() ? " VIRTUAL" : "") : null;
            rows.add(new ColumnRow(catalog, database, table.name(), column.name(), column.type(), column.comment(),
                    definition, position++, generated));
        }
        return rows;
    }

    private static List<ColumnRow> viewColumns(String catalog, String database, String view, RowType schema) {
        List<ColumnRow> rows = new ArrayList<>();
        for (int i = 0; i < schema.arity(); i++) {
            rows.add(new ColumnRow(catalog, database, view, schema.name(i), schema.type(i), null, null, i + 1, "NO"));
        }
        return rows;
    }

    /** The types a column can have, for {@code getTypeInfo}, ordered by JDBC type code as JDBC asks. */
    static List<Object> typeInfo() {
        List<Object> rows = new ArrayList<>();
        for (TypeRoot root : TypeRoot.values()) {
            DataType type = switch (root) {
                case DECIMAL -> DataType.decimal(38, 18);
                case TIMESTAMP, TIMESTAMP_LTZ -> DataType.of(root, 9);
                case ROW, ARRAY, MULTISET, MAP -> null;
                default -> DataType.of(root);
            };
            if (type == null) {
                continue;
            }
            boolean text = root == TypeRoot.CHAR || root == TypeRoot.VARCHAR;
            rows.add(new TypeInfoRow(root == TypeRoot.VARCHAR ? "STRING" : root == TypeRoot.VARBINARY ? "BYTES"
                    : root.name(), JdbcTypes.sqlType(type), JdbcTypes.columnSize(type),
                    text ? "'" : root == TypeRoot.BINARY ? "X'" : null, text || root == TypeRoot.BINARY ? "'" : null,
                    text, JdbcTypes.radix(type) == null, root == TypeRoot.DECIMAL ? (short) 38 : null,
                    JdbcTypes.radix(type)));
        }
        rows.sort((a, b) -> Integer.compare(((TypeInfoRow) a).dataType, ((TypeInfoRow) b).dataType));
        return rows;
    }

    private interface DatabaseVisitor {
        void visit(String catalog, String database);
    }

    private void forEachDatabase(String catalog, String schemaPattern, DatabaseVisitor visitor) {
        Pattern schemas = like(schemaPattern);
        for (String c : catalogs(catalog)) {
            for (String database : metadata.databases(c)) {
                if (schemas.matcher(database).matches()) {
                    visitor.visit(c, database);
                }
            }
        }
    }

    /** JDBC: a null catalog does not narrow the search; "" means objects without a catalog, which Runnel has not. */
    private List<String> catalogs(String catalog) {
        if (catalog == null) {
            return metadata.catalogs();
        }
        return metadata.catalogs().contains(catalog) ? List.of(catalog) : List.of();
    }

    /** A JDBC search pattern ({@code %} any characters, {@code _} one, {@code \} escapes) as a regex; null matches all. */
    static Pattern like(String pattern) {
        if (pattern == null) {
            return Pattern.compile(".*", Pattern.DOTALL);
        }
        StringBuilder regex = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                regex.append(Pattern.quote(String.valueOf(pattern.charAt(++i))));
            } else if (c == '%') {
                regex.append(".*");
            } else if (c == '_') {
                regex.append('.');
            } else {
                regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    /** A name as a pattern that matches only itself. */
    private static String likeLiteral(String name) {
        return name.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
    }

    // ------------------------------------------------------------------------------ row classes

    /** A row of {@code getCatalogs}. */
    public static final class CatalogRow {
        public final String tableCat;

        CatalogRow(String tableCat) {
            this.tableCat = tableCat;
        }
    }

    /** A row of {@code getSchemas}. */
    public static final class SchemaRow {
        public final String tableSchem;
        public final String tableCatalog;

        SchemaRow(String tableSchem, String tableCatalog) {
            this.tableSchem = tableSchem;
            this.tableCatalog = tableCatalog;
        }
    }

    /** A row of {@code getTableTypes}. */
    public static final class TableTypeRow {
        public final String tableType;

        TableTypeRow(String tableType) {
            this.tableType = tableType;
        }
    }

    /** A row of {@code getTables}. */
    public static final class TableRow {
        public final String tableCat;
        public final String tableSchem;
        public final String tableName;
        public final String tableType;
        public final String remarks;
        public final String typeCat = null;
        public final String typeSchem = null;
        public final String typeName = null;
        public final String selfReferencingColName = null;
        public final String refGeneration = null;

        TableRow(String tableCat, String tableSchem, String tableName, String tableType, String remarks) {
            this.tableCat = tableCat;
            this.tableSchem = tableSchem;
            this.tableName = tableName;
            this.tableType = tableType;
            this.remarks = remarks;
        }
    }

    /** A row of {@code getColumns}. */
    public static final class ColumnRow {
        public final String tableCat;
        public final String tableSchem;
        public final String tableName;
        public final String columnName;
        public final int dataType;
        public final String typeName;
        public final Integer columnSize;
        public final Integer bufferLength = null;
        public final Integer decimalDigits;
        public final Integer numPrecRadix;
        public final int nullable;
        public final String remarks;
        /** A computed column's expression, a metadata column's {@code METADATA FROM …}. */
        public final String columnDef;
        public final Integer sqlDataType = null;
        public final Integer sqlDatetimeSub = null;
        public final Integer charOctetLength;
        public final int ordinalPosition;
        public final String isNullable;
        public final String scopeCatalog = null;
        public final String scopeSchema = null;
        public final String scopeTable = null;
        public final Short sourceDataType = null;
        public final String isAutoincrement = "NO";
        public final String isGeneratedcolumn;

        ColumnRow(String tableCat, String tableSchem, String tableName, String columnName, DataType type,
                  String remarks, String columnDef, int ordinalPosition, String isGeneratedcolumn) {
            this.tableCat = tableCat;
            this.tableSchem = tableSchem;
            this.tableName = tableName;
            this.columnName = columnName;
            this.dataType = JdbcTypes.sqlType(type);
            this.typeName = JdbcTypes.typeName(type);
            this.columnSize = JdbcTypes.columnSize(type);
            this.decimalDigits = JdbcTypes.decimalDigits(type);
            this.numPrecRadix = JdbcTypes.radix(type);
            this.nullable = type.nullable() ? DatabaseMetaData.columnNullable : DatabaseMetaData.columnNoNulls;
            this.remarks = remarks;
            this.columnDef = columnDef;
            this.charOctetLength = switch (type.root()) {
                case CHAR, VARCHAR, BINARY, VARBINARY -> type.precision();
                default -> null;
            };
            this.ordinalPosition = ordinalPosition;
            this.isNullable = type.nullable() ? "YES" : "NO";
            this.isGeneratedcolumn = isGeneratedcolumn;
        }
    }

    /** A row of {@code getPrimaryKeys}. */
    public static final class PrimaryKeyRow {
        public final String tableCat;
        public final String tableSchem;
        public final String tableName;
        public final String columnName;
        public final short keySeq;
        public final String pkName;

        PrimaryKeyRow(String tableCat, String tableSchem, String tableName, String columnName, short keySeq,
                      String pkName) {
            this.tableCat = tableCat;
            this.tableSchem = tableSchem;
            this.tableName = tableName;
            this.columnName = columnName;
            this.keySeq = keySeq;
            this.pkName = pkName;
        }
    }

    /** A row of {@code getFunctions}. */
    public static final class FunctionRow {
        public final String functionCat;
        public final String functionSchem;
        public final String functionName;
        public final String remarks;
        public final short functionType;
        public final String specificName;

        FunctionRow(String functionCat, String functionSchem, String functionName, String remarks, short functionType,
                    String specificName) {
            this.functionCat = functionCat;
            this.functionSchem = functionSchem;
            this.functionName = functionName;
            this.remarks = remarks;
            this.functionType = functionType;
            this.specificName = specificName;
        }
    }

    /** A row of {@code getTypeInfo}. */
    public static final class TypeInfoRow {
        public final String typeName;
        public final int dataType;
        public final Integer precision;
        public final String literalPrefix;
        public final String literalSuffix;
        public final String createParams = null;
        public final short nullable = (short) DatabaseMetaData.typeNullable;
        public final boolean caseSensitive;
        public final short searchable = (short) DatabaseMetaData.typeSearchable;
        public final boolean unsignedAttribute;
        public final boolean fixedPrecScale = false;
        public final boolean autoIncrement = false;
        public final String localTypeName;
        public final Short minimumScale;
        public final Short maximumScale;
        public final Integer sqlDataType = null;
        public final Integer sqlDatetimeSub = null;
        public final Integer numPrecRadix;

        TypeInfoRow(String typeName, int dataType, Integer precision, String literalPrefix, String literalSuffix,
                    boolean caseSensitive, boolean unsignedAttribute, Short maximumScale, Integer numPrecRadix) {
            this.typeName = typeName;
            this.dataType = dataType;
            this.precision = precision;
            this.literalPrefix = literalPrefix;
            this.literalSuffix = literalSuffix;
            this.caseSensitive = caseSensitive;
            this.unsignedAttribute = unsignedAttribute;
            this.localTypeName = typeName;
            this.minimumScale = maximumScale == null ? null : (short) 0;
            this.maximumScale = maximumScale;
            this.numPrecRadix = numPrecRadix;
        }
    }
}
