package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A collection read whole: its Members, then each page that {@code Members@odata.nextLink} names
 * (Redfish pages large collections; a service may page at any size). A next link already followed
 * is a loop: the walk stops there, with the members read so far, and says so.
 */
final class Members {
  /** The member links in the order served, without repeats, or the error of the first page. */
  record Read(List<String> links, BmcException error) {
    boolean ok() {
      return error == null;
    }
  }

  private Members() {}

  static Read read(Fetcher fetcher, String collection) {
    Set<String> out = new LinkedHashSet<>();
    Set<String> pages = new LinkedHashSet<>();
    Fetched page = fetcher.get(collection);
    if (!page.ok()) {
      return new Read(List.of(), page.error());
    }
    pages.add(collection);
    while (true) {
      for (String m : Json.links(page.doc().get("Members"))) {
        out.add(m);
      }
      String next = Json.text(page.doc().get("Members@odata.nextLink"));
      if (next == null) {
        return new Read(List.copyOf(out), null);
      }
      if (!pages.add(next)) {
        return new Read(List.copyOf(out), new BmcException("GET " + fetcher.client().target() + next,
            "Members@odata.nextLink loops back to a page already read (after " + out.size() + " members); the rest is not read", -1));
      }
      page = fetcher.get(next);
      if (!page.ok()) {
        return new Read(List.copyOf(out), page.error());
      }
    }
  }

  /** The members, recording a failed or looping collection as a problem of the inventory. */
  static List<String> of(Fetcher fetcher, Inventory inv, String collection) {
    if (collection == null) {
      return List.of();
    }
    Read r = read(fetcher, collection);
    if (!r.ok()) {
      inv.problem(r.error());
    }
    return r.links();
  }
}
