package dev.runnel.runtime.state;

import java.io.DataInput;
import java.io.DataOutput;

/** The namespace of state that is scoped to the key only (not to a window). */
public enum VoidNamespace {
    INSTANCE;

    /** Writes nothing: every key has exactly one void namespace. */
    public static final TypeSerializer<VoidNamespace> SERIALIZER = new TypeSerializer<>() {
        private static final long serialVersionUID = 1L;

        @Override
        public void serialize(VoidNamespace value, DataOutput out) {
        }

        @Override
        public VoidNamespace deserialize(DataInput in) {
            return INSTANCE;
        }

        @Override
        public VoidNamespace copy(VoidNamespace value) {
            return value;
        }

        private Object readResolve() {
            return SERIALIZER;
        }
    };
}
