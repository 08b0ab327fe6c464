package io.headroom.standin;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A test that changes the machine it runs on: installs Debian packages, creates network
 * namespaces, veth pairs, loop devices or cgroups, shapes traffic with tc. It runs only when
 * {@value MachineTestCondition#SWITCH}=1 is set (as root; {@code .ci/run} sets it), and is
 * otherwise skipped with a line saying how to run it, so {@code mvn -B verify} on a developer's
 * machine needs nothing but Java and Maven and leaves the machine as it was.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("machine")
@ExtendWith(MachineTestCondition.class)
public @interface MachineTest {
  /** What the test changes, for the skip line. */
  String value();
}
