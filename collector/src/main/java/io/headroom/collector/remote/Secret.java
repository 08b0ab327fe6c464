package io.headroom.collector.remote;

/**
 * A credential. It prints as "***" wherever it goes (records holding it, logs, messages); only
 * {@link #reveal()} gives the value, at the one place that sends it.
 */
public final class Secret {
  private final String value;

  private Secret(String value) {
    this.value = value;
  }

  public static Secret of(String value) {
    if (value == null) {
      throw new IllegalArgumentException("a secret needs a value");
    }
    return new Secret(value);
  }

  public String reveal() {
    return value;
  }

  @Override
  public String toString() {
    return "***";
  }
}
