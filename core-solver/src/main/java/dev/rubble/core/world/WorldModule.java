package dev.rubble.core.world;

import com.google.inject.AbstractModule;
import com.google.inject.ConfigurationException;
import com.google.inject.CreationException;
import com.google.inject.Guice;
import com.google.inject.Injector;
import com.google.inject.Key;
import com.google.inject.Module;
import com.google.inject.OutOfScopeException;
import com.google.inject.Provider;
import com.google.inject.ProvisionException;
import com.google.inject.Provides;
import com.google.inject.Scope;
import com.google.inject.ScopeAnnotation;
import com.google.inject.multibindings.Multibinder;
import com.google.inject.multibindings.OptionalBinder;
import com.google.inject.name.Named;
import com.google.inject.name.Names;
import com.google.inject.spi.Message;
import com.google.inject.util.Modules;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.NarrowphaseStage;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.StepClock;
import dev.rubble.core.step.StepContext;
import dev.rubble.core.step.StepPipeline;
import dev.rubble.core.parallel.StepExecutor;
import dev.rubble.core.parallel.WorkerPool;
import dev.rubble.core.step.StepStage;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * How Guice assembles a world (SPEC §1): the settings, the stage implementations they name (from
 * the plugins {@link Stages} loaded), the step's state ({@link StepContext}), its script
 * ({@link StepPipeline}) with the optional slots, the clock and the observers. The CLI, the tests
 * and embedding users all build worlds through {@link World#create}, which uses this module plus any
 * overrides:
 * <ul>
 *   <li>{@link StepClock}: what times the slots (bind a fake clock to test timing displays);</li>
 *   <li>{@link ContactStage}: what fills the NARROWPHASE slot (default: the chosen narrowphase
 *       plugin's {@link NarrowphaseStage});</li>
 *   <li>{@code @Named("fields" | "destruction" | "removal" | "events") StepStage}: optional slot
 *       fillers, set with {@link OptionalBinder#newOptionalBinder} + {@code setBinding()};</li>
 *   <li>{@code Set<StepObserver>}: observers that hear every step from the first (journal writer,
 *       console feed), added with {@link Multibinder#newSetBinder}.</li>
 * </ul>
 */
public final class WorldModule extends AbstractModule {
    /** Names of the optional slots, as bound with {@link Names#named}. */
    public static final String FIELDS = "fields", DESTRUCTION = "destruction", REMOVAL = "removal", EVENTS = "events";

    /** Runs the context's destruction runtime (SPEC §4–§5): strain, breaking, release, connectivity. */
    private static final StepStage DESTRUCTION_STAGE = ctx -> ctx.destruction.run(ctx.stepIndex());
    /** Runs the field commands (issue 24; docs/fields.md); returns at once while none is applied. */
    private static final StepStage FIELDS_STAGE = ctx -> {
        if (!ctx.fields.idle()) {
            ctx.fields.run(ctx.time());
        } else {
            ctx.fields.skip();
        }
    };
    /** Runs the destruction runtime's removal timers (SPEC §6): shrink, then remove; returns at once until used. */
    private static final StepStage REMOVAL_STAGE = ctx -> ctx.destruction.runRemoval();

    private final WorldSettings settings;
    private final Stages stages;

    public WorldModule(WorldSettings settings, Stages stages) {
        this.settings = Objects.requireNonNull(settings, "settings is null");
        this.stages = Objects.requireNonNull(stages, "stages is null");
    }

    static World assemble(WorldSettings settings, Stages stages, Module... overrides) {
        Objects.requireNonNull(settings, "settings is null");
        Objects.requireNonNull(stages, "stages is null");
        for (java.util.Map.Entry<String, String> e : settings.stages().entrySet()) {
            // unknown family and implementation names fail here, listing the known ones: an implementation was
            // looked up only when first used, so --set damage-model=nope or soft-solver=nope ran a world without
            // collections or soft bodies to the end, exit 0, the choice dropped without a word
            stages.factory(StageFamily.byName(e.getKey()), e.getValue());
        }
        StageConfig softOptions = settings.stageOptions().get(StageFamily.SOFT_SOLVER.name());
        if (softOptions != null && !softOptions.asMap().isEmpty()) {
            // the soft solver is made when the first soft body steps (WorldModule.context): its options are
            // checked now, so a bad one fails in a world without soft bodies too (it ran, exit 0, unread)
            stages.create(StageFamily.SOFT_SOLVER, settings.stages().getOrDefault(StageFamily.SOFT_SOLVER.name(),
                    StageFamily.SOFT_SOLVER.defaultName()), softOptions);
        }
        try {
            if (overrides == null || overrides.length == 0) {
                return WORLD_SCOPE.provide(injector(settings, stages));
            }
            Module module = Modules.override(new WorldModule(settings, stages)).with(overrides);
            return WORLD_SCOPE.provide(Guice.createInjector(module));
        } catch (ProvisionException e) {
            throw unwrap(e.getErrorMessages(), e);
        } catch (CreationException e) {
            throw unwrap(e.getErrorMessages(), e);
        } catch (ConfigurationException e) {
            throw unwrap(e.getErrorMessages(), e);
        }
    }

    /**
     * The injector for worlds without overrides, made once per settings and plugin set and kept in a
     * small cache (the last {@value #CACHED_INJECTORS} used). Building an injector is most of the
     * cost of building a small world (Guice analyses every binding by reflection: about 7.7 ms a world
     * in a fresh bake of a 500-piece wall, docs/bake.md "One injector for every world"); a cached injector only provides the world's objects, each
     * world its own ({@link WorldScoped}), so two worlds made from it share nothing but the settings
     * record, the loaded plugins and the clock, all immutable. The key is the settings' record
     * equality (exact, field by field) and the plugin set's identity.
     */
    private static Injector injector(WorldSettings settings, Stages stages) {
        InjectorKey key = new InjectorKey(settings, stages);
        synchronized (INJECTORS) {
            Injector cached = INJECTORS.get(key);
            if (cached != null) {
                return cached;
            }
        }
        Injector made = Guice.createInjector(new WorldModule(settings, stages));
        synchronized (INJECTORS) {
            Injector raced = INJECTORS.putIfAbsent(key, made);
            return raced != null ? raced : made;
        }
    }

    private static final int CACHED_INJECTORS = 8;
    private record InjectorKey(WorldSettings settings, Stages stages) {
        @Override
        public boolean equals(Object o) {
            return o instanceof InjectorKey k && k.stages == stages && k.settings.equals(settings);
        }

        @Override
        public int hashCode() {
            return 31 * settings.hashCode() + System.identityHashCode(stages);
        }
    }

    private static final Map<InjectorKey, Injector> INJECTORS = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<InjectorKey, Injector> eldest) {
            return size() > CACHED_INJECTORS;
        }
    };

    /** Marks what there is one of per world (not per injector: a cached injector makes many worlds). */
    @ScopeAnnotation
    @Target({ElementType.TYPE, ElementType.METHOD})
    @Retention(RetentionPolicy.RUNTIME)
    @interface WorldScoped {
    }

    /**
     * The scope of one world's assembly: while {@link #provide} builds a world on a thread, every
     * {@link WorldScoped} binding is made once and shared within that world; outside it they cannot
     * be provided. Each thread assembles its own world, so bake workers share a cached injector freely.
     */
    static final class WorldScopeImpl implements Scope {
        private final ThreadLocal<Map<Key<?>, Object>> current = new ThreadLocal<>();

        World provide(Injector injector) {
            if (current.get() != null) {
                throw new IllegalStateException("a world is already being assembled on this thread");
            }
            current.set(new HashMap<>());
            try {
                return injector.getInstance(World.class);
            } finally {
                current.remove();
            }
        }

        @Override
        public <T> Provider<T> scope(Key<T> key, Provider<T> unscoped) {
            return () -> {
                Map<Key<?>, Object> objects = current.get();
                if (objects == null) {
                    throw new OutOfScopeException(key + " exists per world; build worlds with World.create");
                }
                @SuppressWarnings("unchecked")
                T made = (T) objects.get(key);
                if (made == null) {
                    made = unscoped.get(); // may recurse into this scope for its dependencies
                    objects.put(key, made);
                }
                return made;
            };
        }

        @Override
        public String toString() {
            return "WorldScoped";
        }
    }

    private static final WorldScopeImpl WORLD_SCOPE = new WorldScopeImpl();

    /** A stage's own exception (bad option, unknown name) reaches the caller as itself, not wrapped by Guice. */
    private static RuntimeException unwrap(Iterable<Message> messages, RuntimeException guice) {
        for (Message m : messages) {
            if (m.getCause() instanceof RuntimeException r) {
                return r;
            }
        }
        return guice;
    }

    static String broadphaseName(WorldSettings s) {
        return s.stages().getOrDefault(StageFamily.BROADPHASE.name(), StageFamily.BROADPHASE.defaultName());
    }

    static String narrowphaseName(WorldSettings s) {
        return s.stages().getOrDefault(StageFamily.NARROWPHASE.name(), StageFamily.NARROWPHASE.defaultName());
    }

    @Override
    protected void configure() {
        bind(WorldSettings.class).toInstance(settings);
        bind(Stages.class).toInstance(stages);
        bind(StepClock.class).toInstance(StepClock.DEFAULT); // wall time unless -Drubble.stageClock=cpu
        bindScope(WorldScoped.class, WORLD_SCOPE);
        bind(World.class).in(WORLD_SCOPE);
        Multibinder.newSetBinder(binder(), StepObserver.class);
        // the event stage fills its slot by default (docs/events.md): a mask test while nothing is switched on
        OptionalBinder.newOptionalBinder(binder(), Key.get(StepStage.class, Names.named(EVENTS)))
                .setDefault().to(dev.rubble.core.step.EventStage.class);
        // field commands fill their slot by default (issue 24): an idle check until a field is applied
        OptionalBinder.newOptionalBinder(binder(), Key.get(StepStage.class, Names.named(FIELDS)))
                .setDefault().toInstance(FIELDS_STAGE);
        // the destruction runtime fills its slot by default (it returns at once while no collection
        // is placed); a host may bind another stage there
        OptionalBinder.newOptionalBinder(binder(), Key.get(StepStage.class, Names.named(DESTRUCTION)))
                .setDefault().toInstance(DESTRUCTION_STAGE);
        // removal of debris fills its slot by default too (issue 13); it costs a flag check until a
        // collection turns removal on
        OptionalBinder.newOptionalBinder(binder(), Key.get(StepStage.class, Names.named(REMOVAL)))
                .setDefault().toInstance(REMOVAL_STAGE);
    }

    @Provides
    @WorldScoped
    Broadphase broadphase(WorldSettings s, Stages st, StepExecutor executor) {
        Broadphase bp = st.create(StageFamily.BROADPHASE, broadphaseName(s),
                s.stageOptions().getOrDefault(StageFamily.BROADPHASE.name(), StageConfig.empty()));
        // issue 26: the broadphase may split its own work on the step's executor (same pairs on any count)
        bp.setBlockRunner(new dev.rubble.core.parallel.ExecutorBlockRunner(executor));
        return bp;
    }

    @Provides
    @WorldScoped
    NarrowphaseStage narrowphase(WorldSettings s, Stages st, StepExecutor executor) {
        StageConfig options = s.stageOptions().getOrDefault(StageFamily.NARROWPHASE.name(), StageConfig.empty());
        StageConfig pluginOptions = NarrowphaseStage.pluginOptions(options);
        String name = narrowphaseName(s);
        // one plugin instance per worker of the parallel narrowphase (plugins keep scratch state)
        NarrowphaseStage stage = new NarrowphaseStage(st.create(StageFamily.NARROWPHASE, name, pluginOptions),
                () -> st.create(StageFamily.NARROWPHASE, name, pluginOptions));
        stage.setExecutor(executor);
        stage.setMaxContacts(s.maxContacts());
        stage.setContactCache(NarrowphaseStage.contactCacheOption(options));
        stage.setBodySeams(NarrowphaseStage.bodySeamsOption(options));
        return stage;
    }

    @Provides
    @WorldScoped
    ContactStage contactStage(NarrowphaseStage narrowphase) {
        return narrowphase;
    }

    @Provides
    @WorldScoped
    BodyStore bodies(WorldSettings s) {
        BodyStore b = new BodyStore(1024, s.maxBodies());
        b.gravityX = s.gravityX();
        b.gravityY = s.gravityY();
        b.gravityZ = s.gravityZ();
        b.maxLinearSpeed = s.dynamics().maxLinearSpeed();
        b.maxAngularSpeed = s.dynamics().maxAngularSpeed();
        return b;
    }

    @Provides
    @WorldScoped
    ContactStore contacts(WorldSettings s) {
        return new ContactStore(1024, s.maxManifolds());
    }

    @Provides
    @WorldScoped
    StepContext context(WorldSettings s, Stages st, BodyStore bodies, Broadphase broadphase, ContactStore contacts,
            ContactStage contactStage) {
        String softName = s.stages().getOrDefault(StageFamily.SOFT_SOLVER.name(), StageFamily.SOFT_SOLVER.defaultName());
        StageConfig softOptions = s.stageOptions().getOrDefault(StageFamily.SOFT_SOLVER.name(), StageConfig.empty());
        // the soft solver is created when the first soft body steps: worlds without soft bodies need no plugin
        StepContext ctx = new StepContext(s, bodies, broadphase, contacts, contactStage,
                () -> st.create(StageFamily.SOFT_SOLVER, softName, softOptions));
        ctx.fields.setTrees(new dev.rubble.core.field.FieldTrees(st.factories(StageFamily.FIELD_NODE)));
        java.util.Map<String, dev.rubble.spi.constraint.ConstraintType> types = new java.util.TreeMap<>();
        st.factories(StageFamily.CONSTRAINT).forEach((name, f) -> types.put(name, f.create(StageConfig.empty())));
        ctx.constraints = new dev.rubble.core.dynamics.ConstraintStore(types);
        return ctx;
    }

    /**
     * The executor of the step's parallel stages (issue 26, docs/parallel.md): inline for
     * {@code threads = 1}, else a fixed pool of platform threads. An embedding application binds its
     * own with an override module ({@code World.create(settings, stages, binder ->
     * binder.bind(StepExecutor.class).toInstance(mine))}); results are the same bits with any.
     */
    @Provides
    @WorldScoped
    StepExecutor executor(WorldSettings s) {
        return StepExecutor.of(s.threads());
    }

    private static final java.lang.ref.Cleaner CLEANER = java.lang.ref.Cleaner.create();

    @Provides
    @WorldScoped
    StepPipeline pipeline(StepContext context, StepClock clock,
            @Named(FIELDS) Optional<StepStage> fields, @Named(DESTRUCTION) Optional<StepStage> destruction,
            @Named(REMOVAL) Optional<StepStage> removal, @Named(EVENTS) Optional<StepStage> events,
            StepExecutor executor) {
        StepPipeline p = new StepPipeline(context, clock, fields.orElse(null), destruction.orElse(null),
                removal.orElse(null), events.orElse(null), executor);
        if (executor instanceof WorkerPool pool && pool.worldOwned()) {
            CLEANER.register(p, pool::close); // the pool's threads go with the world
        }
        return p;
    }
}
