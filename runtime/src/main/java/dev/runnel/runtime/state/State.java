package dev.runnel.runtime.state;

/**
 * Keyed state: every access reads or writes the entry of the backend's current key
 * ({@link KeyedStateBackend#setCurrentKey}) and of this state's current namespace.
 *
 * @param <N> the namespace type, {@link VoidNamespace} for state scoped to the key only
 */
public interface State<N> {
    /** Scopes the following accesses to {@code namespace} (such as a window); initially none is set. */
    void setCurrentNamespace(N namespace);

    /** Removes the entry of the current key and namespace. */
    void clear();
}
