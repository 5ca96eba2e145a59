package dev.runnel.runtime.operators.aggregate.functions;

import dev.runnel.runtime.state.TypeSerializer;

import java.io.Serializable;

/**
 * Declares a {@link MapView} an aggregate function needs: a name unique within the function
 * (callers prefix it to build a state name unique within the operator) and how to serialize
 * its keys and values.
 */
public record ViewSpec(String name, TypeSerializer<Object> keySerializer, TypeSerializer<Object> valueSerializer)
        implements Serializable {

    /** A view spec with the given serializers, whatever their value types. */
    @SuppressWarnings("unchecked")
    public static ViewSpec of(String name, TypeSerializer<?> keySerializer, TypeSerializer<?> valueSerializer) {
        return new ViewSpec(name, (TypeSerializer<Object>) keySerializer, (TypeSerializer<Object>) valueSerializer);
    }

    /** The same view under {@code prefix + name}. */
    public ViewSpec prefixed(String prefix) {
        return new ViewSpec(prefix + name, keySerializer, valueSerializer);
    }
}
