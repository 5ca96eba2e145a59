package dev.runnel.shell.engine;

import dev.runnel.runtime.config.Configuration;

/** Starts the engine the shell talks to, from the settings given on the command line. */
@FunctionalInterface
public interface EngineFactory {

    /** Starts an engine; {@code configuration} holds {@code -D} settings and the slot count. */
    StatementExecutor start(Configuration configuration);
}
