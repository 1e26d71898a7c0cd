package dev.httpjson.internal.transport;

/**
 * Marks a body subscriber whose signals only hand the bytes on to the JDK's own subscribers: it
 * runs no caller code and never waits, so a transport may call it on the thread that read the
 * bytes. A transport calls every other subscriber, apart from the JDK's few that only store or
 * queue bytes, on an executor where caller code may run.
 *
 * <p>Only httpjson implements it: the package is exported to httpjson's transport support alone.
 */
public interface IoThreadSafe {}
