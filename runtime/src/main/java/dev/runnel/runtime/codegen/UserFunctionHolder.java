package dev.runnel.runtime.codegen;

import dev.runnel.table.functions.FunctionContext;

/**
 * Implemented by generated classes that call user-defined functions: they hold one instance of
 * each function and open and close them with the operator that runs the class.
 */
public interface UserFunctionHolder {
    /** Opens every function instance; called once, on the task thread, before the first row. */
    void openFunctions(FunctionContext context) throws Exception;

    /** Closes every function instance; called once when the operator closes. */
    void closeFunctions() throws Exception;
}
