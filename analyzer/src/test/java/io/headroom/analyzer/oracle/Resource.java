package io.headroom.analyzer.oracle;

import io.headroom.model.Bottleneck;
import java.util.List;

/**
 * One resource as a verdict names it: its class and every entity that stands for it (the members
 * of a parallel group, both ends of a link, an aggregate and its members). A verdict naming any of
 * them names the resource.
 */
record Resource(Bottleneck bottleneck, String label, List<String> members) {
  Resource {
    members = List.copyOf(members);
  }

  boolean named(String entity) {
    return entity != null && members.contains(entity);
  }
}
