package dev.httpjson.internal;

import dev.httpjson.JsonOptions;
import dev.httpjson.ProblemDetails;
import java.net.URI;
import java.net.http.HttpHeaders;
import org.jspecify.annotations.Nullable;

/**
 * What a status failure keeps of the response it reports: the status, headers, the start of the
 * body (decoded, and as bytes), its problem details and the call's request and options.
 */
public record StatusResponse(
    int statusCode,
    HttpHeaders headers,
    @Nullable String method,
    @Nullable URI uri,
    String body,
    boolean bodyTruncated,
    @Nullable ProblemDetails problem,
    byte[] bodyBytes,
    @Nullable String contentType,
    JsonOptions options) {}
