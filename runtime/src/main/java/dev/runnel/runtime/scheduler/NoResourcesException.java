package dev.runnel.runtime.scheduler;

/** A job cannot get the slots it needs: the cluster is too small, or the slots stayed busy too long. */
public class NoResourcesException extends RuntimeException {
    public NoResourcesException(String message) {
        super(message);
    }
}
