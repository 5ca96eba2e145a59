<#--
// Runnel's productions, included into Calcite's Parser.jj by FMPP (see ../config.fmpp).
//
// Conventions that keep this grammar easy to extend:
//  - every production is named Runnel*, so it never collides with one of Calcite's, and a
//    node class whose simple name Calcite also uses (SqlDescribeTable) is written qualified;
//  - a statement production is listed in config.fmpp (statementParserMethods, or
//    create/dropStatementParserMethods) and returns a node of dev.runnel.sql.parser.*;
//  - a statement whose first word Calcite also uses (DESCRIBE, SET, RESET) must fail its
//    LOOKAHEAD for Calcite's forms so that they still reach Calcite's own productions;
//  - a statement whose first word no Calcite statement uses (SHOW, STOP) claims every
//    statement starting with it, so that an unknown continuation is reported at the word
//    after it (ParserSupport.unexpected) rather than at the first word;
//  - errors that the grammar itself cannot express go through ParserSupport.error, which
//    carries the position into the SqlParseException;
//  - a new word goes in config.fmpp under both keywords and nonReservedKeywordsToAdd, so
//    it stays usable as an identifier (RunnelCalciteSqlParserTest checks this).
-->

// ---------------------------------------------------------------------------------------
// Helpers (lookahead predicates are plain Java in ParserSupport: JAVACODE productions
// declare ParseException, which the generated lookahead methods cannot throw)
// ---------------------------------------------------------------------------------------

/** A single-quoted character string: option keys and values, comments, job ids. */
SqlCharStringLiteral RunnelStringLiteral() :
{
}
{
    <QUOTED_STRING> {
        return SqlLiteral.createCharString(
            SqlParserUtil.parseString(token.image), getPos());
    }
}

boolean RunnelIfNotExistsOpt() :
{
}
{
    // IF is non-reserved: "CREATE TABLE if (...)" names a table "if".
    LOOKAHEAD(3) <IF> <NOT> <EXISTS> { return true; }
|
    { return false; }
}

boolean RunnelIfExistsOpt() :
{
}
{
    LOOKAHEAD(2) <IF> <EXISTS> { return true; }
|
    { return false; }
}

// ---------------------------------------------------------------------------------------
// Data types (Flink's names)
// ---------------------------------------------------------------------------------------

/**
 * Flink type names that Calcite lacks or means differently; tried before Calcite's own.
 * STRING = VARCHAR(max), BYTES = VARBINARY(max), TIMESTAMP_LTZ(p) = TIMESTAMP(p) WITH
 * LOCAL TIME ZONE, and FLOAT = REAL (Flink's FLOAT is 4 bytes; Calcite's FLOAT is a double).
 */
SqlTypeNameSpec RunnelTypeName() :
{
    final Span s = Span.of();
    int precision = -1;
    final List<SqlIdentifier> fieldNames = new ArrayList<SqlIdentifier>();
    final List<SqlDataTypeSpec> fieldTypes = new ArrayList<SqlDataTypeSpec>();
    final SqlDataTypeSpec element;
    final SqlDataTypeSpec key;
    final SqlDataTypeSpec value;
}
{
    (
        // Flink's ARRAY<T>, MULTISET<T> and MAP<K, V>: element types are nullable unless NOT NULL.
        <ARRAY> { s.add(this); } <LT> element = RunnelNullableType() <GT> {
            return ParserSupport.collection(element, SqlTypeName.ARRAY, s.end(this));
        }
    |
        <MULTISET> { s.add(this); } <LT> element = RunnelNullableType() <GT> {
            return ParserSupport.collection(element, SqlTypeName.MULTISET, s.end(this));
        }
    |
        <MAP> { s.add(this); } <LT> key = RunnelNullableType() <COMMA> value = RunnelNullableType() <GT> {
            return new SqlMapTypeNameSpec(key, value, s.end(this));
        }
    |
        // Flink's ROW<name type, ...>: fields are nullable unless NOT NULL. (ROW(name type, ...)
        // is Calcite's, whose fields are NOT NULL unless NULL.)
        <ROW> { s.add(this); }
        <LT> RunnelRowField(fieldNames, fieldTypes)
        ( <COMMA> RunnelRowField(fieldNames, fieldTypes) )* <GT>
        {
            return new SqlRowTypeNameSpec(s.end(this), fieldNames, fieldTypes);
        }
    |
        <STRING> {
            return SqlAliasedTypeNameSpec.string(s.add(this).pos());
        }
    |
        <BYTES> {
            return SqlAliasedTypeNameSpec.bytes(s.add(this).pos());
        }
    |
        <FLOAT> {
            return SqlAliasedTypeNameSpec.flinkFloat(s.add(this).pos());
        }
    |
        <TIMESTAMP_LTZ> { s.add(this); }
        precision = PrecisionOpt() {
            return SqlAliasedTypeNameSpec.timestampLtz(precision, s.end(this));
        }
    )
}

/** One field of a ROW type: name, type, optional NOT NULL / NULL (nullable by default, as in Flink). */
void RunnelRowField(List<SqlIdentifier> fieldNames, List<SqlDataTypeSpec> fieldTypes) :
{
    final SqlIdentifier name;
    final SqlDataTypeSpec type;
}
{
    name = SimpleIdentifier()
    type = RunnelNullableType()
    {
        fieldNames.add(name);
        fieldTypes.add(type);
    }
}

