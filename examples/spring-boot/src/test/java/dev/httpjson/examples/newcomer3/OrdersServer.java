package dev.httpjson.examples.newcomer3;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.RecordedRequest;
import okhttp3.HttpUrl;

/**
 * A small orders API on loopback: a token endpoint, a cursor-paged listing with ETags (a 503 with
 * Retry-After first, once), a PATCH and a DELETE that change what it lists.
 */
final class OrdersServer extends Dispatcher {
  /** One order as stored: its JSON is written by hand, as a server in another language would. */
  record Stored(String id, String status, String total, String placedAt) {
    String json() {
      return String.format(
          "{\"id\":\"%s\",\"status\":\"%s\",\"customer\":\"c-1\",\"total\":%s,\"placedAt\":\"%s\"}",
          id, status, total, placedAt);
    }
  }

  final Map<String, Stored> orders = new ConcurrentHashMap<>();
  final AtomicInteger unavailable = new AtomicInteger(1);
  final List<String> patches = new ArrayList<>();

  @Override
  public MockResponse dispatch(RecordedRequest request) {
    HttpUrl url = request.getUrl();
    String path = url.encodedPath();
    if (path.equals("/oauth/token") && request.getMethod().equals("POST")) {
      return json(200, "{\"access_token\":\"t-1\",\"token_type\":\"Bearer\",\"expires_in\":3600}");
    }
    if (!"Bearer t-1".equals(request.getHeaders().get("Authorization"))) {
      return json(401, "{}");
    }
    if (path.equals("/api/v2/orders") && request.getMethod().equals("GET")) {
      if (unavailable.getAndDecrement() > 0) {
        return new MockResponse.Builder().code(503).addHeader("Retry-After", "0").build();
      }
      return page(url, request.getHeaders().get("If-None-Match"));
    }
    if (path.startsWith("/api/v2/orders/")) {
      String id = path.substring("/api/v2/orders/".length());
      Stored order = orders.get(id);
      if (order == null) {
        return json(404, "{}");
      }
      if (request.getMethod().equals("DELETE")) {
        orders.remove(id);
        return new MockResponse.Builder().code(204).build();
      }
      if (request.getMethod().equals("PATCH")) {
        String body = request.getBody() == null ? "" : request.getBody().utf8();
        synchronized (patches) {
          patches.add(body);
        }
        Stored stale = new Stored(id, "stale", order.total(), order.placedAt());
        orders.put(id, stale);
        return json(200, stale.json());
      }
    }
    return json(404, "{}");
  }

  /** Two open orders a page, by id; the cursor is the last id of the page before. */
  private MockResponse page(HttpUrl url, String ifNoneMatch) {
    String after = url.queryParameter("cursor");
    List<Stored> open =
        orders.values().stream()
            .filter(o -> o.status().equals("open"))
            .filter(o -> after == null || o.id().compareTo(after) > 0)
            .sorted((a, b) -> a.id().compareTo(b.id()))
            .toList();
    List<Stored> page = open.subList(0, Math.min(2, open.size()));
    StringBuilder body = new StringBuilder("{\"items\":[");
    for (int i = 0; i < page.size(); i++) {
      body.append(i == 0 ? "" : ",").append(page.get(i).json());
    }
    body.append("]");
    if (open.size() > 2) {
      body.append(",\"nextCursor\":\"").append(page.get(1).id()).append("\"");
    }
    body.append("}");
    String etag = "\"" + Integer.toHexString(body.toString().hashCode()) + "\"";
    if (etag.equals(ifNoneMatch)) {
      return new MockResponse.Builder().code(304).addHeader("ETag", etag).build();
    }
    return new MockResponse.Builder()
        .code(200)
        .addHeader("Content-Type", "application/json")
        .addHeader("ETag", etag)
        .body(body.toString())
        .build();
  }

  private static MockResponse json(int code, String body) {
    return new MockResponse.Builder()
        .code(code)
        .addHeader("Content-Type", "application/json")
        .body(body)
        .build();
  }
}
