package io.headroom.standin;

import java.lang.reflect.AnnotatedElement;
import java.util.Optional;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.commons.support.AnnotationSupport;

/** Runs {@link MachineTest}s only when the switch is set; says so, once per class, when it is not. */
public final class MachineTestCondition implements ExecutionCondition {
  public static final String SWITCH = "HEADROOM_MACHINE_TESTS";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    Optional<AnnotatedElement> element = context.getElement();
    Optional<MachineTest> test = element.flatMap(e -> AnnotationSupport.findAnnotation(e, MachineTest.class));
    if (test.isEmpty() || "1".equals(System.getenv(SWITCH))) {
      return ConditionEvaluationResult.enabled(SWITCH + "=1");
    }
    String reason = "skipped: " + context.getDisplayName() + " changes this machine (" + test.get().value()
        + "); to run it: sudo " + SWITCH + "=1 mvn -B verify (.ci/run does)";
    if (context.getTestMethod().isEmpty()) {
      System.err.println(reason); // the class: one line, where the test output is read
    }
    return ConditionEvaluationResult.disabled(reason);
  }
}
