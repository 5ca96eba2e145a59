package dev.runnel.shell.gateway;

/** What the gateway reports about the product to JDBC's {@code DatabaseMetaData}. */
final class GatewayVersion {
    static final String VERSION = version();
    static final int MAJOR = part(0);
    static final int MINOR = part(1);
    /** The words Runnel's SQL reserves beyond SQL:2003's, as {@code getSQLKeywords} lists them. */
    static final String KEYWORDS = "CATALOGS,CHANGELOG_MODE,COMPILE,DATABASES,ESTIMATED_COST,EXTENDED,FUNCTIONS,JAR,"
            + "JOB,JOBS,JSON_EXECUTION_PLAN,MODULES,OVERWRITE,PARTITIONED,PLAN_ADVICE,RAW,SAVEPOINT,STATEMENT,"
            + "TABLES,USE,VIEWS,WATERMARK,WATERMARKS";

    private GatewayVersion() {
    }

    private static String version() {
        String version = GatewayVersion.class.getPackage().getImplementationVersion();
        return version != null ? version : "0.1.0-SNAPSHOT";
    }

    private static int part(int index) {
        String[] parts = VERSION.split("[.-]");
        try {
            return parts.length > index ? Integer.parseInt(parts[index]) : 0;
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
