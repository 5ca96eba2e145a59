package dev.runnel.runtime.connector.nexmark;

import dev.runnel.runtime.types.DataType;
import dev.runnel.runtime.types.RowType;
import dev.runnel.runtime.types.TypeRoot;
import java.util.List;

/**
 * The physical columns of a {@code nexmark} table, as Flink's Nexmark setup declares them:
 * {@code event_type INT} (0 person, 1 auction, 2 bid) and one ROW column per event kind.
 */
public final class NexmarkSchema {
    private NexmarkSchema() {
    }

    private static final DataType BIGINT = DataType.of(TypeRoot.BIGINT);
    private static final DataType STRING = DataType.of(TypeRoot.VARCHAR);
    private static final DataType TIMESTAMP = DataType.of(TypeRoot.TIMESTAMP, 3);

    public static final DataType PERSON = DataType.row(List.of(field("id", BIGINT), field("name", STRING),
            field("emailAddress", STRING), field("creditCard", STRING), field("city", STRING), field("state", STRING),
            field("dateTime", TIMESTAMP), field("extra", STRING)));

    public static final DataType AUCTION = DataType.row(List.of(field("id", BIGINT), field("itemName", STRING),
            field("description", STRING), field("initialBid", BIGINT), field("reserve", BIGINT),
            field("dateTime", TIMESTAMP), field("expires", TIMESTAMP), field("seller", BIGINT),
            field("category", BIGINT), field("extra", STRING)));

    public static final DataType BID = DataType.row(List.of(field("auction", BIGINT), field("bidder", BIGINT),
            field("price", BIGINT), field("channel", STRING), field("url", STRING), field("dateTime", TIMESTAMP),
            field("extra", STRING)));

    public static final RowType ROW_TYPE = new RowType(List.of(field("event_type", DataType.of(TypeRoot.INTEGER)),
            field("person", PERSON), field("auction", AUCTION), field("bid", BID)));

    /**
     * The DDL of Flink's Nexmark setup for a table named {@code table} with the given WITH
     * options (already formatted as {@code 'k' = 'v'} pairs): the physical columns, the
     * {@code dateTime} of every event as a computed column, and its watermark.
     */
    public static String createTable(String table, String options) {
        return "CREATE TABLE " + table + " (\n"
                + "  event_type INT,\n"
                + "  person " + PERSON + ",\n"
                + "  auction " + AUCTION + ",\n"
                + "  bid " + BID + ",\n"
                + "  dateTime AS CASE WHEN event_type = 0 THEN person.dateTime\n"
                + "                   WHEN event_type = 1 THEN auction.dateTime\n"
                + "                   ELSE bid.dateTime END,\n"
                + "  WATERMARK FOR dateTime AS dateTime - INTERVAL '4' SECOND\n"
                + ") WITH (" + options + ")";
    }

    /**
     * The views {@code person}, {@code auction} and {@code bid} over the {@code nexmark} table, as
     * Flink's setup defines them: each event's {@code dateTime} is the table's computed rowtime
     * column (not the nested field), so windows and interval joins can use it.
     */
    public static List<String> createViews(String table) {
        return List.of(view("person", PERSON, table, 0), view("auction", AUCTION, table, 1), view("bid", BID, table, 2));
    }

    private static String view(String name, DataType type, String table, int eventType) {
        StringBuilder columns = new StringBuilder();
        for (RowType.Field f : type.fields()) {
            if (!columns.isEmpty()) {
                columns.append(", ");
            }
            // the table's dateTime equals the event's and carries the watermark
            columns.append(f.name().equals("dateTime") ? "dateTime" : name + '.' + f.name());
        }
        return "CREATE VIEW " + name + " AS SELECT " + columns + " FROM " + table + " WHERE event_type = " + eventType;
    }

    private static RowType.Field field(String name, DataType type) {
        return new RowType.Field(name, type);
    }
}
