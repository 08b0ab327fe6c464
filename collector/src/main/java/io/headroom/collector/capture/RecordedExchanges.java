package io.headroom.collector.capture;

import io.headroom.collector.remote.ExchangeListener;
import io.headroom.collector.remote.RemoteRequest;
import io.headroom.collector.remote.RemoteResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * Every exchange a source's client made, in the order they ended (a source fetches in parallel,
 * hence the lock). Only the method, path, request body, status and response body are kept: request
 * headers carry the session token and are never looked at.
 */
public final class RecordedExchanges implements ExchangeListener {
  /** One request and its final answer. */
  public record Exchange(String method, String path, String requestBody, int status, byte[] body) {
    /** The path without its query string ("?$filter=..."). */
    public String pathOnly() {
      int q = path.indexOf('?');
      return q < 0 ? path : path.substring(0, q);
    }

    public boolean hasQuery() {
      return path.indexOf('?') >= 0;
    }

    public boolean isSuccess() {
      return status >= 200 && status < 300;
    }
  }

  private final List<Exchange> exchanges = new ArrayList<>();

  @Override
  public synchronized void exchanged(RemoteRequest request, RemoteResponse response) {
    exchanges.add(new Exchange(request.method(), request.path(), request.body(), response.status(), response.body()));
  }

  public synchronized List<Exchange> all() {
    return List.copyOf(exchanges);
  }
}