/**
 * A type with its nullability, nullable unless NOT NULL, as Flink writes the type of a column,
 * a field or an element: {@code INT}, {@code INT NOT NULL}, and Flink's suffix forms
 * {@code INT NOT NULL ARRAY}, {@code STRING MULTISET NOT NULL}, where each ARRAY or MULTISET
 * holds the type before it as its element.
 */
SqlDataTypeSpec RunnelNullableType() :
{
    SqlDataTypeSpec type;
    boolean nullable = true;
    SqlTypeName collection;
}
{
    type = DataType()
    [
        <NOT> <NULL> { nullable = false; }
    |
        <NULL>
    ]
    (
        ( <ARRAY> { collection = SqlTypeName.ARRAY; } | <MULTISET> { collection = SqlTypeName.MULTISET; } )
        {
            type = new SqlDataTypeSpec(new SqlCollectionTypeNameSpec(type.getTypeNameSpec(), nullable,
                collection, getPos()), type.getParserPosition().plus(getPos()));
            nullable = true;
        }
        [
            <NOT> <NULL> { nullable = false; }
        |
            <NULL>
        ]
    )*
    {
        return type.withNullable(nullable, type.getParserPosition());
    }
}

// ---------------------------------------------------------------------------------------
// DDL
// ---------------------------------------------------------------------------------------

/**
 * CREATE [TEMPORARY] TABLE [IF NOT EXISTS] name [(element, ...)] [COMMENT '...'] [PARTITIONED BY (c, ...)]
 *   [WITH ('k' = 'v', ...)] [LIKE source [(option ...)] | AS query]
 * (CREATE and the optional OR REPLACE are already consumed; the elements are in
 * RunnelTableElement, the rest in the "CREATE TABLE: full Flink form" block at the end.)
 * CREATE TEMPORARY TABLE is parsed by RunnelCreateViewOrTemporaryTable: Calcite chooses the
 * first CREATE production by one token, so only the later ones may start with TEMPORARY.
 */
SqlCreate RunnelCreateTable(Span s, boolean replace) :
{
    final SqlCreate create;
}
{
    <TABLE> {
        if (replace) {
            throw ParserSupport.error(s.end(this),
                "CREATE OR REPLACE TABLE is not supported; use DROP TABLE and CREATE TABLE");
        }
    }
    create = RunnelCreateTableRest(s, false) {
        return create;
    }
}

/** What follows CREATE [TEMPORARY] TABLE. */
SqlCreate RunnelCreateTableRest(Span s, boolean temporary) :
{
    final boolean ifNotExists;
    final SqlIdentifier name;
    Span columnsSpan = null;
    final List<SqlNode> columns = new ArrayList<SqlNode>();
    final List<SqlPrimaryKey> primaryKeys = new ArrayList<SqlPrimaryKey>();
    final List<SqlWatermark> watermarks = new ArrayList<SqlWatermark>();
    SqlCharStringLiteral comment = null;
    SqlNodeList partitionKeys = SqlNodeList.EMPTY;
    SqlNodeList optionList = null;
    SqlTableLike like = null;
    SqlNode query = null;
}
{
    ifNotExists = RunnelIfNotExistsOpt()
    name = CompoundIdentifier()
    [
        <LPAREN> { columnsSpan = span(); }
        RunnelTableElement(columns, primaryKeys, watermarks)
        (
            <COMMA> RunnelTableElement(columns, primaryKeys, watermarks)
        )*
        <RPAREN>
    ]
    [
        <COMMENT> comment = RunnelStringLiteral()
    ]
    [
        <PARTITIONED> <BY> partitionKeys = ParenthesizedSimpleIdentifierList()
    ]
    [
        <WITH> optionList = RunnelTableOptionList()
    ]
    [
        like = RunnelTableLike()
    |
        <AS> query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    ]
    {
        return new SqlCreateTable(s.end(this), temporary, ifNotExists, name,
            columnsSpan == null ? SqlNodeList.EMPTY
                : new SqlNodeList(columns, columnsSpan.end(this)),
            primaryKeys, watermarks, comment, partitionKeys,
            optionList == null ? SqlNodeList.EMPTY : optionList, like, query);
    }
}

/** ('k' = 'v', ...); keys must be unique. */
SqlNodeList RunnelTableOptionList() :
{
    final Span s;
    final List<SqlNode> list = new ArrayList<SqlNode>();
}
{
    <LPAREN> { s = span(); }
    [
        RunnelTableOption(list)
        (
            <COMMA> RunnelTableOption(list)
        )*
    ]
    <RPAREN> {
        ParserSupport.checkUniqueOptionKeys(list);
        return new SqlNodeList(list, s.end(this));
    }
}

void RunnelTableOption(List<SqlNode> list) :
{
    final SqlCharStringLiteral key;
    final SqlCharStringLiteral value;
}
{
    key = RunnelStringLiteral()
    <EQ>
    value = RunnelStringLiteral() {
        list.add(new SqlTableOption(
            key.getParserPosition().plus(value.getParserPosition()), key, value));
    }
}

/**
 * DROP TABLE [IF EXISTS] name (DROP is already consumed); DROP TEMPORARY TABLE is parsed by
 * RunnelDropViewOrFunction, the production of what may follow TEMPORARY.
 */
SqlDrop RunnelDropTable(Span s, boolean replace) :
{
    final SqlDrop drop;
}
{
    <TABLE>
    drop = RunnelDropTableRest(s, false) {
        return drop;
    }
}

