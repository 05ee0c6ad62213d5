package dev.rubble.core.plugin;

import dev.rubble.spi.StageFactory;

/**
 * One implementation the kernel found.
 *
 * @param family  the stage family it belongs to
 * @param name    the name users select it by
 * @param plugin  the plugin that offered it
 * @param source  where the plugin class came from (jar path or class directory)
 * @param factory the factory itself
 */
public record Registration(StageFamily<?> family, String name, String plugin, String source,
                           StageFactory<?> factory) {
}
