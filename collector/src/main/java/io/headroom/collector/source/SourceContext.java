package io.headroom.collector.source;

import io.headroom.collector.remote.ExchangeListener;
import java.nio.file.Path;
import java.time.Duration;

/**
 * What every source is given besides its own settings.
 *
 * @param host the host name entity ids are prefixed with ("h1" in "h1/disk/nvme0n1")
 * @param interval the scrape interval from the testbed file, or the source's default
 * @param baseDir the directory relative paths in the testbed file are resolved against
 * @param exchanges told of every HTTP exchange a remote source's client makes ({@code headroom
 *     capture} records them); {@link ExchangeListener#NONE} otherwise
 * @param varbinds told of every value an SNMP source's agent answers, likewise
 */
public record SourceContext(String host, Duration interval, Path baseDir, ExchangeListener exchanges,
    VarbindListener varbinds) {
  public SourceContext(String host, Duration interval, Path baseDir) {
    this(host, interval, baseDir, ExchangeListener.NONE, VarbindListener.NONE);
  }
}
