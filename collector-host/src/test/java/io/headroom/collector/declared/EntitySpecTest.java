package io.headroom.collector.declared;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.headroom.collector.source.SourceContext;
import io.headroom.config.ConfigException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One declared entity's own checks, bound through the factory as a testbed file's are: a ceiling
 * must be above zero, its names storable, a device one path element, and one kernel object at most.
 */
class EntitySpecTest {
  @TempDir Path base;

  private DeclaredSourceConfig bind(String entity) throws Exception {
    return DeclaredSourceFactory.config(new SourceContext("lab", Duration.ofSeconds(1), base),
        new ObjectMapper().readTree("{\"sys_root\": \".\", \"entities\": [" + entity + "]}"));
  }

  private String refusal(String entity) {
    return assertThrows(ConfigException.class, () -> bind(entity)).getMessage();
  }

  @Test
  void aZeroCeilingIsRefused() {
    assertEquals("declared source of lab: entities[0].capacity.iops: must be a positive number, not 0.0",
        refusal("{\"id\": \"lab/disk\", \"kind\": \"disk\", \"capacity\": {\"iops\": 0}}"));
  }

  /** 4.9e-324 is Double.MIN_VALUE, the smallest double above zero: the first ceiling accepted. */
  @Test
  void theSmallestPositiveCeilingIsAccepted() throws Exception {
    DeclaredSourceConfig c = bind("{\"id\": \"lab/disk\", \"kind\": \"disk\", \"capacity\": {\"iops\": 4.9e-324}}");
    assertEquals(Map.of("iops", Double.MIN_VALUE), c.entities().get(0).entity().capacity());
  }

  /** JSON's \\u0000 is a NUL; in "iops\u0000" it is at index 4. */
  @Test
  void aCeilingNameTheDatabaseCannotStoreIsRefused() {
    assertEquals("declared source of lab: entities[0].capacity key \"iops\\u0000\": contains a NUL character (U+0000) "
        + "at index 4, which PostgreSQL cannot store",
        refusal("{\"id\": \"lab/disk\", \"kind\": \"disk\", \"capacity\": {\"iops\\u0000\": 300}}"));
  }

  @Test
  void aBlockDevicePathIsRefused() {
    assertEquals("declared source of lab: entities[0].blockdev: \"mapper/vg-lv\" must be a device name (loop7, eth0), "
        + "not a path", refusal("{\"id\": \"lab/disk\", \"kind\": \"disk\", \"blockdev\": \"mapper/vg-lv\"}"));
  }

  /** One kernel object is fine (DeclaredSourceTest binds one of each); two are refused. */
  @Test
  void anInterfaceAndABlockDeviceTogetherAreRefused() {
    assertEquals("declared source of lab: entities[0].at most one of cgroup, netdev, blockdev; "
        + "entities[0].blockdev: only a disk is measured from a block device, not net_port",
        refusal("{\"id\": \"lab/p\", \"kind\": \"net_port\", \"netdev\": \"eth0\", \"blockdev\": \"loop7\"}"));
  }

  @Test
  void aCgroupAndAnInterfaceTogetherAreRefused() {
    assertEquals("declared source of lab: entities[0].at most one of cgroup, netdev, blockdev; "
        + "entities[0].netdev: only a net_port is measured from an interface, not host_cpu",
        refusal("{\"id\": \"lab/cpu\", \"kind\": \"host_cpu\", \"cgroup\": \"/lab\", \"netdev\": \"eth0\"}"));
  }

  @Test
  void aCgroupAndABlockDeviceTogetherAreRefused() {
    assertEquals("declared source of lab: entities[0].at most one of cgroup, netdev, blockdev; "
        + "entities[0].blockdev: only a disk is measured from a block device, not host_cpu",
        refusal("{\"id\": \"lab/cpu\", \"kind\": \"host_cpu\", \"cgroup\": \"/lab\", \"blockdev\": \"loop7\"}"));
  }

  /** A blank kind is said once: not also "not declarable". */
  @Test
  void aBlankKindIsSaidOnce() {
    assertEquals("declared source of lab: entities[0].kind: must be a non-empty string",
        refusal("{\"id\": \"lab/disk\", \"kind\": \"  \"}"));
  }
}
