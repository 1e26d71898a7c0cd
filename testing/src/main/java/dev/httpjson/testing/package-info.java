/**
 * httpjson's test kit: {@link dev.httpjson.testing.StubHttpClient}, a {@link
 * java.net.http.HttpClient} that answers in memory from routes, so a test keeps the production
 * wiring of the code it tests and replaces only the network.
 *
 * <p>The API is written for the reader of a test, in the order the test reads:
 *
 * <ul>
 *   <li><b>What the server does</b>: {@code stub.on("POST", "/chat")} names the route the way an
 *       API's documentation does, a method and a path template; {@link
 *       dev.httpjson.testing.Route#reply(dev.httpjson.testing.Reply)} adds what it answers, in
 *       order, each reply once, so that a sequence (429, then 200) is the list of its replies and
 *       an unused reply is a failure ({@link dev.httpjson.testing.StubHttpClient#verify()}); {@link
 *       dev.httpjson.testing.Route#always()} says the opposite explicitly. One concept, {@link
 *       dev.httpjson.testing.Reply}, carries every answer: typed values, Problem Details, raw
 *       bytes, streams, events, pauses and faults compose on it instead of multiplying route
 *       methods.
 *   <li><b>In the API's types</b>: values are written with the stub's {@code JsonOptions} (the
 *       default options unless given), so a test never spells JSON by hand, and captured bodies
 *       read back the same way ({@link dev.httpjson.testing.StubRequest#bodyAs(Class)}).
 *   <li><b>What the code sent</b>: {@link
 *       dev.httpjson.testing.StubHttpClient#takeRequest(java.time.Duration)} waits a bounded time
 *       and fails with an {@link java.lang.AssertionError} that says what was expected; a captured
 *       request prints all it carried.
 * </ul>
 *
 * <p><b>Time is real, and short.</b> httpjson's request timeouts, idle timeouts and reconnect
 * delays run on its own timers and the JDK's, which a virtual clock in the stub could not move; a
 * stub that scaled its pauses would make a test's numbers lie. So a pause or a delay is what it
 * says, scheduled without blocking any thread, and a test uses milliseconds: an idle timeout of 50
 * ms against a pause of 300 ms runs in a third of a second and never hangs, since every wait in the
 * kit is bounded.
 *
 * <p><b>Stubs by interface.</b> A route is a predicate over the request and a queue of replies, so
 * a route declared by a method of a declarative API interface (its method and path template read
 * from the interface's annotations) is one more way to make a {@link dev.httpjson.testing.Route},
 * added beside the module of declarative interfaces.
 */
@NullMarked
package dev.httpjson.testing;

import org.jspecify.annotations.NullMarked;
