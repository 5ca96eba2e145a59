package dev.runnel.shell.bench;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code runnel bench}: benchmarks that run inside this JVM; each one is a subcommand. */
@Command(name = "bench", mixinStandardHelpOptions = true, subcommands = NexmarkBenchCommand.class,
        description = "Runs a benchmark on embedded clusters in this JVM and prints what it measured.")
public final class BenchCommand implements Runnable {
    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "Missing the benchmark to run: nexmark");
    }
}
