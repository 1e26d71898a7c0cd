package dev.httpjson.testing;

/** The values the tests exchange. */
final class Models {
  private Models() {}

  record User(String name) {}

  record Order(String item, int quantity) {}

  record Token(String text) {}
}
