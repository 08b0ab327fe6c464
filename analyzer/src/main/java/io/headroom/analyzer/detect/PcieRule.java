package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import io.headroom.model.EntityKind;
import io.headroom.model.LimitGroup;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * PCIE: a link on the path carries data at its practical ceiling (about 87% of the line-coded
 * rate). Typically a RAID card's single uplink (study S4) or a card in a narrower slot than it
 * was built for (study S1); a link trained below its capability is named as degraded.
 */
public final class PcieRule implements Rule {
  @Override
  public Bottleneck bottleneck() {
    return Bottleneck.PCIE;
  }

  @Override
  public Optional<Finding> evaluate(Context ctx) {
    List<Load> links = PathLoads.of(ctx, EntityKind.PCIE_LINK);
    if (links.isEmpty() || links.get(0).pressure() < ctx.thresholds().atCeiling()) {
      return Optional.empty();
    }
    Load top = links.get(0);
    List<String> evidence = new ArrayList<>();
    evidence.add(top.describe() + " (" + Fmt.pct(top.pressure()) + " of the practical "
        + Fmt.pct(ctx.thresholds().pciePractical()) + " of line rate)");
    String training = Degraded.pcieTraining(ctx, top.entity());
    if (training != null) {
      evidence.add(top.entity() + " " + training);
    }
    LimitGroup group = Groups.of(ctx, "PCIe links on the path", links);
    if (group != null) {
      evidence.add(Groups.describe(group, links, "every link is full, not one slot"));
    }
    double confidence = Finding.confidenceFor(top.pressure(), ctx.thresholds());
    return Optional.of(new Finding(Bottleneck.PCIE, top, confidence, evidence).withGroup(group));
  }
}
