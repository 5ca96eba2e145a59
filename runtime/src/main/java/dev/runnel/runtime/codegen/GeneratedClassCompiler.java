package dev.runnel.runtime.codegen;

import java.net.MalformedURLException;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import org.codehaus.commons.compiler.CompileException;
import org.codehaus.janino.SimpleCompiler;

/** Compiles {@link GeneratedClass} sources with Janino, once per class loader and source. */
final class GeneratedClassCompiler {
    // Weak keys: a job's class loader and its compiled classes go away with the job.
    private static final Map<ClassLoader, Map<String, Class<?>>> CACHE = new WeakHashMap<>();
    private static final Map<ClassLoader, Map<List<String>, ClassLoader>> JAR_LOADERS = new WeakHashMap<>();

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

    private static Class<?> compile(GeneratedClass<?> generated, ClassLoader jobClassLoader) {
        ClassLoader classLoader = withJars(jobClassLoader, generated.jars());
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

    /** A class loader over {@code jars} below {@code parent}, one per parent and list of JARs. */
    private static ClassLoader withJars(ClassLoader parent, List<String> jars) {
        if (jars.isEmpty()) {
            return parent;
        }
        synchronized (JAR_LOADERS) {
            return JAR_LOADERS.computeIfAbsent(parent, p -> new ConcurrentHashMap<>())
                    .computeIfAbsent(jars, j -> new URLClassLoader(urls(j), parent));
        }
    }

    private static URL[] urls(List<String> jars) {
        URL[] urls = new URL[jars.size()];
        for (int i = 0; i < urls.length; i++) {
            try {
                urls[i] = URI.create(jars.get(i)).toURL();
            } catch (MalformedURLException | IllegalArgumentException e) {
                throw new IllegalStateException("Invalid JAR URI '" + jars.get(i) + "': " + e.getMessage(), e);
            }
        }
        return urls;
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
