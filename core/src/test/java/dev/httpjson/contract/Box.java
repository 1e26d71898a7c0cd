package dev.httpjson.contract;

/**
 * A holder of httpjson's own loader that is a class, not a record, as older shared libraries define
 * one: an application below puts its own value in it.
 */
public final class Box {
  private final Object content;

  /**
   * A box of {@code content}.
   *
   * @param content what it holds
   */
  public Box(Object content) {
    this.content = content;
  }

  /**
   * What it holds.
   *
   * @return what it holds
   */
  public Object getContent() {
    return content;
  }
}
