package dev.runnel.runtime.cluster;

import java.io.Serializable;

/**
 * A TaskManager registered at the JobManager, as the REST endpoint's {@code /taskmanagers} lists it.
 *
 * @param slots the slots it offers
 * @param freeSlots those of its slots no job holds
 */
public record TaskManagerInfo(String id, int slots, int freeSlots, TaskManagerLocation location)
        implements Serializable {
}
