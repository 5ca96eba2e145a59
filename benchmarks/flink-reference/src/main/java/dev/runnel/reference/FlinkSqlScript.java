package dev.runnel.reference;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;

/**
 * Runs SQL scripts on Apache Flink in streaming mode (a local MiniCluster) and prints what
 * Flink's client prints for each statement: a query's changelog as a tableau with its {@code op}
 * column, {@code [INFO]} for other statements, {@code [ERROR]} with the root cause for a
 * failure (and the script goes on). A reference for checking Runnel's conformance outputs; not
 * part of Runnel.
 *
 * <p>Usage: {@code FlinkSqlScript [-p parallelism] [-e statements] [file.sql ...]}.
 * {@code SET 'key' = 'value'} and {@code RESET} change the session's configuration, as in
 * Flink's SQL client.
 */
public final class FlinkSqlScript {
    private static final Pattern SET = Pattern.compile("(?is)\\s*SET\\s+'([^']*)'\\s*=\\s*'([^']*)'\\s*");
    private static final Pattern RESET = Pattern.compile("(?is)\\s*RESET(\\s+'([^']*)')?\\s*");

    private FlinkSqlScript() {
    }

    public static void main(String[] args) throws Exception {
        int parallelism = 1;
        List<String> scripts = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "-p" -> parallelism = Integer.parseInt(args[++i]);
                case "-e" -> scripts.add(args[++i]);
                default -> scripts.add(Files.readString(Path.of(args[i]), StandardCharsets.UTF_8));
            }
        }
        Configuration conf = new Configuration();
        conf.setString("parallelism.default", Integer.toString(parallelism));
        conf.setString("table.local-time-zone", "UTC");
        TableEnvironment env = TableEnvironment.create(
                EnvironmentSettings.newInstance().inStreamingMode().withConfiguration(conf).build());
        int failures = 0;
        for (String script : scripts) {
            for (String statement : split(script)) {
                if (!run(env, statement)) {
                    failures++;
                }
            }
        }
        System.out.flush();
        System.exit(failures == 0 ? 0 : 1);
    }

    private static boolean run(TableEnvironment env, String statement) {
        try {
            Matcher set = SET.matcher(statement);
            Matcher reset = RESET.matcher(statement);
            if (set.matches()) {
                env.getConfig().getConfiguration().setString(set.group(1), set.group(2));
                System.out.println("[INFO] Execute statement succeeded.");
                return true;
            }
            if (reset.matches()) {
                if (reset.group(2) != null) {
                    env.getConfig().getConfiguration().removeKey(reset.group(2));
                }
                System.out.println("[INFO] Execute statement succeeded.");
                return true;
            }
            TableResult result = env.executeSql(statement);
            String head = statement.stripLeading().toUpperCase();
            if (head.startsWith("INSERT") || head.startsWith("EXECUTE")) {
                result.await();
                System.out.println("[INFO] Complete execution of the SQL update statement.");
            } else if (result.getResultKind() == org.apache.flink.table.api.ResultKind.SUCCESS) {
                System.out.println("[INFO] Execute statement succeeded.");
            } else {
                result.print();
            }
            return true;
        } catch (Throwable e) {
            Throwable root = e;
            StringBuilder message = new StringBuilder(String.valueOf(e.getMessage()));
            while (root.getCause() != null && root.getCause() != root) {
                root = root.getCause();
                message.append("\n  caused by: ").append(root.getClass().getSimpleName()).append(": ").append(root.getMessage());
            }
            System.out.println("[ERROR] " + message);
            return false;
        }
    }

    /** The statements of {@code script}: split at {@code ;} outside quotes and comments, comments dropped. */
    static List<String> split(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        int n = script.length();
        for (int i = 0; i < n; i++) {
            char c = script.charAt(i);
            if (c == '-' && i + 1 < n && script.charAt(i + 1) == '-') {
                while (i < n && script.charAt(i) != '\n') {
                    i++;
                }
                current.append('\n');
            } else if (c == '/' && i + 1 < n && script.charAt(i + 1) == '*') {
                int end = script.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 1;
                current.append(' ');
            } else if (c == '\'' || c == '`' || c == '"') {
                int j = i + 1;
                while (j < n) {
                    if (script.charAt(j) == c) {
                        if (j + 1 < n && script.charAt(j + 1) == c) {
                            j += 2;
                            continue;
                        }
                        break;
                    }
                    j++;
                }
                current.append(script, i, Math.min(j + 1, n));
                i = j;
            } else if (c == ';') {
                add(statements, current);
            } else {
                current.append(c);
            }
        }
        add(statements, current);
        return statements;
    }

    private static void add(List<String> statements, StringBuilder current) {
        String s = current.toString().strip();
        if (!s.isEmpty()) {
            statements.add(s);
        }
        current.setLength(0);
    }
}
