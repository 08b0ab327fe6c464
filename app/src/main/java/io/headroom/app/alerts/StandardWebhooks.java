package io.headroom.app.alerts;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Standard Webhooks signatures (standardwebhooks.com): HMAC-SHA256 over {@code id.timestamp.body}
 * with the secret, sent as {@code webhook-signature: v1,<base64>} next to {@code webhook-id} and
 * {@code webhook-timestamp} (Unix seconds), so a receiver checks the body is ours and rejects
 * replays by the timestamp and the id.
 */
public final class StandardWebhooks {
  private static final String PREFIX = "whsec_";

  private StandardWebhooks() {}

  /** The key: a {@code whsec_} secret is base64 after its prefix (as the spec issues them); anything else is its UTF-8 bytes. */
  public static byte[] key(String secret) {
    return secret.startsWith(PREFIX) ? Base64.getDecoder().decode(secret.substring(PREFIX.length()))
        : secret.getBytes(StandardCharsets.UTF_8);
  }

  public static String signature(byte[] key, String id, long timestamp, String body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      byte[] sig = mac.doFinal((id + "." + timestamp + "." + body).getBytes(StandardCharsets.UTF_8));
      return "v1," + Base64.getEncoder().encodeToString(sig);
    } catch (java.security.GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is not available", e);
    }
  }
}
