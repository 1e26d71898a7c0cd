package dev.httpjson.examples;

/** Runs the README's "Testing your code" example. */
class ChatClientTest extends TestingExample.ChatClientTests {}