/** What follows DROP [TEMPORARY] TABLE. */
SqlDrop RunnelDropTableRest(Span s, boolean temporary) :
{
    final boolean ifExists;
    final SqlIdentifier name;
}
{
    ifExists = RunnelIfExistsOpt()
    name = CompoundIdentifier() {
        return new SqlDropTable(s.end(this), temporary, ifExists, name);
    }
}

// ---------------------------------------------------------------------------------------
// Commands
// ---------------------------------------------------------------------------------------

/** SHOW JOBS, SHOW CLUSTER, and the SHOW forms of catalog objects (RunnelShowCatalogObjects). */
SqlNode RunnelShow() :
{
    final Span s;
    SqlNode node;
}
{
    <SHOW> { s = span(); }
    (
        LOOKAHEAD(<CATALOGS> | <COLUMNS> | <CREATE> | <CURRENT> | <DATABASES>
            | <FUNCTIONS> | <TABLES> | <USER> | <VIEWS>)
        node = RunnelShowCatalogObjects(s) { return node; }
    |
        <JOBS> { return new SqlShowJobs(s.end(this)); }
    |
        <CLUSTER> { return new SqlShowCluster(s.end(this)); }
    |
        node = RunnelShowPartitions(s) { return node; }
    |
        // Calcite has no SHOW statement: claim every SHOW so the error names the next word.
        {
            throw ParserSupport.unexpected(getToken(1), "CATALOGS", "CLUSTER", "COLUMNS", "CREATE",
                "CURRENT", "DATABASES", "FUNCTIONS", "JOBS", "PARTITIONS", "TABLES", "USER", "VIEWS");
        }
    )
}

/** {DESCRIBE | DESC} [TABLE] name. */
SqlNode RunnelDescribeTable() :
{
    final Span s;
    final SqlIdentifier name;
    final SqlCharStringLiteral jobId;
}
{
    // The semantic lookahead sits on both alternatives so that, inside SqlStmt's
    // LOOKAHEAD(2), this production fails for Calcite's other DESCRIBE forms.
    (
        LOOKAHEAD(<DESCRIBE>, { ParserSupport.isDescribeTable(this) || ParserSupport.isDescribeJob(this) }) <DESCRIBE>
    |
        LOOKAHEAD(<DESC>, { ParserSupport.isDescribeTable(this) || ParserSupport.isDescribeJob(this) }) <DESC>
    )
    { s = span(); }
    (
        // DESCRIBE JOB 'id'; "DESCRIBE job" still describes a table called job
        LOOKAHEAD(2) <JOB> jobId = RunnelStringLiteral() {
            return new SqlDescribeJob(s.end(this), jobId);
        }
    |
        [ <TABLE> ]
        name = CompoundIdentifier() {
            // Qualified: Calcite's own SqlDescribeTable is imported by Parser.jj.
            return new dev.runnel.sql.parser.dql.SqlDescribeTable(s.end(this), name);
        }
    )
}

/** STOP JOB 'id' [WITH SAVEPOINT] [WITH DRAIN], as in Flink's SQL client. */
SqlNode RunnelStopJob() :
{
    final Span s;
    final SqlCharStringLiteral jobId;
    boolean withSavepoint = false;
    boolean withDrain = false;
}
{
    <STOP> { s = span(); }
    (
        <JOB>
        jobId = RunnelStringLiteral()
        [ LOOKAHEAD(2) <WITH> <SAVEPOINT> { withSavepoint = true; } ]
        [ <WITH> <DRAIN> { withDrain = true; } ]
        {
            return new SqlStopJob(s.end(this), jobId, withSavepoint, withDrain);
        }
    |
        // No other statement starts with STOP: claim it so the error names the next word.
        {
            throw ParserSupport.unexpected(getToken(1), "JOB");
        }
    )
}

/**
 * ALTER JOB 'id' SET ('k' = 'v', ...): changes a running job ('parallelism' rescales it). The
 * session checks the keys and values, so that its errors name the key.
 */
SqlNode RunnelAlterJob() :
{
    final Span s;
    final SqlCharStringLiteral jobId;
    final SqlNodeList optionList;
}
{
    <ALTER> { s = span(); }
    <JOB>
    jobId = RunnelStringLiteral()
    (
        <SET>
        optionList = RunnelTableOptionList() {
            return new SqlAlterJob(s.end(this), jobId, optionList);
        }
    |
        {
            throw ParserSupport.unexpected(getToken(1), "SET");
        }
    )
}

/** SAVEPOINT 'id': takes a savepoint of a running job without stopping it. */
SqlNode RunnelSavepoint() :
{
    final Span s;
    final SqlCharStringLiteral jobId;
}
{
    <SAVEPOINT> { s = span(); }
    jobId = RunnelStringLiteral() {
        return new SqlSavepoint(s.end(this), jobId);
    }
}

/**
 * SET (lists the session options) | SET 'k' = 'v'.
 * Calcite's "SET name = value" (unquoted name) fails this lookahead and stays Calcite's.
 */
SqlNode RunnelSet() :
{
    final Span s;
    SqlCharStringLiteral key = null;
    SqlCharStringLiteral value = null;
}
{
    <SET> { s = span(); }
    (
        key = RunnelStringLiteral()
        <EQ>
        value = RunnelStringLiteral()
    |
        LOOKAHEAD({ ParserSupport.isStatementEnd(getToken(1)) }) { }
    )
    {
        return new SqlSet(s.end(this), key, value);
    }
}

/**
 * RESET (every session option) | RESET 'k'.
 * Calcite's "RESET name" and "RESET ALL" fail this lookahead and stay Calcite's.
 */
