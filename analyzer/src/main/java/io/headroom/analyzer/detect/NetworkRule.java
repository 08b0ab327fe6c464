package io.headroom.analyzer.detect;

import io.headroom.model.Metrics;
import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import io.headroom.model.LimitGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * NETWORK: ports the run's data crosses are at line rate (against their fabric's practical
 * share), or the fabric pushes back with pause frames or FC credit starvation even below it
 * (studies S1 and S3): pause frames or credit-zero events per second, or the share of time an FC
 * port waited at zero transmit credit; or it loses frames with the workload's tail showing the
 * timeouts (Loss). Both directions are read: the busier one is the data's.
 */
public final class NetworkRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.NETWORK;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    Thresholds t = ctx.thresholds();
    List<Load> ports = PathLoads.of(ctx, EntityKind.NET_PORT);
    List<Load> full = ports.stream().filter(l -> l.pressure() >= t.atCeiling()).toList();
    String pausing = null;
    double pauses = 0;
    String starved = null;
    double starvedShare = 0;
    for (String id : ctx.path().ofKind(EntityKind.NET_PORT)) {
      double p = ctx.p95OrZero(id, Metrics.PAUSE_PER_S);
      if (p >= t.pausePerS() && p > pauses) {
        pausing = id;
        pauses = p;
      }
      double c = ctx.p95OrZero(id, Metrics.TX_CREDIT_ZERO_FRACTION);
      if (c >= t.creditZeroShare() && c > starvedShare) {
        starved = id;
        starvedShare = c;
      }
    }
    Loss loss = Loss.of(ctx);
    if (full.isEmpty() && pausing == null && starved == null && loss == null) {
      return Optional.empty();
    }
    List<String> evidence = new ArrayList<>();
    Load top;
    LimitGroup group = null;
    String bondNote = null;
    if (!full.isEmpty()) {
      top = full.get(0);
      // the finest full port: a full bond's tightest full member, a full member with its bond as evidence
      List<Load> fullMembers = Bonds.members(ctx, top.entity(), full);
      Load bond = fullMembers.isEmpty() ? null : top;
      top = fullMembers.isEmpty() ? top : fullMembers.get(0);
      String bondId = bond != null ? bond.entity() : Bonds.bondOf(ctx, top.entity());
      Load bondLoad = bond != null ? bond : ports.stream().filter(l -> l.entity().equals(bondId)).findFirst().orElse(null);
      bondNote = bondLoad == null ? null : Bonds.note(ctx, bondLoad, top.entity());
      String fabric = ctx.attr(top.entity(), "fabric");
      evidence.add(top.describe() + " (" + Fmt.pct(top.pressure()) + " of the practical "
          + Fmt.pct(t.netPractical(fabric)) + " of line rate"
          + (fabric == null ? "" : ", " + fabric) + ")");
      List<Load> sameFabric = ports.stream()
          .filter(l -> Objects.equals(fabric, ctx.attr(l.entity(), "fabric")))
          // a bond carries its members' bytes again: the members are the group's ports
          .filter(l -> Bonds.members(ctx, l.entity(), ports).isEmpty()).toList();
      group = Groups.of(ctx, (fabric == null ? "" : fabric + " ") + "ports on the path", sameFabric);
      if (group != null) {
        String tiers = group.whole() ? Groups.tiers(ctx, sameFabric) : null;
        evidence.add(Groups.describe(group, sameFabric, "the fabric is the limit, not one port")
            + (tiers == null ? "" : "; " + tiers));
      }
      if (bondNote != null) {
        evidence.add(bondNote);
      }
    } else {
      // Pushback without full line rate: the port cannot send faster, so it is the limit; its
      // pressure is the at-ceiling threshold, and its readings are the pause counts (on FC, the
      // share of time at zero credit).
      top = pausing != null ? Load.pause(ctx, pausing)
          : starved != null ? Load.creditStarvation(ctx, starved) : loss.load();
    }
    if (pausing != null) {
      evidence.add(pausing + " pause_per_s p95 " + Fmt.num(pauses) + " (pushback from "
          + Fmt.num(t.pausePerS()) + "/s)");
    }
    if (starved != null) {
      evidence.add(starved + " tx_credit_zero_fraction p95 " + Fmt.pct(starvedShare) + " of the time at zero FC credit"
          + " (pushback from " + Fmt.pct(t.creditZeroShare()) + ")");
    }
    if (loss != null) {
      evidence.add(loss.describe());
    }
    boolean pushback = pausing != null || starved != null || loss != null;
    double pressure = full.isEmpty() ? t.atCeiling() : top.pressure();
    double confidence = Finding.confidenceFor(pressure, t) + (pushback && !full.isEmpty() ? 0.05 : 0);
    // a host's retransmits are read on the host, and named on the port the data crosses
    String entity = loss != null && top == loss.load() ? loss.port() : top.entity();
    return Optional.of(new Finding(Bottleneck.NETWORK, entity, pressure, confidence, evidence,
        Set.of(), top, group));
  }
}
