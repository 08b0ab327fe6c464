package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Where the walks read a BMC's Redfish documents: {@link BmcClient} over HTTP. The walks see a path
 * answered with a JSON object or a {@link BmcException} naming the BMC and the path; how the
 * document came is not theirs to know (the fuzz test, RedfishTreeFuzzTest, answers from a tree in
 * memory).
 */
interface Resources extends AutoCloseable {
  /** The BMC's url, credentials masked: what every message names. */
  String target();

  /** The most requests in flight to it at once (max_concurrency). */
  int maxConcurrency();

  /** The resource at {@code path} as a JSON object, or why not. */
  JsonNode get(String path) throws BmcException;

  @Override
  void close();
}
