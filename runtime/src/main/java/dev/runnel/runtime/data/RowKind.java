package dev.runnel.runtime.data;

/** The change a row describes in a changelog stream. */
public enum RowKind {
    INSERT("+I"),
    UPDATE_BEFORE("-U"),
    UPDATE_AFTER("+U"),
    DELETE("-D");

    private final String shortString;

    RowKind(String shortString) {
        this.shortString = shortString;
    }

    /** The short form used in printed changelogs: {@code +I}, {@code -U}, {@code +U}, {@code -D}. */
    public String shortString() {
        return shortString;
    }

    /** Parses the short form ({@code +I} …). */
    public static RowKind fromShortString(String s) {
        for (RowKind kind : values()) {
            if (kind.shortString.equals(s)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("Unknown row kind '" + s + "', expected one of +I, -U, +U, -D");
    }
}
