package io.headroom.collector.prometheus;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The prometheus source's own keys (url, username, password_env or password_file, tls, plaintext
 * are the shared {@link io.headroom.collector.remote.RemoteEndpoint}'s: with a username the password
 * is HTTP Basic's, without one a bearer token).
 *
 * @param mapping a mapping file or folder over the shipped ones (relative to the testbed file); null: the shipped ones
 * @param step seconds between readings; null: the scrape interval, from the data
 * @param delay how far behind the scrape's time the window ends, so the exporters' last scrape is stored (default 2 s)
 */
public record PrometheusSettings(Path mapping, Duration step, Duration delay) {
  public static final Duration DEFAULT_DELAY = Duration.ofSeconds(2);

  public PrometheusSettings {
    delay = delay == null ? DEFAULT_DELAY : delay;
  }

  public List<String> validate() {
    List<String> problems = new ArrayList<>();
    if (step != null && (step.isNegative() || step.isZero())) {
      problems.add("step: must be positive, not " + step);
    }
    if (delay.isNegative()) {
      problems.add("delay: must not be negative, not " + delay);
    }
    return problems;
  }
}