SqlNode RunnelReset() :
{
    final Span s;
    SqlCharStringLiteral key = null;
}
{
    <RESET> { s = span(); }
    (
        key = RunnelStringLiteral()
    |
        LOOKAHEAD({ ParserSupport.isStatementEnd(getToken(1)) }) { }
    )
    {
        return new SqlReset(s.end(this), key);
    }
}

// ---------------------------------------------------------------------------------------
// CREATE TABLE: full Flink form (columns of every kind, WATERMARK, PRIMARY KEY, LIKE)
// ---------------------------------------------------------------------------------------

/**
 * One element of a CREATE TABLE list: a column (physical, computed or metadata, optionally
 * followed by PRIMARY KEY NOT ENFORCED), WATERMARK FOR c AS expr, or a table PRIMARY KEY.
 */
void RunnelTableElement(List<SqlNode> columns, List<SqlPrimaryKey> primaryKeys,
    List<SqlWatermark> watermarks) :
{
    final SqlIdentifier name;
    final SqlIdentifier eventTime;
    final SqlNode expr;
    SqlIdentifier constraintName = null;
    Span s;
    final SqlNodeList keyColumns;
}
{
    // WATERMARK is non-reserved: "watermark INT" is a column, "WATERMARK FOR" is not.
    LOOKAHEAD(2) <WATERMARK> { s = span(); } <FOR>
    eventTime = SimpleIdentifier()
    <AS>
    expr = Expression(ExprContext.ACCEPT_NON_QUERY) {
        watermarks.add(new SqlWatermark(s.end(this), eventTime, expr));
    }
|
    (
        <CONSTRAINT> { s = span(); } constraintName = SimpleIdentifier()
    |
        { s = Span.of(); }
    )
    <PRIMARY> { s.add(this); } <KEY>
    keyColumns = ParenthesizedSimpleIdentifierList()
    RunnelNotEnforced() {
        primaryKeys.add(new SqlPrimaryKey(s.end(this), constraintName, keyColumns));
    }
|
    name = SimpleIdentifier()
    RunnelColumn(name, columns, primaryKeys)
}

/** The rest of a column after its name. */
void RunnelColumn(SqlIdentifier name, List<SqlNode> columns, List<SqlPrimaryKey> primaryKeys) :
{
    final SqlDataTypeSpec type;
    final boolean nullable;
    final SqlNode expr;
    SqlCharStringLiteral metadataKey = null;
    boolean isVirtual = false;
    boolean isMetadata = false;
    SqlCharStringLiteral comment = null;
    Span keySpan = null;
}
{
    (
        <AS> expr = Expression(ExprContext.ACCEPT_NON_QUERY)
        [
            <COMMENT> comment = RunnelStringLiteral()
        ]
        {
            columns.add(SqlTableColumn.computed(name.getParserPosition().plus(getPos()), name,
                expr, comment));
        }
    |
        type = RunnelNullableType() { nullable = type.getNullable(); }
        [
            <METADATA> { isMetadata = true; }
            [
                <FROM> metadataKey = RunnelStringLiteral()
            ]
            [
                <VIRTUAL> { isVirtual = true; }
            ]
        ]
        [
            <PRIMARY> { keySpan = span(); } <KEY> RunnelNotEnforced() {
                primaryKeys.add(new SqlPrimaryKey(keySpan.end(this), null,
                    new SqlNodeList(List.of(name), name.getParserPosition())));
            }
        ]
        [
            <COMMENT> comment = RunnelStringLiteral()
        ]
        {
            final SqlDataTypeSpec typed = type.withNullable(nullable, type.getParserPosition());
            final SqlParserPos pos = name.getParserPosition().plus(getPos());
            columns.add(isMetadata
                ? SqlTableColumn.metadata(pos, name, typed, metadataKey, isVirtual, comment)
                : new SqlTableColumn(pos, name, typed, comment));
        }
    )
}

/** NOT ENFORCED after PRIMARY KEY; ENFORCED (or nothing) is an error, as in Flink. */
void RunnelNotEnforced() :
{
}
{
    <NOT> <ENFORCED>
|
    {
        throw ParserSupport.errorAt(getToken(1), "Runnel doesn't support ENFORCED mode for "
            + "PRIMARY KEY constraint. ENFORCED/NOT ENFORCED controls if the constraint checks "
            + "are performed on the incoming/outgoing data. Runnel does not own the data "
            + "therefore the only supported mode is the NOT ENFORCED mode");
    }
}

/** LIKE source [( {INCLUDING | EXCLUDING | OVERWRITING} feature ... )] */
SqlTableLike RunnelTableLike() :
{
    final Span s;
    final SqlIdentifier source;
    final List<SqlTableLike.LikeOption> likeOptions = new ArrayList<SqlTableLike.LikeOption>();
}
{
    <LIKE> { s = span(); }
    source = CompoundIdentifier()
    [
        <LPAREN>
        ( RunnelTableLikeOption(likeOptions) )+
        <RPAREN>
    ]
    {
        return new SqlTableLike(s.end(this), source, likeOptions);
    }
}

void RunnelTableLikeOption(List<SqlTableLike.LikeOption> likeOptions) :
{
    final Span s;
    final String strategy;
    final String feature;
}
{
    ( <INCLUDING> | <EXCLUDING> | <OVERWRITING> ) { s = span(); strategy = token.image; }
    (
        <ALL> | <CONSTRAINTS> | <GENERATED> | <METADATA> | <OPTIONS> | <PARTITIONS>
    |
        <WATERMARKS>
    )
    {
        feature = token.image;
        likeOptions.add(SqlTableLike.option(strategy, feature, s.end(this)));
    }
}

