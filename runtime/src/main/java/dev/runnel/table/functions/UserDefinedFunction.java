package dev.runnel.table.functions;

import java.io.Serializable;

/**
 * The base of functions that users write in Java and register with {@code CREATE FUNCTION}.
 *
 * <p>Lifecycle (as in Flink): each subtask that evaluates the function creates its own
 * instance through the public no-argument constructor, calls {@link #open} once before the
 * first call, and {@link #close} once when the subtask ends. An instance is used by one thread
 * only, so it needs no synchronization and may keep state between calls.
 */
public abstract class UserDefinedFunction implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Called once per instance before the first evaluation; acquire resources here. */
    public void open(FunctionContext context) throws Exception {
    }

    /** Called once when the subtask ends (also after a failure); release resources here. */
    public void close() throws Exception {
    }

    /**
     * Whether the function returns the same result for the same arguments. Runnel does not fold
     * calls into constants when planning, so this is informational for now.
     */
    public boolean isDeterministic() {
        return true;
    }
}
