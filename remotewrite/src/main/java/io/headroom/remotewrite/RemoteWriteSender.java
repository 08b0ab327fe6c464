package io.headroom.remotewrite;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends requests to one endpoint in order, each until it is written or refused: a 5xx, a 429 or
 * no answer is sent again after a backoff doubling from 30 ms to the endpoint's {@code max_backoff}
 * (Prometheus' own defaults), and nothing later goes before it; any other 4xx is dropped, logged and
 * counted, never retried (the specification's rules).
 */
public final class RemoteWriteSender {
  private static final Logger LOG = LoggerFactory.getLogger(RemoteWriteSender.class);
  private static final Duration MIN_BACKOFF = Duration.ofMillis(30);

  private final RemoteWriteClient client;
  private final WriteRequest.Encoder encoder = new WriteRequest.Encoder();
  private final AtomicLong samplesSent = new AtomicLong();
  private final AtomicLong samplesRefused = new AtomicLong();
  private final AtomicLong requestsRefused = new AtomicLong();
  private final AtomicLong retries = new AtomicLong();
  private volatile String waitingFor;

  public RemoteWriteSender(RemoteWriteClient client) {
    this.client = client;
  }

  /**
   * Sends every request, in order; false when {@code stopping} said so before all were written or
   * refused (the caller then does not count them done).
   */
  public boolean sendAll(List<List<TimeSeries>> requests, BooleanSupplier stopping) throws InterruptedException {
    for (List<TimeSeries> request : requests) {
      if (!send(request, stopping)) {
        return false;
      }
    }
    return true;
  }

  private boolean send(List<TimeSeries> request, BooleanSupplier stopping) throws InterruptedException {
    WriteRequest.Body body = encoder.compressed(request);
    int samples = request.stream().mapToInt(TimeSeries::size).sum();
    Duration backoff = MIN_BACKOFF;
    long failingSince = 0;
    while (!stopping.getAsBoolean()) {
      RemoteWriteClient.Answer a = client.send(body);
      switch (a.outcome()) {
        case SENT -> {
          samplesSent.addAndGet(samples);
          if (failingSince != 0) {
            LOG.info("remote_write {}: written again after {} s", client.target().name(),
                (System.currentTimeMillis() - failingSince) / 1000);
            waitingFor = null;
          }
          return true;
        }
        case REFUSED -> {
          samplesRefused.addAndGet(samples);
          requestsRefused.incrementAndGet();
          LOG.warn("remote_write {}: refused a request of {} samples in {} series ({}); dropped, not retried",
              client.target().name(), samples, request.size(), a.reason());
          return true;
        }
        case RETRY -> {
          retries.incrementAndGet();
          if (failingSince == 0) {
            failingSince = System.currentTimeMillis();
            waitingFor = client.target().name() + " (" + a.reason() + ")";
            LOG.warn("remote_write {}: {}; holding {} samples and what follows, retrying with backoff up to {} ms",
                client.target().name(), a.reason(), samples, client.target().maxBackoff().toMillis());
          }
          Thread.sleep(backoff.toMillis());
          backoff = backoff.multipliedBy(2).compareTo(client.target().maxBackoff()) > 0
              ? client.target().maxBackoff() : backoff.multipliedBy(2);
        }
      }
    }
    return false;
  }

  public int maxSamplesPerSend() {
    return client.target().maxSamplesPerSend();
  }

  public String name() {
    return client.target().name();
  }

  public long samplesSent() {
    return samplesSent.get();
  }

  /** Samples in requests the endpoint refused with a 4xx other than 429. */
  public long samplesRefused() {
    return samplesRefused.get();
  }

  public long requestsRefused() {
    return requestsRefused.get();
  }

  /** Requests sent again after a 5xx, a 429 or no answer. */
  public long retries() {
    return retries.get();
  }

  /** What the sender waits for while it retries; null while the endpoint takes what it is sent. */
  public String waitingFor() {
    return waitingFor;
  }
}
