package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * How close one entity came to its ceiling: the same arithmetic the detection rules use
 * (docs/detection.md, "Load against the practical ceiling"), so a row and the verdict never tell
 * two stories.
 *
 * @param utilization the reading against the practical ceiling: 1.0 is where a rule calls the
 *     resource full (a port at 98% of an FC line rate, a CPU at its busy threshold)
 * @param lineRate the same reading against the declared ceiling (line rate, spec, util 1.0)
 * @param reading what was read: "tx", "rx", "device-to-host", "host-to-device", "util", "iops",
 *     "bytes", "busy"
 * @param onPath true when the entity is on the phase's data path and so could be the verdict
 * @param implausible true when the reading is beyond the ceiling by more than counter jitter
 *     explains ("implausible reading: ceiling or counter wrong", docs/detection.md): the row is
 *     not headroom, and the entity is no candidate for the verdict; false in verdicts stored
 *     before the field existed
 */
public record HeadroomEntry(
    String entity,
    String kind,
    double utilization,
    @JsonProperty("line_rate") double lineRate,
    String reading,
    @JsonProperty("on_path") boolean onPath,
    boolean implausible) {
  /** A row whose reading is plausible. */
  public HeadroomEntry(String entity, String kind, double utilization, double lineRate, String reading, boolean onPath) {
    this(entity, kind, utilization, lineRate, reading, onPath, false);
  }
}
