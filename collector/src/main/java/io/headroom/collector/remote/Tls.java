package io.headroom.collector.remote;

import io.headroom.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;
import java.util.HexFormat;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;
import okhttp3.OkHttpClient;

/**
 * The TLS half of a client: which certificates are accepted and whether names are checked, per
 * {@link TlsSettings}. Every refusal says which certificate was seen (its SHA-256), so the fix
 * (a pin, a CA file) can be written straight from the message.
 */
final class Tls {
  private Tls() {}

  /** SHA-256 over the DER encoding, as {@code openssl x509 -fingerprint -sha256} prints it. */
  static String fingerprint(X509Certificate cert) {
    try {
      byte[] d = MessageDigest.getInstance("SHA-256").digest(cert.getEncoded());
      return HexFormat.ofDelimiter(":").withUpperCase().formatHex(d);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  static void configure(OkHttpClient.Builder builder, TlsSettings tls) throws ConfigException {
    X509ExtendedTrustManager trust;
    if (tls.pinned()) {
      trust = new Pinned(tls.pinBytes());
      builder.hostnameVerifier(anyName());
    } else if (tls.insecure()) {
      trust = new Pinned(null);
      builder.hostnameVerifier(anyName());
    } else if (tls.caFile() != null) {
      trust = new Reporting(trustManager(caStore(tls)), "tls.ca_file " + tls.caFile().getFileName());
    } else {
      trust = new Reporting(trustManager(null), "the JVM trust store");
    }
    try {
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, new TrustManager[] {trust}, null);
      builder.sslSocketFactory(ctx.getSocketFactory(), trust);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("no TLS in this JVM", e);
    }
  }

  private static HostnameVerifier anyName() {
    // The pin names the certificate exactly; its subject names say nothing more.
    return (host, session) -> true;
  }

  private static KeyStore caStore(TlsSettings tls) throws ConfigException {
    try (InputStream in = Files.newInputStream(tls.caFile())) {
      Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
      if (certs.isEmpty()) {
        throw new ConfigException("tls.ca_file: " + tls.caFile() + " holds no certificate");
      }
      KeyStore store = KeyStore.getInstance(KeyStore.getDefaultType());
      store.load(null, null);
      int i = 0;
      for (Certificate c : certs) {
        store.setCertificateEntry("ca" + i++, c);
      }
      return store;
    } catch (IOException e) {
      throw new ConfigException("tls.ca_file: cannot read " + tls.caFile() + " (" + e.getClass().getSimpleName() + ")");
    } catch (GeneralSecurityException e) {
      throw new ConfigException("tls.ca_file: " + tls.caFile() + " is not a PEM certificate: " + e.getMessage());
    }
  }

  private static X509ExtendedTrustManager trustManager(KeyStore store) {
    try {
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      for (TrustManager tm : tmf.getTrustManagers()) {
        if (tm instanceof X509ExtendedTrustManager x) {
          return x;
        }
      }
      throw new IllegalStateException("no X.509 trust manager in this JVM");
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Server checks only; a client certificate is never asked of us by these targets. */
  private abstract static class ServerOnly extends X509ExtendedTrustManager {
    abstract void check(X509Certificate[] chain, String authType, Socket socket, SSLEngine engine)
        throws CertificateException;

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      check(chain, authType, null, null);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
      check(chain, authType, socket, null);
    }

    @Override
    public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      check(chain, authType, null, engine);
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
      throw new CertificateException("not a server");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket) throws CertificateException {
      throw new CertificateException("not a server");
    }

    @Override
    public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
        throws CertificateException {
      throw new CertificateException("not a server");
    }
  }

  /** Accepts the one certificate whose SHA-256 is the pin (or, with no pin, any certificate). */
  private static final class Pinned extends ServerOnly {
    private final byte[] pin;

    Pinned(byte[] pin) {
      this.pin = pin;
    }

    @Override
    void check(X509Certificate[] chain, String authType, Socket socket, SSLEngine engine) throws CertificateException {
      if (pin == null) {
        return;
      }
      if (chain == null || chain.length == 0) {
        throw new CertificateException("the server sent no certificate");
      }
      byte[] seen;
      try {
        seen = MessageDigest.getInstance("SHA-256").digest(chain[0].getEncoded());
      } catch (GeneralSecurityException e) {
        throw new CertificateException(e);
      }
      if (!MessageDigest.isEqual(seen, pin)) {
        throw new CertificateException("server certificate SHA-256 " + fingerprint(chain[0])
            + " does not match tls.pin_sha256 " + HexFormat.ofDelimiter(":").withUpperCase().formatHex(pin));
      }
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return new X509Certificate[0];
    }
  }

  /** The usual PKIX check, whose refusal names the certificate seen and what it was checked against. */
  private static final class Reporting extends ServerOnly {
    private final X509ExtendedTrustManager delegate;
    private final String against;

    Reporting(X509ExtendedTrustManager delegate, String against) {
      this.delegate = delegate;
      this.against = against;
    }

    @Override
    void check(X509Certificate[] chain, String authType, Socket socket, SSLEngine engine) throws CertificateException {
      try {
        if (socket != null) {
          delegate.checkServerTrusted(chain, authType, socket);
        } else if (engine != null) {
          delegate.checkServerTrusted(chain, authType, engine);
        } else {
          delegate.checkServerTrusted(chain, authType);
        }
      } catch (CertificateException e) {
        String seen = chain == null || chain.length == 0 ? "none" : chain[0].getSubjectX500Principal().getName()
            + ", SHA-256 " + fingerprint(chain[0]);
        throw new CertificateException("server certificate (" + seen + ") is not trusted by " + against + ": "
            + e.getMessage(), e);
      }
    }

    @Override
    public X509Certificate[] getAcceptedIssuers() {
      return delegate.getAcceptedIssuers();
    }
  }
}
