package io.headroom.collector.redfish;

import io.headroom.collector.redfish.Fetcher.Fetched;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the system's own chassis lists none of a kind of resource, the service may list them under
 * its other chassis (NVIDIA GH200: the GPUs' PCIe links under Chassis/HGX_GPU_0 and _1; GB200: the
 * ConnectX-7 adapters under Chassis/IO_Board_0 and _1): read the port where the service puts it.
 */
final class OtherChassis {
  /** One chassis's collection of the kind sought: the chassis's path and the collection's. */
  record Listed(String chassis, String collection) {}

  private OtherChassis() {}

  /** The collections named {@code property} of every chassis but the system's own, in the service's order. */
  static List<Listed> collections(Fetcher fetcher, String chassisCollection, String systemChassis, String property) {
    List<Listed> out = new ArrayList<>();
    if (chassisCollection == null) {
      return out;
    }
    List<String> others = Members.read(fetcher, chassisCollection).links().stream().filter(c -> !c.equals(systemChassis)).toList();
    for (Fetched c : fetcher.getAll(others)) {
      String collection = c.ok() ? Json.link(c.doc().get(property)) : null;
      if (collection != null) {
        out.add(new Listed(c.path(), collection));
      }
    }
    return out;
  }
}
