package dev.runnel.planner.functions;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.calcite.avatica.util.ByteString;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql.type.SqlTypeUtil;

/**
 * Converts the binary values nested in rows and collections between the runtime's
 * {@code byte[]} and Calcite's {@link ByteString}, which generated code reads and writes. Called
 * by generated code ({@code CalcCodeGenerator}) only for the fields whose type
 * {@link #needsConversion needs it}: every other nested value already is in Calcite's
 * representation.
 */
public final class NestedBinaries {
    private NestedBinaries() {
    }

    /** Whether a value of {@code type} holds binary values inside a row or a collection. */
    public static boolean needsConversion(RelDataType type) {
        if (type.isStruct()) {
            return type.getFieldList().stream().map(RelDataTypeField::getType).anyMatch(NestedBinaries::holdsBinary);
        }
        if (type.getComponentType() != null) {
            return holdsBinary(type.getComponentType());
        }
        if (type.getKeyType() != null) {
            return holdsBinary(type.getKeyType()) || holdsBinary(type.getValueType());
        }
        return false;
    }

    private static boolean holdsBinary(RelDataType type) {
        return SqlTypeUtil.isBinary(type) || needsConversion(type);
    }

    /** {@code value} with every nested {@code byte[]} as a {@link ByteString}. */
    public static Object toCalcite(Object value) {
        return convert(value, true);
    }

    /** {@code value} with every nested {@link ByteString} as a {@code byte[]}. */
    public static Object toInternal(Object value) {
        return convert(value, false);
    }

    private static Object convert(Object value, boolean toCalcite) {
        if (toCalcite && value instanceof byte[] bytes) {
            return new ByteString(bytes);
        }
        if (!toCalcite && value instanceof ByteString bytes) {
            return bytes.getBytes();
        }
        if (value instanceof Object[] fields) {
            Object[] converted = new Object[fields.length];
            for (int i = 0; i < fields.length; i++) {
                converted[i] = convert(fields[i], toCalcite);
            }
            return converted;
        }
        if (value instanceof List<?> list) {
            List<Object> converted = new ArrayList<>(list.size());
            for (Object element : list) {
                converted.add(convert(element, toCalcite));
            }
            return converted;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> converted = new LinkedHashMap<>();
            for (Map.Entry<?, ?> e : map.entrySet()) {
                converted.put(convert(e.getKey(), toCalcite), convert(e.getValue(), toCalcite));
            }
            return converted;
        }
        return value;
    }
}
