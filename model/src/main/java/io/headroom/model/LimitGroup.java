package io.headroom.model;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * Parallel members of one resource (the ports of a fabric, the PCIe links or drives on a path,
 * the nodes of an array) of which the limit is one: when all are at their ceiling the group is
 * the limit, not the member the verdict names.
 *
 * @param name what the members are, e.g. "fc ports on the path"
 * @param atCeiling how many members are at their ceiling
 * @param entities every member, tightest first
 */
public record LimitGroup(String name, @JsonProperty("at_ceiling") int atCeiling, List<String> entities) {
  public LimitGroup {
    entities = List.copyOf(entities);
  }

  /** True when every member is at its ceiling. */
  public boolean whole() {
    return atCeiling == entities.size();
  }
}
