package dev.runnel.runtime.types;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads back the text of {@link DataType#toString()} ({@code ARRAY<INT NOT NULL>},
 * {@code MAP<STRING, ROW<`a` DECIMAL(10, 2)>>}), so that generated code can name a type by a
 * string constant. {@link #cached} parses each text once per JVM.
 */
public final class DataTypeParser {
    private static final Map<String, DataType> CACHE = new ConcurrentHashMap<>();

    private final String text;
    private int pos;

    private DataTypeParser(String text) {
        this.text = text;
    }

    /**
     * The type spelled {@code text}.
     *
     * @throws IllegalArgumentException if {@code text} is not such a spelling
     */
    public static DataType parse(String text) {
        DataTypeParser parser = new DataTypeParser(text);
        DataType type = parser.type();
        parser.skipSpaces();
        if (parser.pos != text.length()) {
            throw parser.error("end of type");
        }
        return type;
    }

    /** {@link #parse}, remembering each text's type. */
    public static DataType cached(String text) {
        return CACHE.computeIfAbsent(text, DataTypeParser::parse);
    }

    private DataType type() {
        String word = word();
        DataType base = switch (word) {
            case "STRING" -> DataType.of(TypeRoot.VARCHAR);
            case "BYTES" -> DataType.of(TypeRoot.VARBINARY);
            case "INT" -> DataType.of(TypeRoot.INTEGER);
            case "DECIMAL" -> {
                expect('(');
                int precision = number();
                expect(',');
                int scale = number();
                expect(')');
                yield DataType.decimal(precision, scale);
            }
            case "ARRAY", "MULTISET" -> {
                expect('<');
                DataType element = type();
                expect('>');
                yield word.equals("ARRAY") ? DataType.array(element) : DataType.multiset(element);
            }
            case "MAP" -> {
                expect('<');
                DataType key = type();
                expect(',');
                DataType value = type();
                expect('>');
                yield DataType.map(key, value);
            }
            case "ROW" -> DataType.row(rowFields());
            default -> {
                TypeRoot root = root(word);
                if (peek('(')) {
                    expect('(');
                    int precision = number();
                    expect(')');
                    yield new DataType(root, true, precision, 0);
                }
                yield DataType.of(root);
            }
        };
        int mark = pos;
        if (word().equals("NOT") && word().equals("NULL")) {
            return base.notNull();
        }
        pos = mark;
        return base;
    }

    private List<RowType.Field> rowFields() {
        expect('<');
        List<RowType.Field> fields = new ArrayList<>();
        do {
            String name = quotedName();
            fields.add(new RowType.Field(name, type()));
        } while (consume(','));
        expect('>');
        return fields;
    }

    private String quotedName() {
        expect('`');
        StringBuilder name = new StringBuilder();
        while (true) {
            if (pos >= text.length()) {
                throw error("`");
            }
            char c = text.charAt(pos++);
            if (c == '`') {
                if (pos < text.length() && text.charAt(pos) == '`') {
                    pos++;
                } else {
                    return name.toString();
                }
            }
            name.append(c);
        }
    }

    private TypeRoot root(String word) {
        try {
            return TypeRoot.valueOf(word);
        } catch (IllegalArgumentException e) {
            throw error("a type name");
        }
    }

    private String word() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && (Character.isLetter(text.charAt(pos)) || text.charAt(pos) == '_')) {
            pos++;
        }
        return text.substring(start, pos);
    }

    private int number() {
        skipSpaces();
        int start = pos;
        while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
            pos++;
        }
        if (start == pos) {
            throw error("a number");
        }
        return Integer.parseInt(text.substring(start, pos));
    }

    private boolean peek(char c) {
        skipSpaces();
        return pos < text.length() && text.charAt(pos) == c;
    }

    private boolean consume(char c) {
        if (peek(c)) {
            pos++;
            return true;
        }
        return false;
    }

    private void expect(char c) {
        if (!consume(c)) {
            throw error("'" + c + "'");
        }
    }

    private void skipSpaces() {
        while (pos < text.length() && text.charAt(pos) == ' ') {
            pos++;
        }
    }

    private IllegalArgumentException error(String expected) {
        return new IllegalArgumentException("Expected " + expected + " at position " + pos + " of type '" + text + "'");
    }
}
