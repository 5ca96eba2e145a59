package dev.runnel.runtime.codegen;

import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;

/** Compiles {@link GeneratedClass} sources with Janino, once per class loader and source. */
final class GeneratedClassCompiler {
    // Weak keys: a job's class loader and its compiled classes go away with the job.
    private static final Map<ClassLoader, Map<String, Class<?>>> CACHE = new WeakHashMap<>();

    private GeneratedClassCompiler() {
    }

    static <T> T newInstance(GeneratedClass<T> generated, ClassLoader classLoader) {
        try {
            @SuppressWarnings("unchecked")
            Class<T> clazz = (Class<T>) compile(generated, classLoader);
            return clazz.getConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("Cannot instantiate generated class " + generated.className(), e);
        }
    }

    private static Class<?> compile(GeneratedClass<?> generated, ClassLoader classLoader) {
        Map<String, Class<?>> classes;
        synchronized (CACHE) {
            classes = CACHE.computeIfAbsent(classLoader, cl -> new ConcurrentHashMap<>());
        }
        return classes.computeIfAbsent(generated.code(), code -> {
            SimpleCompiler compiler = new SimpleCompiler();
            compiler.setParentClassLoader(classLoader);
            try {
                compiler.cook(code);
                return compiler.getClassLoader().loadClass(generated.className());
            } catch (CompileException | ClassNotFoundException e) {
                throw new IllegalStateException("Generated class " + generated.className()
                        + " does not compile: " + e.getMessage() + "\n" + numbered(code), e);
            }
        });
    }

    private static String numbered(String code) {
        StringBuilder sb = new StringBuilder();
        String[] lines = code.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            sb.append(String.format("%4d  %s%n", i + 1, lines[i]));
        }
        return sb.toString();
    }
}
