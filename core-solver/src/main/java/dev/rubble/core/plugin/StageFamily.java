package dev.rubble.core.plugin;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageFactory;
import dev.rubble.spi.broadphase.BroadphaseFactory;
import dev.rubble.spi.narrowphase.NarrowphaseFactory;
import java.util.List;
import java.util.function.Function;

/**
 * A stage family the kernel knows: its name in scenario files ({@code world.stages.<name>}), the
 * factory type, the getter on {@link RubblePlugin} and the default implementation.
 * Adding a family = one constant here plus a default getter in {@link RubblePlugin}.
 *
 * @param name         key in {@code world.stages}
 * @param factoryType  the SPI factory interface
 * @param getter       reads the plugin's factories of this family
 * @param defaultName  chosen when the scenario does not name one
 */
public record StageFamily<F extends StageFactory<?>>(
        String name, Class<F> factoryType, Function<RubblePlugin, Iterable<F>> getter, String defaultName) {

    public static final StageFamily<BroadphaseFactory> BROADPHASE =
            new StageFamily<>("broadphase", BroadphaseFactory.class, RubblePlugin::broadphases, "sweep");

    public static final StageFamily<NarrowphaseFactory> NARROWPHASE =
            new StageFamily<>("narrowphase", NarrowphaseFactory.class, RubblePlugin::narrowphases, "default");

    /** Every family, in the order {@code rubble plugins} prints them. */
    public static List<StageFamily<?>> all() {
        return List.of(BROADPHASE, NARROWPHASE);
    }

    /** The family called {@code name}, or fails listing the known ones. */
    public static StageFamily<?> byName(String name) {
        for (StageFamily<?> f : all()) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        StringBuilder known = new StringBuilder();
        for (StageFamily<?> f : all()) {
            known.append(known.length() == 0 ? "" : ", ").append(f.name);
        }
        throw new UnknownStageException("unknown stage family '" + name + "'; known: " + known);
    }
}
