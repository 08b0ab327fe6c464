package io.headroom.collector.remote;

import okhttp3.Call;
import okhttp3.Response;
import okio.BufferedSource;

/**
 * A streaming response (server-sent events) with the call that opened it. A reader blocked in a
 * read of the body is woken only by {@link #cancel()}, which closes the socket: closing the
 * response from another thread does not (OkHttp first drains the body on the closing thread, and
 * okio allows one reader at a time), so without it a stopped source would keep its thread and the
 * BMC's subscription until the read timeout.
 */
public final class RemoteStream implements AutoCloseable {
  private final Response response;
  private final Call call;

  RemoteStream(Response response, Call call) {
    this.response = response;
    this.call = call;
  }

  /** The body as it arrives; read by the one thread that owns the stream. */
  public BufferedSource source() {
    return response.body().source();
  }

  /** From any thread: ends the stream now; the owner's read fails with an IOException. */
  public void cancel() {
    call.cancel();
  }

  /** By the owner, once it has stopped reading. */
  @Override
  public void close() {
    response.close();
  }
}
