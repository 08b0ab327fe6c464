package io.headroom.collector.declared;

import io.headroom.model.Entity;

/**
 * One entity of the testbed file's {@code entities:} list: what it is and its ceiling as
 * declared, and at most one kernel object its readings come from.
 *
 * @param cgroup a cgroup path whose CPU use against its quota is the entity's {@code util}
 * @param netdev a network interface whose counters are the port's traffic
 * @param blockdev a block device whose counters are the disk's I/O
 */
record DeclaredEntity(Entity entity, String cgroup, String netdev, String blockdev) {
}
