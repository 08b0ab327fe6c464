package io.headroom.app.api;

import io.headroom.remotewrite.RemoteWriteSender;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;

/** Each remote-write endpoint's sender on /metrics: samples written, refused (4xx) and requests retried. */
public final class RemoteWriteMetrics implements MetricsSource {
  private final List<RemoteWriteSender> senders;

  public RemoteWriteMetrics(List<RemoteWriteSender> senders) {
    this.senders = List.copyOf(senders);
  }

  @Override
  public void write(PrometheusText out) {
    if (senders.isEmpty()) {
      return;
    }
    counter(out, "headroom_remote_write_samples_sent_total", "Samples the endpoint wrote (2xx).",
        RemoteWriteSender::samplesSent);
    counter(out, "headroom_remote_write_samples_refused_total",
        "Samples in requests the endpoint refused with a 4xx other than 429: dropped, not retried.",
        RemoteWriteSender::samplesRefused);
    counter(out, "headroom_remote_write_requests_refused_total", "Requests refused with a 4xx other than 429.",
        RemoteWriteSender::requestsRefused);
    counter(out, "headroom_remote_write_retries_total", "Requests sent again after a 5xx, a 429 or no answer.",
        RemoteWriteSender::retries);
    out.family("headroom_remote_write_up", "gauge", "1 while the endpoint takes what it is sent, 0 while retrying.");
    for (RemoteWriteSender s : senders) {
      out.sample("headroom_remote_write_up", Map.of("endpoint", s.name()), s.waitingFor() == null ? 1 : 0);
    }
  }

  private void counter(PrometheusText out, String name, String help, ToLongFunction<RemoteWriteSender> value) {
    out.family(name, "counter", help);
    for (RemoteWriteSender s : senders) {
      out.sample(name, Map.of("endpoint", s.name()), value.applyAsLong(s));
    }
  }
}
