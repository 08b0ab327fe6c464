package io.headroom.collector.host;

import io.headroom.collector.source.Scrape;
import io.headroom.collector.source.Source;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * The Linux host source, reading a configurable proc and sys root (never shelling out). This
 * first cut reads the host's CPU utilisation from /proc/stat; the full source (sockets, NUMA,
 * PCIe, disks, NICs, FC, IB, cgroups) is issue 3.
 */
public final class HostSource implements Source {
  private final String host;
  private final Duration interval;
  private final HostSourceConfig config;
  private long[] previousCpu;

  public HostSource(String host, Duration interval, HostSourceConfig config) {
    this.host = host;
    this.interval = interval == null ? Duration.ofSeconds(1) : interval;
    this.config = config;
  }

  @Override
  public String name() {
    return "host";
  }

  @Override
  public Duration interval() {
    return interval;
  }

  @Override
  public void scrape(Scrape scrape) throws IOException {
    String id = host + "/cpu";
    scrape.entity(new Entity(id, EntityKind.HOST_CPU, host + " CPUs", Map.of(), Map.of("util", 1.0)));
    Path stat = config.procRoot().resolve("stat");
    long[] now = CpuTimes.parseTotal(Files.readAllLines(stat), stat.toString());
    if (previousCpu != null) {
      double util = CpuTimes.busyFraction(previousCpu, now);
      if (!Double.isNaN(util)) {
        scrape.sample(id, "util", util);
      }
    }
    previousCpu = now;
  }
}
