package dev.httpjson.bench;

import java.net.URI;
import java.util.List;

/**
 * One way of calling the server. A variant either reads and writes the model ({@link Model}) or
 * moves raw bytes ({@link Bytes}); either way every call is validated, and a wrong or missing item
 * throws.
 */
public interface Variant extends AutoCloseable {

  /** One validated call. */
  interface Op {
    void run() throws Exception;
  }

  /** The call for {@code scenario} against {@code base} (e.g. {@code http://127.0.0.1:8080}). */
  Op op(Scenario scenario, URI base) throws Exception;

  @Override
  default void close() throws Exception {}

  /** A variant that maps JSON to {@link WeatherForecast}. */
  abstract class Model implements Variant {
    /** The value every POST sends (serialized anew per call). */
    protected final List<WeatherForecast> postList = Forecasts.randomList();

    protected final WeatherForecast postItem = postList.get(0);

    protected abstract List<WeatherForecast> getCollection(URI uri) throws Exception;

    protected abstract WeatherForecast getObject(URI uri) throws Exception;

    /** Returns the status. */
    protected abstract int postCollection(URI uri, List<WeatherForecast> value) throws Exception;

    /** Returns the status. */
    protected abstract int postObject(URI uri, WeatherForecast value) throws Exception;

    /** Reads {@code get.plain}; only the variants that compare on it implement it. */
    protected List<PlainForecast> getPlain(URI uri) throws Exception {
      throw new UnsupportedOperationException(
          getClass().getSimpleName() + " does not read get.plain");
    }

    /**
     * Reads a top-level array lazily, one element at a time, checking each; returns how many. Only
     * the variants that stream implement it.
     */
    protected int stream(URI uri) throws Exception {
      throw new UnsupportedOperationException("does not stream");
    }

    /** Whether {@link #stream} is implemented. */
    protected boolean streams() {
      return false;
    }

    /**
     * Called once by {@link #op}, before any call and on one thread: variants that need the base
     * URI build their client here, so that concurrent callers share one.
     */
    protected void prepare(URI base) throws Exception {}

    @Override
    public final Op op(Scenario scenario, URI base) throws Exception {
      prepare(base);
      URI uri = base.resolve(scenario.path());
      switch (scenario) {
        case GET_COLLECTION:
          return () -> Forecasts.check(getCollection(uri));
        case GET_OBJECT:
          return () -> Forecasts.check(getObject(uri));
        case GET_PLAIN:
          return () -> Forecasts.checkPlain(getPlain(uri));
        case POST_COLLECTION:
          return () -> Forecasts.checkStatus(postCollection(uri, postList));
        case POST_OBJECT:
          return () -> Forecasts.checkStatus(postObject(uri, postItem));
        case GET_LARGE:
          return () -> Forecasts.check(getCollection(uri), Forecasts.LARGE_SIZE);
        case STREAM_LARGE:
          if (!streams()) {
            throw new UnsupportedOperationException(
                getClass().getSimpleName() + " does not stream");
          }
          return () -> {
            int n = stream(uri);
            if (n != Forecasts.LARGE_SIZE) {
              throw new IllegalStateException("streamed " + n + " forecasts");
            }
          };
        default:
          throw new AssertionError(scenario);
      }
    }
  }

  /**
   * A transport ceiling: GETs read the body as bytes (checked for the item count, not parsed);
   * POSTs send bytes serialized once before the run.
   */
  abstract class Bytes implements Variant {
    protected abstract byte[] get(URI uri) throws Exception;

    /** Returns the status. */
    protected abstract int post(URI uri, byte[] body) throws Exception;

    /**
     * Called once by {@link #op}, before any call and on one thread: variants that need the base
     * URI build their client here, so that concurrent callers share one.
     */
    protected void prepare(URI base) throws Exception {}

    @Override
    public final Op op(Scenario scenario, URI base) throws Exception {
      prepare(base);
      URI uri = base.resolve(scenario.path());
      int items = scenario.items();
      if (!scenario.isPost()) {
        return () -> Forecasts.checkJson(get(uri), items);
      }
      List<WeatherForecast> list = Forecasts.randomList();
      byte[] body = Jackson3.MAPPER.writeValueAsBytes(scenario.isCollection() ? list : list.get(0));
      return () -> Forecasts.checkStatus(post(uri, body));
    }
  }
}
