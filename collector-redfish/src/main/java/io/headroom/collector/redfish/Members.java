package io.headroom.collector.redfish;

import com.fasterxml.jackson.databind.JsonNode;
import io.headroom.collector.redfish.Fetcher.Fetched;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A collection read whole: its Members, then each page that {@code Members@odata.nextLink} names
 * (Redfish pages large collections; a service may page at any size). A next link already followed
 * is a loop, and a collection of more than {@code max_pages} pages or {@code max_members} members
 * is cut there (a service that names a new next link on every page would be read for ever): the
 * walk keeps the members read so far, and says so, naming the setting.
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
    RedfishSettings bounds = fetcher.bounds();
    while (true) {
      for (String m : Json.links(page.doc().get("Members"))) {
        if (out.size() == bounds.maxMembers() && !out.contains(m)) {
          return new Read(List.copyOf(out), cut(fetcher, collection, "more than max_members " + bounds.maxMembers()
              + " members; the first " + bounds.maxMembers() + " are kept"));
        }
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
      if (pages.size() > bounds.maxPages()) {
        return new Read(List.copyOf(out), cut(fetcher, collection, "more than max_pages " + bounds.maxPages()
            + " pages (" + out.size() + " members read); the rest is not read"));
      }
      page = fetcher.get(next);
      if (!page.ok()) {
        return new Read(List.copyOf(out), page.error());
      }
    }
  }

  private static BmcException cut(Fetcher fetcher, String collection, String why) {
    return new BmcException("GET " + fetcher.client().target() + collection, why, -1);
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
