package io.headroom.analyzer.detect;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import java.nio.file.Path;

/**
 * Reads thresholds from the testbed file's {@code detection.thresholds} (or a file given to
 * {@code analyze --thresholds}): snake_case keys named after the record's components
 * ({@code pcie_practical: 0.85}), each overriding its default, bound by the {@link SettingsBinder}
 * like every other section. Unknown keys and values out of range are refused, named by key.
 */
public final class ThresholdsBinder {
  private ThresholdsBinder() {}

  /** @param where names the section in errors, e.g. "lab.yaml: detection.thresholds" */
  public static Thresholds bind(JsonNode node, String where) {
    Thresholds bound;
    try {
      // thresholds are numbers only: no path in them is resolved against anything
      bound = SettingsBinder.bind(node, Thresholds.class, Thresholds.defaults(), Path.of("."), where);
    } catch (ConfigException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    try {
      return bound.validate();
    } catch (IllegalArgumentException e) {
      // validate() names the component ("cpuBusy must be ..."); the file says cpu_busy
      String message = e.getMessage();
      int space = message.indexOf(' ');
      throw new IllegalArgumentException(where + "." + SettingsBinder.snake(message.substring(0, space)) + message.substring(space), e);
    }
  }
}
