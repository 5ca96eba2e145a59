package dev.runnel.shell.engine;

import dev.runnel.planner.session.SessionMetadata;
import dev.runnel.planner.session.StatementResult;
import dev.runnel.runtime.cluster.ClusterClient;
import dev.runnel.runtime.config.Configuration;
import java.util.List;

/**
 * The shell's executor: substitutes session variables ({@link VariableSubstitution}) in each
 * statement before the engine parses it, and moves the positions of the engine's errors back to
 * the statement as written. The REPL and script mode both run statements through it, so
 * {@code ${name}} means the same in both. Threading as {@link StatementExecutor}.
 */
public final class SubstitutingExecutor implements StatementExecutor {
    private final StatementExecutor engine;

    public SubstitutingExecutor(StatementExecutor engine) {
        this.engine = engine;
    }

    @Override
    public StatementResult execute(String statement) {
        VariableSubstitution.Substituted substituted =
                VariableSubstitution.apply(statement, VariableSubstitution.variables(engine.configuration()));
        try {
            return engine.execute(substituted.text());
        } catch (RuntimeException e) {
            throw substituted.translate(e);
        }
    }

    @Override
    public ClusterClient cluster() {
        return engine.cluster();
    }

    @Override
    public Configuration configuration() {
        return engine.configuration();
    }

    @Override
    public SessionMetadata metadata() {
        return engine.metadata();
    }

    @Override
    public boolean inStatementSet() {
        return engine.inStatementSet();
    }

    @Override
    public String description() {
        return engine.description();
    }

    @Override
    public List<String> warnings() {
        return engine.warnings();
    }

    @Override
    public void warmUpInBackground() {
        engine.warmUpInBackground();
    }

    @Override
    public void close() {
        engine.close();
    }
}