// ---------------------------------------------------------------------------------------
// Catalog objects (issue 3): databases, catalogs, views, ALTER TABLE, catalog SHOW forms
// ---------------------------------------------------------------------------------------

/**
 * CREATE DATABASE [IF NOT EXISTS] [catalog.]db [COMMENT '...'] [WITH ('k' = 'v', ...)]
 * (CREATE is already consumed).
 */
SqlCreate RunnelCreateDatabase(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier name;
    SqlCharStringLiteral comment = null;
    SqlNodeList optionList = SqlNodeList.EMPTY;
}
{
    <DATABASE> {
        if (replace) {
            throw ParserSupport.error(s.end(this), "CREATE OR REPLACE DATABASE is not supported");
        }
    }
    ifNotExists = RunnelIfNotExistsOpt()
    name = CompoundIdentifier()
    [
        <COMMENT> comment = RunnelStringLiteral()
    ]
    [
        <WITH> optionList = RunnelTableOptionList()
    ]
    {
        return new SqlCreateDatabase(s.end(this), ifNotExists, name, comment, optionList);
    }
}

/**
 * CREATE [TEMPORARY] VIEW [IF NOT EXISTS] name [(c1, c2, ...)] [COMMENT '...'] AS query, and
 * CREATE TEMPORARY TABLE (CREATE is already consumed; see RunnelCreateTable).
 */
SqlCreate RunnelCreateViewOrTemporaryTable(Span s, boolean replace) :
{
    final SqlCreate create;
}
{
    (
        <TEMPORARY>
        (
            <TABLE> {
                if (replace) {
                    throw ParserSupport.error(s.end(this),
                        "CREATE OR REPLACE TABLE is not supported; use DROP TABLE and CREATE TABLE");
                }
            }
            create = RunnelCreateTableRest(s, true)
        |
            create = RunnelCreateViewRest(s, replace, true)
        )
    |
        create = RunnelCreateViewRest(s, replace, false)
    )
    {
        return create;
    }
}

/** What follows CREATE [TEMPORARY]: VIEW [IF NOT EXISTS] name [(c1, c2, ...)] [COMMENT '...'] AS query. */
SqlCreate RunnelCreateViewRest(Span s, boolean replace, boolean temporary) :
{
    final boolean ifNotExists;
    final SqlIdentifier name;
    SqlNodeList columnList = SqlNodeList.EMPTY;
    SqlCharStringLiteral comment = null;
    final SqlNode query;
}
{
    <VIEW> {
        if (replace) {
            throw ParserSupport.error(s.end(this),
                "CREATE OR REPLACE VIEW is not supported; use DROP VIEW and CREATE VIEW");
        }
    }
    ifNotExists = RunnelIfNotExistsOpt()
    name = CompoundIdentifier()
    [
        columnList = ParenthesizedSimpleIdentifierList()
    ]
    [
        <COMMENT> comment = RunnelStringLiteral()
    ]
    <AS>
    query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
        return new SqlCreateView(s.end(this), temporary, ifNotExists, name, columnList,
            comment, query);
    }
}

/** DROP DATABASE [IF EXISTS] [catalog.]db [RESTRICT | CASCADE] (DROP is already consumed). */
SqlDrop RunnelDropDatabase(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier name;
    boolean cascade = false;
}
{
    <DATABASE>
    ifExists = RunnelIfExistsOpt()
    name = CompoundIdentifier()
    [
        <RESTRICT> { cascade = false; }
    |
        <CASCADE> { cascade = true; }
    ]
    {
        return new SqlDropDatabase(s.end(this), ifExists, name, cascade);
    }
}

/**
 * DROP [TEMPORARY] VIEW [IF EXISTS] name, DROP TEMPORARY TABLE [IF EXISTS] name, and
 * DROP [TEMPORARY [SYSTEM]] FUNCTION [IF EXISTS] name (DROP is already consumed). One
 * production, because Calcite chooses among the DROP productions by their first word.
 */
SqlDrop RunnelDropViewOrFunction(Span s, boolean replace) :
{
    boolean system = false;
    final SqlDrop drop;
}
{
    (
        <TEMPORARY> [ <SYSTEM> { system = true; } ]
        (
            <TABLE> {
                if (system) {
                    throw ParserSupport.error(s.end(this), "DROP TEMPORARY SYSTEM applies to functions only");
                }
            }
            drop = RunnelDropTableRest(s, true)
        |
            drop = RunnelDropViewOrFunctionRest(s, true, system)
        )
    |
        drop = RunnelDropViewOrFunctionRest(s, false, false)
    )
    {
        return drop;
    }
}

/** What follows DROP [TEMPORARY [SYSTEM]]: VIEW or FUNCTION, [IF EXISTS] name. */
SqlDrop RunnelDropViewOrFunctionRest(Span s, boolean temporary, boolean system) :
{
    final boolean ifExists;
    final SqlIdentifier name;
}
{
    (
        <VIEW> {
            if (system) {
                throw ParserSupport.error(s.end(this), "DROP TEMPORARY SYSTEM applies to functions only");
            }
        }
        ifExists = RunnelIfExistsOpt()
        name = CompoundIdentifier() {
            return new SqlDropView(s.end(this), temporary, ifExists, name);
        }
    |
        <FUNCTION>
        ifExists = RunnelIfExistsOpt()
        name = CompoundIdentifier() {
            return new SqlDropFunction(s.end(this), temporary, system, ifExists, name);
        }
    )
}

