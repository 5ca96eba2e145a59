package dev.runnel.runtime.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Every {@link OperatorHarness} a test of the annotated class creates from a factory
 * {@link OperatorHarness#restoringAfterEveryBatch restores after every batch}, so each test of
 * what the operator computes also proves that it computes the same across checkpoints and
 * restores, on both backend types. A test that checks one instance between checkpoints opts out
 * with {@link OperatorHarness#withoutRestores}. {@code -Drunnel.harness.restores=false} turns
 * the mode off everywhere (to tell a restore bug from another).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(RestoresAfterEveryBatch.Extension.class)
public @interface RestoresAfterEveryBatch {

    /** Sets the harness default for the class's thread, before its test instances exist (field initializers included). */
    final class Extension implements BeforeAllCallback, AfterAllCallback {
        @Override
        public void beforeAll(ExtensionContext context) {
            OperatorHarness.setRestoringByDefault(
                    Boolean.parseBoolean(System.getProperty("runnel.harness.restores", "true")));
        }

        @Override
        public void afterAll(ExtensionContext context) {
            OperatorHarness.setRestoringByDefault(false);
        }
    }
}
