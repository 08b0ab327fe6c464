package io.headroom.analyzer.detect;

import io.headroom.model.Bottleneck;
import java.util.Optional;

/** One detection rule: one class, its own signals, its own evidence. */
public interface Rule {
  Bottleneck bottleneck();

  /** The finding for this window, or empty when this class did not limit it. */
  Optional<Finding> evaluate(Context ctx);
}
