package dev.httpjson.examples;

/** Runs the documentation's "Testing your code" example. */
class ChatClientTest extends TestingExample.ChatClientTests {}
