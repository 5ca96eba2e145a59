package dev.runnel.shell.fake;

import dev.runnel.planner.session.SqlExecutionException;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.config.Configuration;
import dev.runnel.shell.engine.StatementExecutor;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A session that answers statements from a script of canned results, keyed by the exact
 * statement text. {@code SET 'k' = 'v'} updates its configuration as the real session does;
 * any other statement it does not know fails like an unknown table would.
 */
public final class FakeEngine implements StatementExecutor {
    private static final Pattern SET = Pattern.compile("SET\\s+'([^']*)'\\s*=\\s*'([^']*)'", Pattern.CASE_INSENSITIVE);

    private final Map<String, Supplier<StatementResult>> answers = new HashMap<>();
    private final List<String> executed = new ArrayList<>();
    private final FakeCluster cluster = new FakeCluster();
    private final FakeMetadata metadata = new FakeMetadata();
    private Configuration configuration = new Configuration();
    private boolean closed;

    /** {@code statement} returns {@code result}. */
    public FakeEngine on(String statement, StatementResult result) {
        answers.put(statement, () -> result);
        return this;
    }

    /** {@code statement} returns what {@code result} supplies, freshly each time. */
    public FakeEngine on(String statement, Supplier<StatementResult> result) {
        answers.put(statement, result);
        return this;
    }

    /** {@code statement} fails with {@code message} at {@code line}:{@code column} of its text. */
    public FakeEngine failOn(String statement, String message, int line, int column) {
        answers.put(statement, () -> {
            throw new SqlExecutionException(message, line, column, null);
        });
        return this;
    }

    /** The engine factory handing out this engine; it records the configuration it got. */
    public dev.runnel.shell.engine.EngineFactory factory() {
        return config -> {
            configuration = config.copy();
            return this;
        };
    }

    public FakeCluster fakeCluster() {
        return cluster;
    }

    public synchronized List<String> executed() {
        return List.copyOf(executed);
    }

    public synchronized boolean closed() {
        return closed;
    }

    @Override
    public StatementResult execute(String statement) {
        synchronized (this) {
            executed.add(statement);
        }
        Matcher set = SET.matcher(statement.strip());
        if (set.matches()) {
            configuration.set(set.group(1), set.group(2));
            return new StatementResult.Message("Session property has been set.");
        }
        Supplier<StatementResult> answer = answers.get(statement);
        if (answer == null) {
            throw new SqlExecutionException("Object '" + statement + "' not found", 1, 1, null);
        }
        return answer.get();
    }

    @Override
    public ClusterClient cluster() {
        return cluster;
    }

    @Override
    public Configuration configuration() {
        return configuration;
    }

    @Override
    public FakeMetadata metadata() {
        return metadata;
    }

    @Override
    public String description() {
        return "fake cluster with " + configuration.toMap().getOrDefault("taskmanager.numberOfTaskSlots", "2") + " slots";
    }

    @Override
    public synchronized void close() {
        closed = true;
        cluster.close();
    }
}
