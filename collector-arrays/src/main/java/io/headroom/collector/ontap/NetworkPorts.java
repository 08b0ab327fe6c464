package io.headroom.collector.ontap;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.source.Scrape;
import io.headroom.model.Ceilings;
import io.headroom.model.Entity;
import io.headroom.model.EntityKind;
import java.io.IOException;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The ceilings of the counter tables' physical ports, from the speeds ONTAP's network API reports
 * (the counter tables' own link_speed properties have no published format):
 *
 * <ul>
 *   <li>{@code GET /api/network/ethernet/ports}: {@code speed}, "link speed in Mbps" (an integer);
 *   <li>{@code GET /api/network/fc/ports}: {@code fabric.connected_speed}, "the negotiated data rate
 *       between the target FC port and the fabric in gigabits per second"; where the port has not
 *       logged in to a fabric, {@code speed.configured} (a string of gigabits per second, or
 *       "auto"), else {@code speed.maximum}.
 * </ul>
 *
 * A speed becomes a ceiling through {@link Ceilings#port} as every source's does (FC: 100 MB/s of
 * payload per Gbit, 32G = 3.2 GB/s; Ethernet: bits / 8). Ports change speed rarely: they are read
 * on the first scrape and every {@link #REFRESH_SECONDS} after; a read that fails is a problem of
 * the scrape and the speeds read before stand.
 */
final class NetworkPorts {
  static final String ETHERNET = "/api/network/ethernet/ports?fields=node.name,name,speed";
  static final String FC = "/api/network/fc/ports?fields=node.name,name,speed,fabric.connected_speed";
  static final double REFRESH_SECONDS = 600;

  /** A port's fabric and speed in bits per second. */
  private record Speed(String fabric, double bps) {}

  private final Map<String, Speed> speeds = new HashMap<>();
  private double readAt = Double.NaN;

  /** Reads the ports' speeds when due (the first scrape, then every ten minutes). */
  void refresh(CounterApi api, Scrape scrape, String host) {
    if (!Double.isNaN(readAt) && scrape.ts() - readAt < REFRESH_SECONDS && scrape.ts() >= readAt) {
      return;
    }
    readAt = scrape.ts();
    read(api, scrape, host, ETHERNET, "ethernet");
    read(api, scrape, host, FC, "fc");
  }

  private void read(CounterApi api, Scrape scrape, String host, String path, String fabric) {
    try {
      for (JsonNode port : api.records(path)) {
        String node = port.path("node").path("name").asText(null);
        String name = port.path("name").asText(null);
        double bps = fabric.equals("fc") ? fcBitsPerSecond(port) : ethernetBitsPerSecond(port);
        if (node != null && name != null && bps > 0) {
          speeds.put(node + "/" + name, new Speed(fabric, bps));
        }
      }
    } catch (IOException e) {
      scrape.problem(host + " " + fabric + " ports", "no port speeds, so no ceilings: " + e.getMessage());
    }
  }

  /** speed, Mb/s. */
  static double ethernetBitsPerSecond(JsonNode port) {
    JsonNode speed = port.path("speed");
    return speed.isNumber() ? speed.asDouble() * 1e6 : Double.NaN;
  }

  /** fabric.connected_speed (Gb/s, negotiated), else speed.configured unless "auto", else speed.maximum. */
  static double fcBitsPerSecond(JsonNode port) {
    JsonNode connected = port.path("fabric").path("connected_speed");
    if (connected.isNumber() && connected.asDouble() > 0) {
      return connected.asDouble() * 1e9;
    }
    double configured = gigabits(port.path("speed").path("configured"));
    return configured > 0 ? configured * 1e9 : gigabits(port.path("speed").path("maximum")) * 1e9;
  }

  /** "32" or 32 as a number; NaN for "auto", absent or anything else. */
  private static double gigabits(JsonNode n) {
    if (n.isNumber()) {
      return n.asDouble();
    }
    try {
      return n.isTextual() ? Double.parseDouble(n.asText().trim()) : Double.NaN;
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /**
   * The port with its ceiling ({@code capacity.bytes_per_s}, {@code attrs.speed_bps}) where its
   * speed is known; anything else unchanged. A port entity's id ends {@code /port/NODE/NAME}.
   */
  Entity withCeiling(Entity e) {
    if (!e.kind().equals(EntityKind.NET_PORT) || !(e.attrs().get("node") instanceof String node)) {
      return e;
    }
    Speed speed = speeds.get(node + "/" + e.id().substring(e.id().lastIndexOf('/') + 1));
    if (speed == null || !speed.fabric().equals(e.attrs().get("fabric"))) {
      return e;
    }
    double ceiling = Ceilings.port(speed.fabric(), speed.bps());
    Map<String, Object> attrs = new LinkedHashMap<>(e.attrs());
    attrs.put("speed_bps", speed.bps());
    Map<String, Double> capacity = new LinkedHashMap<>(e.capacity());
    capacity.put("bytes_per_s", ceiling);
    return new Entity(e.id(), e.kind(), e.name(), attrs, capacity);
  }
}
