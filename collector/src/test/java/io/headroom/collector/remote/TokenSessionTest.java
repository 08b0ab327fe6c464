package io.headroom.collector.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.headroom.collector.remote.TokenSession.Login;
import io.headroom.collector.remote.TokenSession.Refusal;
import io.headroom.standin.StandinReply;
import io.headroom.standin.StandinServer;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The order of things every token session keeps, against a device of the stand-in's: POST /login
 * hands out token-1, token-2, ...; GET /data answers 200 to the newest token issued and
 * {@code refusal} to any other (the test ends a session by counting one more issued); POST /logout
 * ends a session. The login says what a refusal means.
 */
class TokenSessionTest {
  private StandinServer server;
  private RemoteHttpClient http;
  private final AtomicInteger issued = new AtomicInteger();
  private volatile int refusal = 401;

  @BeforeEach
  void start() throws Exception {
    server = StandinServer.builder().start();
    server.handle("/login", req -> StandinReply.json("{}").withHeader("x-token", "token-" + issued.incrementAndGet()));
    server.handle("/data", req -> ("token-" + issued.get()).equals(req.header("x-token"))
        ? StandinReply.json("{\"ok\":true}") : StandinReply.json(refusal, "{}"));
    server.handle("/logout", req -> StandinReply.json("{}"));
    http = RemoteHttpClient.builder(RemoteEndpoint.of(server.baseUri()).withPlaintext(true), Credentials.NONE).build();
  }

  @AfterEach
  void stop() {
    http.close();
    server.close();
  }

  /** The device's protocol, with what its logins say of a refusal. */
  private TokenSession session(Refusal onRefusal) {
    return new TokenSession(http, client -> {
      String token = client.execute(RemoteRequest.post("/login", "{}")).header("x-token");
      return new Login() {
        @Override
        public RemoteRequest authorize(RemoteRequest request) {
          return request.withHeader("x-token", token);
        }

        @Override
        public Refusal refused(int status) {
          return onRefusal;
        }

        @Override
        public void end(RemoteHttpClient client) {
          try {
            client.execute(RemoteRequest.post("/logout", null).withHeader("x-token", token));
          } catch (IOException e) {
            throw new IllegalStateException(e);
          }
        }
      };
    });
  }

  @Test
  void oneLoginServesEveryRequestAnEndedSessionIsRenewedOnceAndCloseLogsOut() throws Exception {
    TokenSession s = session(Refusal.RENEW);
    assertEquals(200, s.execute(RemoteRequest.get("/data")).status());
    assertEquals(200, s.execute(RemoteRequest.get("/data")).status());
    assertEquals(1, server.count("POST", "/login"));
    issued.incrementAndGet(); // the device ended the session: token-1 is refused from now on
    assertEquals(200, s.execute(RemoteRequest.get("/data")).status()); // refused, renewed, repeated
    assertEquals(2, server.count("POST", "/login"));
    assertEquals(4, server.count("GET", "/data"));
    assertEquals(2, s.logins());
    s.close();
    s.close(); // twice: nothing left to end
    assertEquals(1, server.count("POST", "/logout"));
  }

  @Test
  void requestsRefusedTogetherRenewOnce() throws Exception {
    TokenSession s = session(Refusal.RENEW);
    TokenSession.Authorized first = s.authorize(RemoteRequest.get("/data"));
    TokenSession.Authorized second = s.authorize(RemoteRequest.get("/data"));
    assertEquals(1, first.login());
    assertTrue(s.renew(first.login(), 401));
    assertTrue(s.renew(second.login(), 401)); // the same login's refusal: already renewed, repeat as is
    assertEquals(2, server.count("POST", "/login"));
    assertEquals(200, http.execute(s.authorize(RemoteRequest.get("/data")).request()).status());
  }

  @Test
  void anEndedSessionWhoseSlotMayBeHeldIsLoggedOutBeforeTheNextLogin() throws Exception {
    TokenSession s = session(Refusal.END_AND_RENEW);
    refusal = 403;
    s.execute(RemoteRequest.get("/data"));
    issued.incrementAndGet();
    assertEquals(200, s.execute(RemoteRequest.get("/data")).status());
    assertEquals(1, server.count("POST", "/logout"));
    assertEquals(2, server.count("POST", "/login"));
  }

  @Test
  void aFinalRefusalIsTheAnswerAndARepeatSendsAgainWithoutALogin() throws Exception {
    TokenSession fin = session(Refusal.FINAL);
    fin.execute(RemoteRequest.get("/data"));
    issued.incrementAndGet();
    assertEquals(401, fin.execute(RemoteRequest.get("/data")).status());
    assertEquals(2, server.count("GET", "/data")); // not repeated
    assertEquals(1, server.count("POST", "/login")); // nor renewed

    TokenSession repeat = session(Refusal.REPEAT);
    repeat.execute(RemoteRequest.get("/data"));
    issued.incrementAndGet();
    assertEquals(401, repeat.execute(RemoteRequest.get("/data")).status());
    assertEquals(5, server.count("GET", "/data")); // 2 above, then 1, the refused one and its repeat
    assertEquals(2, server.count("POST", "/login")); // the second session's one login: none to renew
  }

  @Test
  void aRefusedLoginIsTheLoginGatesAndHoldsTheNext() throws Exception {
    TokenSession s = new TokenSession(http, client -> {
      throw new LoginFailedException("refused", 401);
    });
    assertThrows(LoginFailedException.class, () -> s.authorize(RemoteRequest.get("/data")));
    LoginFailedException held = assertThrows(LoginFailedException.class, () -> s.authorize(RemoteRequest.get("/data")));
    assertTrue(held.getMessage().contains("login not tried before"), held.getMessage());
    assertFalse(held.getMessage().contains("token-"), held.getMessage());
  }
}
