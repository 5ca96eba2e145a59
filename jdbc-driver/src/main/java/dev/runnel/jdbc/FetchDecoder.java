package dev.runnel.jdbc;

import com.google.protobuf.CodedInputStream;
import com.google.protobuf.WireFormat;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.apache.calcite.avatica.Meta;
import org.apache.calcite.avatica.proto.Common;
import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.Service;

/**
 * Avatica's PROTOBUF translation with the answers to fetches read straight from their bytes into
 * the rows Avatica's own parse gives ({@link Meta.Frame#fromProto}), at a fraction of its cost.
 *
 * <p>Avatica parses a frame into a tree of messages (per cell a {@code ColumnValue} and its
 * {@code TypedValue} twice, the deprecated {@code value} copy included), then asks each column by
 * reflection which of its fields are set. Here a frame's scalars of the common types (null,
 * integers, floating point, boolean, text, decimal) are read in one pass and the deprecated copy
 * is skipped; any other cell (arrays, bytes, dates, an old-style or malformed column) is handed
 * to Avatica as a one-cell frame, so every value is the one Avatica would give, and so is every
 * error. Everything but {@code FetchResponse} goes to the delegate untouched.
 */
final class FetchDecoder implements ProtobufTranslation {
    private static final String FETCH_RESPONSE = Responses.FetchResponse.class.getName();
    /** A cell Avatica is to read. */
    private static final Object AVATICA = new Object();
    // Wire types, for the tags (field number << 3 | wire type) the generated parsers switch on.
    private static final int VARINT = WireFormat.WIRETYPE_VARINT;
    private static final int LENGTH = WireFormat.WIRETYPE_LENGTH_DELIMITED;
    private static final int FIXED64 = WireFormat.WIRETYPE_FIXED64;

    private final ProtobufTranslation delegate;

    FetchDecoder(ProtobufTranslation delegate) {
        this.delegate = delegate;
    }

    @Override
    public byte[] serializeRequest(Service.Request request) throws IOException {
        return delegate.serializeRequest(request);
    }

