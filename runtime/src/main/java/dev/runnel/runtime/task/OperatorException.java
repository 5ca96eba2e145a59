package dev.runnel.runtime.task;

import dev.runnel.runtime.network.ChannelReleasedException;

/** An operator (or source reader) of a task threw; names which one. */
public class OperatorException extends RuntimeException {
    private final String operatorName;

    public OperatorException(String operatorName, Throwable cause) {
        super("Operator '" + operatorName + "' failed: " + cause, cause);
        this.operatorName = operatorName;
    }

    public String operatorName() {
        return operatorName;
    }

    /** Runs an operator call, wrapping what it throws so the failure names the operator. */
    static void invoke(String operatorName, OperatorCall call) {
        try {
            call.run();
        } catch (OperatorException | CancelTaskException | ChannelReleasedException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelTaskException();
        } catch (Exception e) {
            throw new OperatorException(operatorName, e);
        }
    }

    /** Like {@link #invoke}, for a call that returns a value. */
    static <T> T call(String operatorName, OperatorFunction<T> call) {
        try {
            return call.apply();
        } catch (OperatorException | CancelTaskException | ChannelReleasedException e) {
            throw e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelTaskException();
        } catch (Exception e) {
            throw new OperatorException(operatorName, e);
        }
    }

    /** A call into an operator that returns a value. */
    @FunctionalInterface
    interface OperatorFunction<T> {
        T apply() throws Exception;
    }

    /** A call into an operator. */
    @FunctionalInterface
    interface OperatorCall {
        void run() throws Exception;
    }
}
