package dev.runnel.runtime.checkpoint;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;

/** The {@link CheckpointStorageFactory} storages on the class path, by scheme, loaded once. */
final class PluggedStorages {
    private static final Map<String, CheckpointStorage> BY_SCHEME = load();

    private PluggedStorages() {
    }

    /** The storage plugged in for {@code scheme}, or {@code null}. */
    static CheckpointStorage forScheme(String scheme) {
        return BY_SCHEME.get(scheme.toLowerCase(Locale.ROOT));
    }

    private static Map<String, CheckpointStorage> load() {
        Map<String, CheckpointStorage> storages = new HashMap<>();
        for (CheckpointStorageFactory factory : ServiceLoader.load(CheckpointStorageFactory.class,
                PluggedStorages.class.getClassLoader())) {
            CheckpointStorage before = storages.putIfAbsent(factory.scheme().toLowerCase(Locale.ROOT), factory.create());
            if (before != null) {
                throw new IllegalStateException("Two checkpoint storages for scheme '" + factory.scheme() + "': "
                        + before.getClass().getName() + " and " + factory.getClass().getName());
            }
        }
        return Map.copyOf(storages);
    }
}