    @Override
    public Service.Response parseResponse(byte[] bytes) throws IOException {
        // The envelope (WireMessage: name, wrapped_message) read in place: the wrapped answer is not copied.
        CodedInputStream in = CodedInputStream.newInstance(bytes);
        String name = "";
        int start = -1;
        int length = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case WireMessage.NAME_FIELD_NUMBER << 3 | LENGTH -> name = in.readStringRequireUtf8();
                case WireMessage.WRAPPED_MESSAGE_FIELD_NUMBER << 3 | LENGTH -> {
                    length = in.readRawVarint32();
                    start = in.getTotalBytesRead();
                    in.skipRawBytes(length);
                }
                default -> in.skipField(tag);
            }
        }
        if (!name.equals(FETCH_RESPONSE) || start < 0) {
            return delegate.parseResponse(bytes);
        }
        return fetchResponse(bytes, start, length);
    }

    @Override
    public byte[] serializeResponse(Service.Response response) throws IOException {
        return delegate.serializeResponse(response);
    }

    @Override
    public Service.Request parseRequest(byte[] bytes) throws IOException {
        return delegate.parseRequest(bytes);
    }

    /** The {@code Responses.FetchResponse} at {@code bytes[offset, offset + size)}, as Avatica reads it. */
    static Service.FetchResponse fetchResponse(byte[] bytes, int offset, int size) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(bytes, offset, size);
        Meta.Frame frame = null;
        boolean missingStatement = false;
        boolean missingResults = false;
        Service.RpcMetadataResponse metadata = null;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case Responses.FetchResponse.FRAME_FIELD_NUMBER << 3 | LENGTH -> {
                    int length = in.readRawVarint32();
                    int start = offset + in.getTotalBytesRead();
                    frame = frame(bytes, start, length);
                    in.skipRawBytes(length);
                }
                case Responses.FetchResponse.MISSING_STATEMENT_FIELD_NUMBER << 3 | VARINT ->
                        missingStatement = in.readBool();
                case Responses.FetchResponse.MISSING_RESULTS_FIELD_NUMBER << 3 | VARINT ->
                        missingResults = in.readBool();
                case Responses.FetchResponse.METADATA_FIELD_NUMBER << 3 | LENGTH -> {
                    String address = Responses.RpcMetadata.parseFrom(in.readBytes()).getServerAddress();
                    metadata = new Service.RpcMetadataResponse(address.isEmpty() ? null : address);
                }
                default -> in.skipField(tag);
            }
        }
        return new Service.FetchResponse(frame != null ? frame : Meta.Frame.fromProto(
                Common.Frame.getDefaultInstance()), missingStatement, missingResults, metadata);
    }

    /** A {@code Common.Frame} at {@code bytes[start, start + length)}. */
    static Meta.Frame frame(byte[] bytes, int start, int length) throws IOException {
        CodedInputStream in = CodedInputStream.newInstance(bytes, start, length);
        long offset = 0;
        boolean done = false;
        List<Object> rows = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case Common.Frame.OFFSET_FIELD_NUMBER << 3 | VARINT -> offset = in.readUInt64();
                case Common.Frame.DONE_FIELD_NUMBER << 3 | VARINT -> done = in.readBool();
                case Common.Frame.ROWS_FIELD_NUMBER << 3 | LENGTH -> rows.add(row(bytes, start, in));
                default -> in.skipField(tag);
            }
        }
        return new Meta.Frame(offset, done, rows);
    }

    /** A {@code Common.Row}, read from {@code in} over {@code bytes} from {@code base}; a list as Avatica's. */
    private static List<Object> row(byte[] bytes, int base, CodedInputStream in) throws IOException {
        int limit = in.pushLimit(in.readRawVarint32());
        List<Object> row = new ArrayList<>();
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == (Common.Row.VALUE_FIELD_NUMBER << 3 | LENGTH)) {
                row.add(column(bytes, base, in));
            } else {
                in.skipField(tag);
            }
        }
        in.popLimit(limit);
        return row;
    }

    /** A {@code Common.ColumnValue}, read from {@code in} over {@code bytes} from {@code base}, as Avatica reads it. */
    private static Object column(byte[] bytes, int base, CodedInputStream in) throws IOException {
        int length = in.readRawVarint32();
        int start = base + in.getTotalBytesRead();
        int columnLimit = in.pushLimit(length);
        Object scalar = AVATICA;
        boolean seenScalar = false;
        boolean other = false;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            if (tag == (Common.ColumnValue.SCALAR_VALUE_FIELD_NUMBER << 3 | LENGTH) && !seenScalar) {
                seenScalar = true;
                int limit = in.pushLimit(in.readRawVarint32());
                scalar = scalar(in);
                in.skipRawBytes(in.getBytesUntilLimit()); // what scalar() left when it gave up
                in.popLimit(limit);
            } else if (tag == (Common.ColumnValue.VALUE_FIELD_NUMBER << 3 | LENGTH)) {
                in.skipField(tag); // the deprecated copy, read only by Avatica for an old-style column
            } else {
                other = true; // an array, has_array_value, a second scalar, an unknown field
                in.skipField(tag);
            }
        }
        in.popLimit(columnLimit);
        return scalar == AVATICA || other ? avatica(bytes, start, length) : scalar;
    }

    /**
     * A {@code Common.TypedValue} of a type read here, with the value Avatica's {@code getSerialFromProto}
     * gives, or {@link #AVATICA}.
     */
    private static Object scalar(CodedInputStream in) throws IOException {
        int type = Common.Rep.PRIMITIVE_BOOLEAN_VALUE;
        boolean bool = false;
        String string = "";
        long number = 0;
        double dbl = 0;
        for (int tag = in.readTag(); tag != 0; tag = in.readTag()) {
            switch (tag) {
                case Common.TypedValue.TYPE_FIELD_NUMBER << 3 | VARINT -> type = in.readEnum();
                case Common.TypedValue.BOOL_VALUE_FIELD_NUMBER << 3 | VARINT -> bool = in.readBool();
                case Common.TypedValue.STRING_VALUE_FIELD_NUMBER << 3 | LENGTH -> string = in.readStringRequireUtf8();
                case Common.TypedValue.NUMBER_VALUE_FIELD_NUMBER << 3 | VARINT -> number = in.readSInt64();
                case Common.TypedValue.DOUBLE_VALUE_FIELD_NUMBER << 3 | FIXED64 -> dbl = in.readDouble();
                case Common.TypedValue.NULL_FIELD_NUMBER << 3 | VARINT,
                     Common.TypedValue.IMPLICITLY_NULL_FIELD_NUMBER << 3 | VARINT,
                     Common.TypedValue.COMPONENT_TYPE_FIELD_NUMBER << 3 | VARINT -> in.readRawVarint64();
                default -> {
                    return AVATICA; // bytes, an array, a field of a later Avatica
                }
            }
        }
        return switch (type) {
            case Common.Rep.NULL_VALUE -> null;
            case Common.Rep.LONG_VALUE, Common.Rep.PRIMITIVE_LONG_VALUE, Common.Rep.NUMBER_VALUE -> number;
            case Common.Rep.INTEGER_VALUE, Common.Rep.PRIMITIVE_INT_VALUE -> (int) number;
            case Common.Rep.STRING_VALUE -> string;
            case Common.Rep.DOUBLE_VALUE, Common.Rep.PRIMITIVE_DOUBLE_VALUE -> dbl;
            case Common.Rep.BOOLEAN_VALUE, Common.Rep.PRIMITIVE_BOOLEAN_VALUE -> bool;
            case Common.Rep.SHORT_VALUE, Common.Rep.PRIMITIVE_SHORT_VALUE -> (short) number;
            case Common.Rep.BYTE_VALUE, Common.Rep.PRIMITIVE_BYTE_VALUE -> (byte) number;
            case Common.Rep.FLOAT_VALUE, Common.Rep.PRIMITIVE_FLOAT_VALUE -> Float.intBitsToFloat((int) number);
            // A number beside the text is the decimal's old (pre CALCITE-1103) form: Avatica's to read.
            case Common.Rep.BIG_DECIMAL_VALUE -> number == 0 ? new BigDecimal(string) : AVATICA;
            default -> AVATICA;
        };
    }

    /** What Avatica makes of one column: its value as the only cell of a frame. */
    private static Object avatica(byte[] bytes, int start, int length) throws IOException {
        Common.ColumnValue column = Common.ColumnValue.parseFrom(CodedInputStream.newInstance(bytes, start, length));
        Common.Frame frame = Common.Frame.newBuilder().addRows(Common.Row.newBuilder().addValue(column)).build();
        return ((List<?>) Meta.Frame.fromProto(frame).rows.iterator().next()).get(0);
    }
}
