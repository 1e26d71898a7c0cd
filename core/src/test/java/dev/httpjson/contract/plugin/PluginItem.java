package dev.httpjson.contract.plugin;

/**
 * A type that {@code ClassLoaderRetentionContract} loads again through a throwaway class loader, as
 * a plugin or web application defines its own types below a shared httpjson.
 *
 * @param name a name
 * @param count a count
 */
public record PluginItem(String name, int count) {}
