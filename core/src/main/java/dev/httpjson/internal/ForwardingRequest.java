package dev.httpjson.internal;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpHeaders;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Optional;

/**
 * A request that answers every question as another does: the base of a request that is another with
 * one thing told or changed (an identity beside its credential, the test kit's request under
 * another method). A subclass overrides what it changes.
 */
public abstract class ForwardingRequest extends HttpRequest {
  /** The request this one answers as. */
  protected final HttpRequest request;

  /** A request answering as {@code request}. */
  protected ForwardingRequest(HttpRequest request) {
    this.request = request;
  }

  @Override
  public Optional<BodyPublisher> bodyPublisher() {
    return request.bodyPublisher();
  }

  @Override
  public String method() {
    return request.method();
  }

  @Override
  public Optional<Duration> timeout() {
    return request.timeout();
  }

  @Override
  public boolean expectContinue() {
    return request.expectContinue();
  }

  @Override
  public URI uri() {
    return request.uri();
  }

  @Override
  public Optional<HttpClient.Version> version() {
    return request.version();
  }

  @Override
  public HttpHeaders headers() {
    return request.headers();
  }
}
