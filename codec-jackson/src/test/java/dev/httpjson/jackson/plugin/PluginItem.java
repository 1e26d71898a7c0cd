package dev.httpjson.jackson.plugin;

/**
 * A type that {@code ClassLoaderRetentionTest} loads again through a throwaway class loader, as a
 * plugin or web application would define its own types below a shared httpjson.
 */
public record PluginItem(String name, int count) {}