/** ALTER TABLE [IF EXISTS] name (RENAME TO new_name | SET ('k' = 'v', ...)). */
SqlNode RunnelAlterTable() :
{
    final Span s;
    final boolean ifExists;
    final SqlIdentifier name;
    final SqlIdentifier newName;
    final SqlNodeList optionList;
}
{
    <ALTER> { s = span(); }
    <TABLE>
    ifExists = RunnelIfExistsOpt()
    name = CompoundIdentifier()
    (
        <RENAME> <TO>
        newName = CompoundIdentifier() {
            return new SqlAlterTableRename(s.end(this), ifExists, name, newName);
        }
    |
        <SET>
        optionList = RunnelTableOptionList() {
            return new SqlAlterTableOptions(s.end(this), ifExists, name, optionList);
        }
    |
        {
            throw ParserSupport.unexpected(getToken(1), "RENAME", "SET");
        }
    )
}

/** USE CATALOG name | USE [catalog.]db. */
SqlNode RunnelUse() :
{
    final Span s;
    final SqlIdentifier name;
}
{
    <USE> { s = span(); }
    (
        LOOKAHEAD(2)
        <CATALOG>
        name = SimpleIdentifier() {
            return new SqlUse(s.end(this), true, name);
        }
    |
        name = CompoundIdentifier() {
            return new SqlUse(s.end(this), false, name);
        }
    )
}

/**
 * The SHOW forms of catalog objects (SHOW is already consumed; s spans it): CATALOGS,
 * DATABASES, VIEWS, [USER] FUNCTIONS, CURRENT CATALOG, CURRENT DATABASE,
 * TABLES [FROM | IN db] [[NOT] LIKE '...'], COLUMNS (FROM | IN) t [[NOT] LIKE '...'],
 * CREATE VIEW v, CREATE TABLE t.
 */
SqlNode RunnelShowCatalogObjects(Span s) :
{
    SqlIdentifier name = null;
    boolean notLike = false;
    SqlCharStringLiteral pattern = null;
}
{
    (
        <CATALOGS> { return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.CATALOGS); }
    |
        <DATABASES> { return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.DATABASES); }
    |
        <VIEWS> { return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.VIEWS); }
    |
        <FUNCTIONS> { return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.FUNCTIONS); }
    |
        <USER> <FUNCTIONS> {
            return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.USER_FUNCTIONS);
        }
    |
        <CURRENT>
        (
            <CATALOG> {
                return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.CURRENT_CATALOG);
            }
        |
            <DATABASE> {
                return new SqlShowObjects(s.end(this), SqlShowObjects.Kind.CURRENT_DATABASE);
            }
        )
    |
        <CREATE>
        (
            <VIEW>
            name = CompoundIdentifier() { return new SqlShowCreateView(s.end(this), name); }
        |
            <TABLE>
            name = CompoundIdentifier() { return new SqlShowCreateTable(s.end(this), name); }
        )
    |
        <TABLES>
        [
            ( <FROM> | <IN> )
            name = CompoundIdentifier()
        ]
        [
            [ <NOT> { notLike = true; } ]
            <LIKE> pattern = RunnelStringLiteral()
        ]
        { return new SqlShowTables(s.end(this), name, notLike, pattern); }
    |
        <COLUMNS>
        ( <FROM> | <IN> )
        name = CompoundIdentifier()
        [
            [ <NOT> { notLike = true; } ]
            <LIKE> pattern = RunnelStringLiteral()
        ]
        { return new SqlShowColumns(s.end(this), name, notLike, pattern); }
    )
}

// ---------------------------------------------------------------------------------------
// EXPLAIN, statement sets and INSERT OVERWRITE (issue 3: EXPLAIN, statement sets, SET)
// ---------------------------------------------------------------------------------------

/**
 * EXPLAIN [PLAN FOR] stmt | EXPLAIN detail [, detail]* stmt, where stmt is a query, an
 * INSERT or a statement set. Calcite's "EXPLAIN PLAN [options] FOR query" fails this
 * lookahead and stays Calcite's SqlExplain (the planner treats it as a plain EXPLAIN).
 */
SqlNode RunnelExplain() :
{
    final Span s;
    final List<SqlNode> details = new ArrayList<SqlNode>();
    final Span detailSpan;
    final SqlNode stmt;
}
{
    // As in RunnelDescribeTable: the semantic lookahead sits on a choice so that, inside
    // SqlStmt's LOOKAHEAD(2), this production fails for Calcite's EXPLAIN PLAN forms.
    (
        LOOKAHEAD(<EXPLAIN>, { ParserSupport.isRunnelExplain(this) }) <EXPLAIN>
    |
        LOOKAHEAD(<EXPLAIN>, { ParserSupport.isRunnelExplain(this) }) <EXPLAIN>
    )
    { s = span(); }
    { detailSpan = Span.of(getPos()); }
    (
        LOOKAHEAD(2) <PLAN> <FOR>
    |
        LOOKAHEAD({ ParserSupport.isExplainDetail(getToken(1)) })
        RunnelExplainDetail(details)
        (
            <COMMA> RunnelExplainDetail(details)
        )*
    |
        { }
    )
    (
        LOOKAHEAD(2) stmt = RunnelStatementSet()
    |
        stmt = RunnelRichInsert()
    |
        stmt = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY)
    )
    {
        return new SqlRichExplain(s.end(this), stmt,
            new SqlNodeList(details, detailSpan.addAll(details).pos()));
    }
}

