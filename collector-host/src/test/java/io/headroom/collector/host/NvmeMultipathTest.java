package io.headroom.collector.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.headroom.collector.source.Scrape;
import io.headroom.model.Entity;
import io.headroom.model.Relation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A dual-ported PCIe NVMe drive under native multipath, added to the two-socket tree as the
 * kernel lays it out: the namespace head nvme9n1 under virtual/nvme-subsystem/nvme-subsys9, its
 * multipath/ listing one path per controller, nvme3 in 0000:81:00.0 (node 1) and nvme4 in
 * 0000:01:00.0 (node 0), each path inside its controller's directory.
 */
class NvmeMultipathTest {
  @TempDir Path tmp;

  @Test
  void aMultipathHeadIsBehindEveryControllersPciFunctionInAddressOrder() throws Exception {
    FixtureHost fx = FixtureHost.copy("two-socket", tmp);
    Path head = Files.createDirectories(fx.sys("devices/virtual/nvme-subsystem/nvme-subsys9/nvme9n1"));
    Files.writeString(head.resolve("size"), "2048\n"); // 2,048 sectors of 512 bytes
    Path paths = Files.createDirectories(head.resolve("multipath"));
    controller(fx, paths, "pci0000:80/0000:80:01.0/0000:81:00.0", "nvme3", "B-SERIAL");
    controller(fx, paths, "pci0000:00/0000:00:01.0/0000:01:00.0", "nvme4", "A-SERIAL");
    Files.createSymbolicLink(fx.sys("block/nvme9n1"), head);

    Scrape s = FixtureHost.scrape(new HostSource("h1", null, fx.config()), 1000);
    Entity disk = FixtureHost.entity(s, "h1/disk/nvme9n1");
    assertEquals(2048L * 512, ((Number) disk.attrs().get("size_bytes")).longValue());
    // sorted by path: pci0000:00 (nvme4) before pci0000:80 (nvme3); model and serial are the first's
    assertEquals(List.of("nvme4", "nvme3"), disk.attrs().get("nvme_controllers"));
    assertEquals("A-SERIAL", disk.attrs().get("serial"));
    // two paths: no single PCI function (nor its node) is the disk's
    assertEquals(null, disk.attrs().get("pci"));
    assertEquals(List.of(new Relation("h1/disk/nvme9n1", "behind", "h1/pcie/0000:01:00.0"),
            new Relation("h1/disk/nvme9n1", "behind", "h1/pcie/0000:81:00.0")),
        s.relations().stream().filter(r -> r.from().equals("h1/disk/nvme9n1")).toList());
  }

  private static void controller(FixtureHost fx, Path multipath, String pciPath, String name, String serial)
      throws Exception {
    Path ctrl = Files.createDirectories(fx.sys("devices/" + pciPath + "/nvme/" + name));
    Files.writeString(ctrl.resolve("model"), "Dual-port NVMe\n");
    Files.writeString(ctrl.resolve("serial"), serial + "\n");
    String pathName = name.replace("nvme", "nvme9c") + "n1"; // nvme9c3n1: subsystem 9, controller 3
    Path path = Files.createDirectories(ctrl.resolve(pathName));
    Files.createSymbolicLink(multipath.resolve(pathName), path);
  }
}
