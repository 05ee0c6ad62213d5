package dev.rubble.core.plugin;

import com.google.inject.AbstractModule;
import com.google.inject.multibindings.MapBinder;
import dev.rubble.spi.StageFactory;

/**
 * The Guice module built from what the plugins offer: one {@code MapBinder<String, XFactory>} per
 * stage family (the Druid PolyBind idea), so the kernel injects {@code Map<String, XFactory>} and
 * picks one by the configured name.
 */
final class StageModule extends AbstractModule {
    private final PluginManager plugins;

    StageModule(PluginManager plugins) {
        this.plugins = plugins;
    }

    @Override
    protected void configure() {
        bind(PluginManager.class).toInstance(plugins);
        for (StageFamily<?> family : StageFamily.all()) {
            bindFamily(family);
        }
    }

    private <F extends StageFactory<?>> void bindFamily(StageFamily<F> family) {
        MapBinder<String, F> map = MapBinder.newMapBinder(binder(), String.class, family.factoryType());
        for (Registration r : plugins.registrations(family)) {
            map.addBinding(r.name()).toInstance(family.factoryType().cast(r.factory()));
        }
    }
}
