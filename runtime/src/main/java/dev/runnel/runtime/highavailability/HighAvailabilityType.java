package dev.runnel.runtime.highavailability;

/** What {@code high-availability.type} selects. */
public enum HighAvailabilityType {
    /** One JobManager; its stores live in its memory (embedded and plain session clusters). */
    NONE,
    /** JobManagers elect a leader through ZooKeeper; the stores are files under the storage directory. */
    ZOOKEEPER
}
