package io.headroom.analyzer.live;

import io.headroom.model.Verdict;

/** Told when a run's verdict changes: the verdicts topic, alert webhooks. */
public interface VerdictListener {
  void changed(String testbed, Verdict previous, Verdict current);
}
