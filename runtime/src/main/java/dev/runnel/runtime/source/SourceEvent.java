package dev.runnel.runtime.source;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * What a source reader and its {@link SplitEnumerator} in the JobManager say to each other,
 * through the gateways between TaskManager and JobManager (over the network in a cluster, so
 * every event is serializable). Events of one direction arrive in the order they were sent,
 * and an event to a reader keeps its place among the checkpoint triggers sent to it.
 */
public sealed interface SourceEvent extends Serializable {

    /** Reader to enumerator: the reader opened (restored its own splits, if any) and takes splits. */
    record ReaderRegistered() implements SourceEvent {
    }

    /** Enumerator to reader: read these splits too. */
    record AddSplits(ArrayList<Serializable> splits) implements SourceEvent {
        public AddSplits(List<? extends Serializable> splits) {
            this(new ArrayList<>(splits));
        }
    }

    /** Enumerator to reader: no more splits will come. */
    record NoMoreSplits() implements SourceEvent {
    }
}
