package io.headroom.standin;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.HexFormat;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A certificate made fresh for one stand-in, like the one a BMC ships: self-signed, so no trust
 * store knows it. It names localhost and 127.0.0.1, so a client that trusts it as a CA
 * ({@code tls.ca_file}) also passes hostname verification; a pinned client ignores the names.
 */
public final class SelfSignedCertificate {
  private final KeyPair keys;
  private final X509Certificate certificate;

  private SelfSignedCertificate(KeyPair keys, X509Certificate certificate) {
    this.keys = keys;
    this.certificate = certificate;
  }

  public static SelfSignedCertificate generate() {
    try {
      KeyPairGenerator gen = KeyPairGenerator.getInstance("EC");
      gen.initialize(256);
      KeyPair keys = gen.generateKeyPair();
      X500Name name = new X500Name("CN=headroom-standin");
      Instant now = Instant.now();
      var builder = new JcaX509v3CertificateBuilder(
          name,
          new BigInteger(64, new SecureRandom()),
          Date.from(now.minus(Duration.ofHours(1))),
          Date.from(now.plus(Duration.ofDays(2))),
          name,
          keys.getPublic());
      builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
          new GeneralName(GeneralName.dNSName, "localhost"),
          new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
      // A CA of itself, so it can be handed to a client as its one trusted CA.
      builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
      builder.addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(KeyPurposeId.id_kp_serverAuth));
      var signer = new JcaContentSignerBuilder("SHA256withECDSA").build(keys.getPrivate());
      X509Certificate cert = new JcaX509CertificateConverter().getCertificate(builder.build(signer));
      return new SelfSignedCertificate(keys, cert);
    } catch (Exception e) {
      throw new IllegalStateException("cannot make a self-signed certificate", e);
    }
  }

  public X509Certificate certificate() {
    return certificate;
  }

  /** SHA-256 over the DER encoding, upper-case hex pairs joined by colons, as openssl prints it. */
  public String sha256Fingerprint() {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
      return HexFormat.ofDelimiter(":").withUpperCase().formatHex(digest);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  public String pem() {
    try {
      String b64 = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(certificate.getEncoded());
      return "-----BEGIN CERTIFICATE-----\n" + b64 + "\n-----END CERTIFICATE-----\n";
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  /**
   * The private key in PEM (PKCS#8, "PRIVATE KEY"), for a server that reads its key from a file:
   * a real Prometheus's {@code tls_server_config.key_file}.
   */
  public String privateKeyPem() {
    String b64 = Base64.getMimeEncoder(64, "\n".getBytes()).encodeToString(keys.getPrivate().getEncoded());
    return "-----BEGIN PRIVATE KEY-----\n" + b64 + "\n-----END PRIVATE KEY-----\n";
  }

  /** A client-side TLS context trusting this certificate alone, as a CA. */
  public SSLContext clientContext() {
    try {
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setCertificateEntry("ca", certificate);
      TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
      tmf.init(store);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(null, tmf.getTrustManagers(), null);
      return ctx;
    } catch (Exception e) {
      throw new IllegalStateException("cannot make a TLS context", e);
    }
  }

  /** A server-side TLS context presenting this certificate. */
  public SSLContext serverContext() {
    try {
      char[] none = new char[0];
      KeyStore store = KeyStore.getInstance("PKCS12");
      store.load(null, null);
      store.setKeyEntry("standin", keys.getPrivate(), none, new X509Certificate[] {certificate});
      KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
      kmf.init(store, none);
      SSLContext ctx = SSLContext.getInstance("TLS");
      ctx.init(kmf.getKeyManagers(), null, null);
      return ctx;
    } catch (Exception e) {
      throw new IllegalStateException("cannot make a TLS context", e);
    }
  }
}
