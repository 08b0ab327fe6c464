package io.headroom.collector.spool;

/** A record read from the spool and the position just after it (what to ack once it is sent). */
public record SpoolEntry(SpoolRecord record, SpoolPosition next) {}