/** ESTIMATED_COST | CHANGELOG_MODE | JSON_EXECUTION_PLAN, each at most once. */
void RunnelExplainDetail(List<SqlNode> details) :
{
    final SqlExplainDetail detail;
}
{
    (
        <ESTIMATED_COST> { detail = SqlExplainDetail.ESTIMATED_COST; }
    |
        <CHANGELOG_MODE> { detail = SqlExplainDetail.CHANGELOG_MODE; }
    |
        <JSON_EXECUTION_PLAN> { detail = SqlExplainDetail.JSON_EXECUTION_PLAN; }
    )
    {
        for (SqlNode d : details) {
            if (((SqlLiteral) d).getValueAs(SqlExplainDetail.class) == detail) {
                throw ParserSupport.error(getPos(), "Duplicate EXPLAIN detail " + detail);
            }
        }
        details.add(SqlLiteral.createSymbol(detail, getPos()));
    }
}

/** [EXECUTE] STATEMENT SET BEGIN insert; [insert; ]* END. */
SqlNode RunnelStatementSet() :
{
    final Span s;
    boolean execute = false;
    final Span insertsSpan;
    final List<SqlNode> inserts = new ArrayList<SqlNode>();
    SqlNode insert;
}
{
    (
        <EXECUTE> { s = span(); execute = true; } <STATEMENT>
    |
        <STATEMENT> { s = span(); }
    )
    <SET> <BEGIN> { insertsSpan = span(); }
    (
        insert = RunnelRichInsert()
        <SEMICOLON> { inserts.add(insert); }
    )+
    <END> {
        return new SqlStatementSet(s.end(this), execute,
            new SqlNodeList(inserts, insertsSpan.end(this)));
    }
}

/** BEGIN STATEMENT SET: the SQL client's statement set, closed by END. */
SqlNode RunnelBeginStatementSet() :
{
    final Span s;
}
{
    <BEGIN> { s = span(); } <STATEMENT> <SET> {
        return new SqlBeginStatementSet(s.end(this));
    }
}

/** END: submits the statement set that BEGIN STATEMENT SET opened. */
SqlNode RunnelEndStatementSet() :
{
}
{
    // No other statement starts with END.
    <END> {
        return new SqlEndStatementSet(getPos());
    }
}

/** INSERT OVERWRITE table [(column, ...)] query. */
SqlNode RunnelInsertOverwrite() :
{
    final Span s;
    final SqlIdentifier table;
    SqlNodeList columns = null;
    final SqlNode source;
}
{
    <INSERT> { s = span(); } <OVERWRITE>
    table = CompoundIdentifier()
    [
        LOOKAHEAD(2) columns = ParenthesizedSimpleIdentifierList()
    ]
    source = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
        return new SqlRichInsert(s.end(source), SqlNodeList.EMPTY, table, source, columns, true);
    }
}

// ---------------------------------------------------------------------------------------
// Issue 3 gaps: static partitions, SHOW PARTITIONS, EXECUTE INSERT, ALTER VIEW,
// DESCRIBE CATALOG | DATABASE, CREATE/DROP CATALOG
// ---------------------------------------------------------------------------------------

/**
 * INSERT {INTO | OVERWRITE} table PARTITION (column = literal, ...) [(column, ...)] query:
 * Flink's insert with static partition values.
 */
SqlNode RunnelInsertPartition() :
{
    final Span s;
    boolean overwrite = false;
    final SqlIdentifier table;
    final SqlNodeList partitions;
    SqlNodeList columns = null;
    final SqlNode source;
}
{
    // As in RunnelDescribeTable: the semantic lookahead sits on a choice so that, inside
    // SqlStmt's LOOKAHEAD(2), this production fails for inserts without PARTITION.
    (
        LOOKAHEAD(<INSERT>, { ParserSupport.isInsertPartition(this) }) <INSERT>
    |
        LOOKAHEAD(<INSERT>, { ParserSupport.isInsertPartition(this) }) <INSERT>
    )
    { s = span(); }
    ( <INTO> | <OVERWRITE> { overwrite = true; } )
    table = CompoundIdentifier()
    partitions = RunnelPartitionSpec()
    [
        LOOKAHEAD(2) columns = ParenthesizedSimpleIdentifierList()
    ]
    source = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
        return new SqlRichInsert(s.end(source), SqlNodeList.EMPTY, table, source, columns, overwrite,
            partitions);
    }
}

/** PARTITION (column = literal, ...) */
SqlNodeList RunnelPartitionSpec() :
{
    final Span s;
    final List<SqlNode> list = new ArrayList<SqlNode>();
}
{
    <PARTITION> { s = span(); }
    <LPAREN>
    RunnelPartitionValue(list)
    (
        <COMMA> RunnelPartitionValue(list)
    )*
    <RPAREN> {
        return new SqlNodeList(list, s.end(this));
    }
}

void RunnelPartitionValue(List<SqlNode> list) :
{
    final SqlIdentifier column;
    final SqlNode value;
}
{
    column = SimpleIdentifier()
    <EQ>
    value = Literal() {
        list.add(new SqlStaticPartition(column.getParserPosition().plus(getPos()), column, value));
    }
}

/** Any INSERT: with static partitions, OVERWRITE, or Calcite's INSERT INTO. */
SqlNode RunnelRichInsert() :
{
    final SqlNode insert;
}
{
    (
        LOOKAHEAD(2) insert = RunnelInsertPartition()
    |
        LOOKAHEAD(2) insert = RunnelInsertOverwrite()
    |
        insert = SqlInsert()
    )
    { return insert; }
}

