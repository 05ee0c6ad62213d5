package dev.rubble.scenario;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.soft.SoftBodyDef;
import dev.rubble.core.step.WorldSettings;
import java.util.List;

/**
 * A parsed scenario: world settings, initial bodies and scheduled commands.
 *
 * @param name     free text
 * @param settings world settings
 * @param bodies   initial bodies, in file order (which is handle order)
 * @param commands commands to queue before given steps, sorted by step (stable)
 * @param steps    default number of steps for {@code rubble run} (0 = not given)
 * @param collections geometry collections to place after the bodies, in order (their index is
 *                    what destruction commands name)
 * @param softBodies  soft bodies (docs/soft-bodies.md), added after the rigid bodies
 * @param collisionFilters per body of {@code bodies}, its collision layer and mask
 *                         ({@code 2i, 2i + 1}); empty when every body has the default (layer 1, mask all)
 * @param events      the events section (docs/events.md): queued as event commands before step 0
 * @param constraints the constraints section (docs/constraints.md): queued before step 0, after the soft bodies
 */
public record Scenario(String name, WorldSettings settings, List<BodyDef> bodies,
                       List<ScheduledCommand> commands, int steps, List<CollectionSpec> collections,
                       List<SoftBodyDef> softBodies, int[] collisionFilters, EventsJson.Settings events,
                       List<ConstraintsJson.Spec> constraints) {
    public Scenario {
        constraints = constraints == null ? List.of() : List.copyOf(constraints);
        if (collisionFilters.length != 0 && collisionFilters.length != 2 * bodies.size()) {
            throw new IllegalArgumentException("collisionFilters has " + collisionFilters.length + " values for "
                    + bodies.size() + " bodies; allowed: 0 or 2 per body");
        }
        collisionFilters = collisionFilters.clone();
        bodies = List.copyOf(bodies);
        commands = List.copyOf(commands);
        collections = List.copyOf(collections);
        softBodies = List.copyOf(softBodies);
        events = events == null ? EventsJson.Settings.NONE : events;
    }

    /** A scenario without constraints (issue 29). */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps, List<CollectionSpec> collections, List<SoftBodyDef> softBodies, int[] collisionFilters,
                    EventsJson.Settings events) {
        this(name, settings, bodies, commands, steps, collections, softBodies, collisionFilters, events, List.of());
    }

    /** A scenario without an events section. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps, List<CollectionSpec> collections, List<SoftBodyDef> softBodies, int[] collisionFilters) {
        this(name, settings, bodies, commands, steps, collections, softBodies, collisionFilters, EventsJson.Settings.NONE);
    }

    /** A scenario whose bodies all have the default collision filter. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps, List<CollectionSpec> collections, List<SoftBodyDef> softBodies, EventsJson.Settings events) {
        this(name, settings, bodies, commands, steps, collections, softBodies, new int[0], events);
    }

    /** A scenario whose bodies all have the default collision filter, without an events section. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps, List<CollectionSpec> collections, List<SoftBodyDef> softBodies) {
        this(name, settings, bodies, commands, steps, collections, softBodies, new int[0], EventsJson.Settings.NONE);
    }

    /** A scenario without soft bodies. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps, List<CollectionSpec> collections) {
        this(name, settings, bodies, commands, steps, collections, List.of());
    }

    /** A scenario without collections or soft bodies. */
    public Scenario(String name, WorldSettings settings, List<BodyDef> bodies, List<ScheduledCommand> commands,
                    int steps) {
        this(name, settings, bodies, commands, steps, List.of(), List.of());
    }
}
