package io.headroom.analyzer.remotewrite;

import io.headroom.analyzer.store.Database;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Each entity's kind for the {@code kind} label: learnt from the entity records forwarded, and
 * read from the entity table the ingest fills when a reading comes first (the topology topic and
 * the samples topic are not read in step). Read again at most every 5 s while an entity is not
 * known; an entity of no known kind has no {@code kind} label.
 */
public final class EntityKinds implements BiFunction<String, String, String> {
  private static final Logger LOG = LoggerFactory.getLogger(EntityKinds.class);
  private static final long RELOAD_MS = 5000;
  private final Database database;
  private final Map<String, String> kinds = new HashMap<>();
  private long loadedAt = Long.MIN_VALUE / 2;

  /** {@code database}: where the entity table is; null for none (kinds only from entity records). */
  public EntityKinds(Database database) {
    this.database = database;
  }

  public void learn(String testbed, String entity, String kind) {
    if (kind != null && !kind.equals("unknown")) {
      kinds.put(key(testbed, entity), kind);
    }
  }

  @Override
  public String apply(String testbed, String entity) {
    String k = kinds.get(key(testbed, entity));
    if (k == null && database != null && System.currentTimeMillis() - loadedAt >= RELOAD_MS) {
      load();
      k = kinds.get(key(testbed, entity));
    }
    return k;
  }

  private void load() {
    loadedAt = System.currentTimeMillis();
    try {
      Connection c = database.connection();
      try (PreparedStatement s = c.prepareStatement("SELECT testbed, entity, kind FROM entity WHERE kind <> 'unknown'");
          ResultSet r = s.executeQuery()) {
        while (r.next()) {
          kinds.put(key(r.getString(1), r.getString(2)), r.getString(3));
        }
      }
    } catch (SQLException e) {
      database.discard();
      LOG.info("entity kinds not read from {} ({}); readings of entities not seen yet go without a kind label",
          database, e.getMessage());
    }
  }

  private static String key(String testbed, String entity) {
    return testbed + "|" + entity;
  }
}