/** EXECUTE insert: as in Flink, the same as the INSERT alone. */
SqlNode RunnelExecuteInsert() :
{
    final SqlNode insert;
}
{
    <EXECUTE>
    insert = RunnelRichInsert() { return insert; }
}

/** SHOW PARTITIONS table [PARTITION (column = literal, ...)] (SHOW is already consumed). */
SqlNode RunnelShowPartitions(Span s) :
{
    final SqlIdentifier name;
    SqlNodeList spec = SqlNodeList.EMPTY;
}
{
    <PARTITIONS>
    name = CompoundIdentifier()
    [
        spec = RunnelPartitionSpec()
    ]
    {
        return new SqlShowPartitions(s.end(this), name, spec);
    }
}

/** ALTER VIEW name (RENAME TO new_name | AS query). */
SqlNode RunnelAlterView() :
{
    final Span s;
    final SqlIdentifier name;
    final SqlIdentifier newName;
    final SqlNode query;
}
{
    <ALTER> { s = span(); }
    <VIEW>
    name = CompoundIdentifier()
    (
        <RENAME> <TO>
        newName = CompoundIdentifier() {
            return SqlAlterView.rename(s.end(this), name, newName);
        }
    |
        <AS>
        query = OrderedQueryOrExpr(ExprContext.ACCEPT_QUERY) {
            return SqlAlterView.as(s.end(this), name, query);
        }
    |
        {
            throw ParserSupport.unexpected(getToken(1), "AS", "RENAME");
        }
    )
}

/**
 * {DESCRIBE | DESC} {CATALOG | DATABASE} [EXTENDED] name. Takes DESCRIBE DATABASE from
 * Calcite, whose SqlDescribeSchema Runnel does not run.
 */
SqlNode RunnelDescribeNamespace() :
{
    final Span s;
    final boolean catalog;
    boolean extended = false;
    final SqlIdentifier name;
}
{
    ( <DESCRIBE> | <DESC> ) { s = span(); }
    (
        <CATALOG> { catalog = true; }
    |
        <DATABASE> { catalog = false; }
    )
    [
        // EXTENDED is non-reserved: "DESCRIBE DATABASE extended" names a database "extended".
        LOOKAHEAD(<EXTENDED> SimpleIdentifier()) <EXTENDED> { extended = true; }
    ]
    name = CompoundIdentifier() {
        return new SqlDescribeNamespace(s.end(this), catalog, extended, name);
    }
}

/**
 * CREATE CATALOG [IF NOT EXISTS] name [COMMENT '...'] WITH ('k' = 'v', ...)
 * (CREATE is already consumed).
 */
SqlCreate RunnelCreateCatalog(Span s, boolean replace) :
{
    final boolean ifNotExists;
    final SqlIdentifier name;
    SqlCharStringLiteral comment = null;
    final SqlNodeList optionList;
}
{
    <CATALOG> {
        if (replace) {
            throw ParserSupport.error(s.end(this), "CREATE OR REPLACE CATALOG is not supported");
        }
    }
    ifNotExists = RunnelIfNotExistsOpt()
    name = SimpleIdentifier()
    [
        <COMMENT> comment = RunnelStringLiteral()
    ]
    <WITH>
    optionList = RunnelTableOptionList() {
        return new SqlCreateCatalog(s.end(this), ifNotExists, name, comment, optionList);
    }
}

/** DROP CATALOG [IF EXISTS] name (DROP is already consumed). */
SqlDrop RunnelDropCatalog(Span s, boolean replace) :
{
    final boolean ifExists;
    final SqlIdentifier name;
}
{
    <CATALOG>
    ifExists = RunnelIfExistsOpt()
    name = SimpleIdentifier() {
        return new SqlDropCatalog(s.end(this), ifExists, name);
    }
}

/**
 * CREATE [TEMPORARY [SYSTEM]] FUNCTION [IF NOT EXISTS] [catalog.][db.]name AS 'class.Name'
 * [LANGUAGE lang] [USING JAR 'uri' [, JAR 'uri']*] (CREATE is already consumed).
 */
SqlCreate RunnelCreateFunction(Span s, boolean replace) :
{
    boolean temporary = false;
    boolean system = false;
    final boolean ifNotExists;
    final SqlIdentifier name;
    final SqlCharStringLiteral className;
    SqlIdentifier language = null;
    final List<SqlNode> jars = new ArrayList<SqlNode>();
    SqlCharStringLiteral jar;
}
{
    [ <TEMPORARY> { temporary = true; } [ <SYSTEM> { system = true; } ] ]
    <FUNCTION> {
        if (replace) {
            throw ParserSupport.error(s.end(this),
                "CREATE OR REPLACE FUNCTION is not supported; use DROP FUNCTION and CREATE FUNCTION");
        }
    }
    ifNotExists = RunnelIfNotExistsOpt()
    name = CompoundIdentifier()
    <AS>
    className = RunnelStringLiteral()
    [
        <LANGUAGE> language = SimpleIdentifier()
    ]
    [
        <USING> <JAR> jar = RunnelStringLiteral() { jars.add(jar); }
        (
            <COMMA> <JAR> jar = RunnelStringLiteral() { jars.add(jar); }
        )*
    ]
    {
        return new SqlCreateFunction(s.end(this), temporary, system, ifNotExists, name, className,
            language, new SqlNodeList(jars, s.end(this)));
    }
}
