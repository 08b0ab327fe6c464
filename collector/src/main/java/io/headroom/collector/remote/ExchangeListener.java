package io.headroom.collector.remote;

/**
 * Sees each request a {@link RemoteHttpClient} sends with the response it finally got (after its
 * retries), so that {@code headroom capture} can record a device exactly as a source reads it
 * without the source knowing. Credentials are not in what it sees: basic auth is only a flag on
 * the request, and a session token is a header the listener must not write.
 */
@FunctionalInterface
public interface ExchangeListener {
  ExchangeListener NONE = (request, response) -> {};

  void exchanged(RemoteRequest request, RemoteResponse response);
}
