package dev.runnel.planner.functions;

import java.lang.reflect.Method;
import java.util.TimeZone;
import java.util.function.Function;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.sql.SqlKind;

/**
 * Finds the static method that implements a {@link RunnelFunction} for a call. A method may
 * take the session time zone as an extra last parameter ({@link TimeZone}), which the generated
 * code passes; it does not count as an operand.
 */
final class StaticMethods {
    private StaticMethods() {
    }

    /** The public static method {@code owner.name(parameterTypes)}. */
    static Method method(Class<?> owner, String name, Class<?>... parameterTypes) {
        try {
            return owner.getMethod(name, parameterTypes);
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException("No method " + owner.getSimpleName() + "." + name, e);
        }
    }

    /** The method {@code owner.name} with {@code operands} parameters besides the time zone. */
    static Method method(Class<?> owner, String name, int operands) {
        for (Method m : owner.getMethods()) {
            int params = m.getParameterCount();
            boolean zoned = params > 0 && m.getParameterTypes()[params - 1] == TimeZone.class;
            if (m.getName().equals(name) && params - (zoned ? 1 : 0) == operands) {
                return m;
            }
        }
        throw new IllegalStateException("No method " + owner.getSimpleName() + "." + name + " with " + operands
                + " operands");
    }

    /** The method {@code owner.name} that takes the operands the call has (omitted optional ones do not count). */
    static Function<RexCall, Method> byArity(Class<?> owner, String name) {
        return call -> method(owner, name, operandCount(call));
    }

    /** The operands the user wrote: Calcite passes omitted optional operands as {@code DEFAULT()}. */
    static int operandCount(RexCall call) {
        return (int) call.getOperands().stream().filter(o -> !o.isA(SqlKind.DEFAULT)).count();
    }
}
