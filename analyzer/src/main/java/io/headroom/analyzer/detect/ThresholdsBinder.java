package io.headroom.analyzer.detect;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.config.ConfigException;
import io.headroom.config.SettingsBinder;
import java.nio.file.Path;

/**
 * Reads thresholds from the testbed file's {@code detection.thresholds} (or a file given to
 * {@code analyze --thresholds}), and how onsets are found from its {@code detection.onsets}: snake_case keys named after the record's components
 * ({@code pcie_practical: 0.85}), each overriding its default, bound by the {@link SettingsBinder}
 * like every other section. Unknown keys and values out of range are refused, named by key.
 */
public final class ThresholdsBinder {
  private ThresholdsBinder() {}

  /** @param where names the section in errors, e.g. "lab.yaml: detection.thresholds" */
  public static Thresholds bind(JsonNode node, String where) {
    return bind(node, Thresholds.class, Thresholds.defaults(), Thresholds::validate, where);
  }

  /**
   * The {@code detection.onsets} section ({@code recent_window_s: 10}, docs/detection.md, "Onsets"),
   * each key overriding its {@link OnsetSettings#defaults()}.
   */
  public static OnsetSettings onsets(JsonNode node, String where) {
    return bind(node, OnsetSettings.class, OnsetSettings.defaults(), OnsetSettings::validate, where);
  }

  private static <T extends Record> T bind(JsonNode node, Class<T> type, T defaults, java.util.function.UnaryOperator<T> validate,
      String where) {
    T bound;
    try {
      // numbers only: no path in them is resolved against anything
      bound = SettingsBinder.bind(node, type, defaults, Path.of("."), where);
    } catch (ConfigException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
    try {
      return validate.apply(bound);
    } catch (IllegalArgumentException e) {
      // validate() names the component ("cpuBusy must be ..."); the file says cpu_busy
      String message = e.getMessage();
      int space = message.indexOf(' ');
      throw new IllegalArgumentException(where + "." + SettingsBinder.snake(message.substring(0, space)) + message.substring(space), e);
    }
  }
}
