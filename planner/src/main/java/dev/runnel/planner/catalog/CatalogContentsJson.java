package dev.runnel.planner.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.runnel.planner.catalog.CatalogContents.StoredCatalog;
import dev.runnel.planner.catalog.CatalogContents.StoredDatabase;
import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.DataTypeParser;
import dev.runnel.runtime.types.RowType;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@link CatalogContents} as JSON, the form {@link DirectoryCatalogStore} keeps: readable and
 * versioned. The document is an object {@code {"format": "runnel-catalog", "version": 1,
 * "catalogs": {...}}}; catalogs hold {@code databases}, databases hold {@code tables},
 * {@code views} and {@code functions}, each an object by name. Types are spelled as
 * {@link DataType#toString()}; a field that would be {@code null} is left out.
 *
 * <p>Reading checks everything and says where a document is wrong
 * ({@code catalogs.c.databases.d.tables.t.columns[2].type: ...}). Stateless and thread-safe.
 */
final class CatalogContentsJson {
    static final String FORMAT = "runnel-catalog";
    /** The format version written; reading accepts this one and older ones. */
    static final int VERSION = 1;

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private CatalogContentsJson() {
    }

    /** Signals a document that is not a catalog, with where and what is wrong. */
    static final class FormatException extends Exception {
        FormatException(String message) {
            super(message);
        }
    }

    // ----------------------------------------------------------------------------------- writing

    static String write(CatalogContents contents) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", FORMAT);
        root.put("version", VERSION);
        ObjectNode catalogs = root.putObject("catalogs");
        contents.catalogs().forEach((name, catalog) -> writeCatalog(catalogs.putObject(name), catalog));
        try {
            return MAPPER.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("A tree of JSON nodes always serializes", e);
        }
    }

    private static void writeCatalog(ObjectNode node, StoredCatalog catalog) {
        CatalogDescription d = catalog.description();
        node.put("type", d.type());
        putIfSet(node, "comment", d.comment());
        putMap(node.putObject("options"), d.options());
        node.put("defaultDatabase", d.defaultDatabase());
        ObjectNode databases = node.putObject("databases");
        catalog.databases().forEach((name, db) -> writeDatabase(databases.putObject(name), db));
    }

    private static void writeDatabase(ObjectNode node, StoredDatabase db) {
        putIfSet(node, "comment", db.description().comment());
        putMap(node.putObject("properties"), db.description().properties());
        ObjectNode tables = node.putObject("tables");
        db.tables().forEach((name, table) -> writeTable(tables.putObject(name), table));
        ObjectNode views = node.putObject("views");
        db.views().forEach((name, view) -> writeView(views.putObject(name), view));
        ObjectNode functions = node.putObject("functions");
        db.functions().forEach((name, function) -> {
            ObjectNode f = functions.putObject(name);
            f.put("className", function.className());
            ArrayNode jars = f.putArray("jars");
            function.jars().forEach(jars::add);
        });
    }

    private static void writeTable(ObjectNode node, CatalogTable table) {
        ArrayNode columns = node.putArray("columns");
        for (TableColumn column : table.columns()) {
            ObjectNode c = columns.addObject();
            c.put("name", column.name());
            c.put("type", column.type().toString());
            if (column instanceof TableColumn.Computed computed) {
                c.put("kind", "computed");
                c.put("expression", computed.expression());
            } else if (column instanceof TableColumn.Metadata m) {
                c.put("kind", "metadata");
                putIfSet(c, "metadataKey", m.metadataKey());
                c.put("virtual", m.isVirtual());
            } else {
                c.put("kind", "physical");
            }
            putIfSet(c, "comment", column.comment());
        }
        putMap(node.putObject("options"), table.options());
        putIfSet(node, "comment", table.comment());
        if (table.watermark() != null) {
            ObjectNode w = node.putObject("watermark");
            w.put("rowtimeColumn", table.watermark().rowtimeColumn());
            w.put("expression", table.watermark().expression());
        }
        if (table.primaryKey() != null) {
            ObjectNode pk = node.putObject("primaryKey");
            pk.put("name", table.primaryKey().name());
            ArrayNode keyColumns = pk.putArray("columns");
            table.primaryKey().columns().forEach(keyColumns::add);
        }
        ArrayNode partitionKeys = node.putArray("partitionKeys");
        table.partitionKeys().forEach(partitionKeys::add);
    }

    private static void writeView(ObjectNode node, CatalogView view) {
        ArrayNode columns = node.putArray("columns");
        for (RowType.Field field : view.schema().fields()) {
            ObjectNode c = columns.addObject();
            c.put("name", field.name());
            c.put("type", field.type().toString());
        }
        node.put("expandedQuery", view.expandedQuery());
        putIfSet(node, "originalQuery", view.originalQuery());
        putIfSet(node, "comment", view.comment());
    }

    private static void putIfSet(ObjectNode node, String field, String value) {
        if (value != null) {
            node.put(field, value);
        }
    }

    private static void putMap(ObjectNode node, Map<String, String> map) {
        map.forEach(node::put);
    }

    // ----------------------------------------------------------------------------------- reading

    /** @throws FormatException saying where and what is wrong */
    static CatalogContents read(String json) throws FormatException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new FormatException("not valid JSON: " + e.getOriginalMessage()
                    + (e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr()));
        }
        if (root == null || !root.isObject()) {
            throw new FormatException("not a JSON object");
        }
        Node doc = new Node(root, "");
        String format = doc.text("format");
        if (!FORMAT.equals(format)) {
            throw new FormatException("format: expected \"" + FORMAT + "\", found \"" + format + "\"");
        }
        JsonNode version = root.get("version");
        if (version == null || !version.canConvertToExactIntegral()) {
            throw new FormatException("version: expected a whole number");
        }
        if (version.asInt() > VERSION || version.asInt() < 1) {
            throw new FormatException("version: " + version.asInt() + " is not a version this Runnel reads (1 to "
                    + VERSION + "); was it written by a newer Runnel?");
        }
        Map<String, StoredCatalog> catalogs = new TreeMap<>();
        for (Map.Entry<String, Node> e : doc.object("catalogs").entries()) {
            catalogs.put(e.getKey(), readCatalog(e.getKey(), e.getValue()));
        }
        if (catalogs.isEmpty()) {
            throw new FormatException("catalogs: a catalog store holds at least one catalog");
        }
        return new CatalogContents(catalogs);
    }

    private static StoredCatalog readCatalog(String catalog, Node node) throws FormatException {
        CatalogDescription description = new CatalogDescription(node.text("type"), node.optionalText("comment"),
                node.object("options").stringMap(), node.text("defaultDatabase"));
        Map<String, StoredDatabase> databases = new TreeMap<>();
        for (Map.Entry<String, Node> e : node.object("databases").entries()) {
            databases.put(e.getKey(), readDatabase(catalog, e.getKey(), e.getValue()));
        }
        return new StoredCatalog(description, databases);
    }

    private static StoredDatabase readDatabase(String catalog, String name, Node node) throws FormatException {
        CatalogDatabase description = new CatalogDatabase(node.optionalText("comment"),
                node.object("properties").stringMap());
        Map<String, CatalogTable> tables = new TreeMap<>();
        for (Map.Entry<String, Node> e : node.object("tables").entries()) {
            tables.put(e.getKey(), readTable(new ObjectIdentifier(catalog, name, e.getKey()), e.getValue()));
        }
        Map<String, CatalogView> views = new TreeMap<>();
        for (Map.Entry<String, Node> e : node.object("views").entries()) {
            if (tables.containsKey(e.getKey())) {
                throw e.getValue().error("a table of that name exists as well");
            }
            views.put(e.getKey(), readView(new ObjectIdentifier(catalog, name, e.getKey()), e.getValue()));
        }
        Map<String, CatalogFunction> functions = new TreeMap<>();
        for (Map.Entry<String, Node> e : node.object("functions").entries()) {
            CatalogFunction function = new CatalogFunction(new ObjectIdentifier(catalog, name, e.getKey()),
                    e.getValue().text("className"), e.getValue().stringList("jars"));
            if (!function.identifier().name().equals(e.getKey())) {
                throw e.getValue().error("a function name is kept in lower case");
            }
            functions.put(e.getKey(), function);
        }
        return new StoredDatabase(description, tables, views, functions);
    }

    private static CatalogTable readTable(ObjectIdentifier id, Node node) throws FormatException {
        List<TableColumn> columns = new ArrayList<>();
        for (Node c : node.array("columns")) {
            String name = c.text("name");
            DataType type = c.type("type");
            String comment = c.optionalText("comment");
            String kind = c.text("kind");
            columns.add(switch (kind) {
                case "physical" -> new TableColumn.Physical(name, type, comment);
                case "computed" -> new TableColumn.Computed(name, type, c.text("expression"), comment);
                case "metadata" -> new TableColumn.Metadata(name, type, c.optionalText("metadataKey"),
                        c.bool("virtual"), comment);
                default -> throw c.error("kind: expected physical, computed or metadata, found \"" + kind + "\"");
            });
        }
        WatermarkSpec watermark = null;
        if (node.has("watermark")) {
            Node w = node.object("watermark");
            watermark = new WatermarkSpec(w.text("rowtimeColumn"), w.text("expression"));
        }
        PrimaryKey primaryKey = null;
        if (node.has("primaryKey")) {
            Node pk = node.object("primaryKey");
            primaryKey = new PrimaryKey(pk.text("name"), pk.stringList("columns"));
        }
        return CatalogTable.of(id.name(), columns, node.object("options").stringMap(), node.optionalText("comment"),
                watermark, primaryKey, node.stringList("partitionKeys")).withIdentifier(id);
    }

    private static CatalogView readView(ObjectIdentifier id, Node node) throws FormatException {
        List<RowType.Field> fields = new ArrayList<>();
        for (Node c : node.array("columns")) {
            fields.add(new RowType.Field(c.text("name"), c.type("type")));
        }
        return new CatalogView(id, new RowType(fields), node.text("expandedQuery"), node.optionalText("originalQuery"),
                node.optionalText("comment"), false);
    }

    /** A JSON node and where it is in the document, for messages. */
    private record Node(JsonNode json, String path) {
        FormatException error(String message) {
            return new FormatException((path.isEmpty() ? "" : path + ": ") + message);
        }

        private String child(String field) {
            return path.isEmpty() ? field : path + "." + field;
        }

        boolean has(String field) {
            return json.has(field) && !json.get(field).isNull();
        }

        private JsonNode required(String field) throws FormatException {
            if (!has(field)) {
                throw error("missing field \"" + field + "\"");
            }
            return json.get(field);
        }

        String text(String field) throws FormatException {
            JsonNode value = required(field);
            if (!value.isTextual()) {
                throw new Node(value, child(field)).error("expected a string, found " + value.getNodeType());
            }
            return value.asText();
        }

        String optionalText(String field) throws FormatException {
            return has(field) ? text(field) : null;
        }

        boolean bool(String field) throws FormatException {
            JsonNode value = required(field);
            if (!value.isBoolean()) {
                throw new Node(value, child(field)).error("expected true or false, found " + value.getNodeType());
            }
            return value.asBoolean();
        }

        DataType type(String field) throws FormatException {
            String text = text(field);
            try {
                return DataTypeParser.parse(text);
            } catch (IllegalArgumentException e) {
                throw new Node(json.get(field), child(field)).error("'" + text + "' is not a data type: "
                        + e.getMessage());
            }
        }

        /** The object in {@code field}; an empty one when the field is absent. */
        Node object(String field) throws FormatException {
            JsonNode value = json.get(field);
            if (value == null || value.isNull()) {
                return new Node(MAPPER.createObjectNode(), child(field));
            }
            if (!value.isObject()) {
                throw new Node(value, child(field)).error("expected an object, found " + value.getNodeType());
            }
            return new Node(value, child(field));
        }

        List<Node> array(String field) throws FormatException {
            JsonNode value = required(field);
            if (!value.isArray()) {
                throw new Node(value, child(field)).error("expected an array, found " + value.getNodeType());
            }
            List<Node> items = new ArrayList<>();
            for (int i = 0; i < value.size(); i++) {
                items.add(new Node(value.get(i), child(field) + "[" + i + "]"));
            }
            return items;
        }

        /** The strings of the array in {@code field}; empty when the field is absent. */
        List<String> stringList(String field) throws FormatException {
            if (!has(field)) {
                return List.of();
            }
            List<String> strings = new ArrayList<>();
            for (Node item : array(field)) {
                if (!item.json().isTextual()) {
                    throw item.error("expected a string, found " + item.json().getNodeType());
                }
                strings.add(item.json().asText());
            }
            return strings;
        }

        /** This object's members by name, in document order, each an object. */
        List<Map.Entry<String, Node>> entries() throws FormatException {
            List<Map.Entry<String, Node>> entries = new ArrayList<>();
            Iterator<Map.Entry<String, JsonNode>> fields = json.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                Node node = new Node(e.getValue(), child(e.getKey()));
                if (!e.getValue().isObject()) {
                    throw node.error("expected an object, found " + e.getValue().getNodeType());
                }
                entries.add(Map.entry(e.getKey(), node));
            }
            return entries;
        }

        /** This object's members as strings, in document order. */
        Map<String, String> stringMap() throws FormatException {
            Map<String, String> map = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = json.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                if (!e.getValue().isTextual()) {
                    throw new Node(e.getValue(), child(e.getKey())).error("expected a string, found "
                            + e.getValue().getNodeType());
                }
                map.put(e.getKey(), e.getValue().asText());
            }
            return map;
        }
    }
}
