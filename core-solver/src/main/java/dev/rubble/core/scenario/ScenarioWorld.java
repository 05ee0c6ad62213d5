package dev.rubble.core.scenario;

import dev.rubble.core.kernel.BodyDef;
import dev.rubble.core.kernel.Command;
import dev.rubble.core.kernel.World;
import dev.rubble.core.plugin.Stages;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** A world built from a {@link Scenario}, which queues the scenario's commands before their steps. */
public final class ScenarioWorld {
    private final Scenario scenario;
    private final World world;
    private int nextCommand;

    private ScenarioWorld(Scenario scenario, World world) {
        this.scenario = scenario;
        this.world = world;
    }

    /**
     * Builds the world: stages chosen by the scenario's settings (plus {@code overrides}, family ->
     * implementation, e.g. from {@code --set broadphase=sap}), then the bodies in file order.
     */
    public static ScenarioWorld create(Scenario scenario, Stages stages, Map<String, String> overrides) {
        Objects.requireNonNull(scenario, "scenario is null");
        var settings = scenario.settings();
        for (Map.Entry<String, String> e : new TreeMap<>(overrides).entrySet()) {
            settings = settings.withStage(e.getKey(), e.getValue());
        }
        World world = new World(settings, stages);
        List<BodyDef> bodies = scenario.bodies();
        for (int i = 0; i < bodies.size(); i++) {
            try {
                world.createBody(bodies.get(i));
            } catch (IllegalArgumentException | IllegalStateException e) {
                throw new ScenarioException("$.bodies[" + i + "]", e.getMessage(), e);
            }
        }
        try {
            dev.rubble.core.soft.SoftBodies.add(world, scenario.softBodies()); // docs/soft-bodies.md
        } catch (IllegalArgumentException e) {
            throw new ScenarioException("$.softBodies", e.getMessage(), e);
        }
        return new ScenarioWorld(scenario, world);
    }

    public static ScenarioWorld create(Scenario scenario, Stages stages) {
        return create(scenario, stages, Map.of());
    }

    public Scenario scenario() {
        return scenario;
    }

    public World world() {
        return world;
    }

    /** Queues the commands due before the next step, then steps. */
    public void step() {
        List<ScheduledCommand> cs = scenario.commands();
        long now = world.stepIndex();
        while (nextCommand < cs.size() && cs.get(nextCommand).step() <= now) {
            ScheduledCommand c = cs.get(nextCommand++);
            if (!"release".equals(c.type())) { // release acts on playback only (every body is live here)
                world.queue(resolve(c));
            }
        }
        world.step();
    }

    /** Steps {@code steps} times. */
    public void run(long steps) {
        for (long i = 0; i < steps; i++) {
            step();
        }
    }

    private Command resolve(ScheduledCommand c) {
        long h = c.body() == null ? -1 : world.findByLabel(c.body());
        if (c.body() != null && h < 0) {
            throw new ScenarioException("$.commands", "command '" + c.type() + "' at step " + c.step()
                    + " names body '" + c.body() + "', which no longer exists");
        }
        switch (c.type()) {
            case "impulse": {
                double[] j = c.vector();
                double[] p = c.vector2();
                if (p == null) {
                    var b = world.bodies();
                    int s = b.slot(h);
                    p = new double[] {b.px[s], b.py[s], b.pz[s]};
                }
                return new Command.ApplyImpulse(h, j[0], j[1], j[2], p[0], p[1], p[2]);
            }
            case "velocity":
                return new Command.SetVelocity(h, c.vector()[0], c.vector()[1], c.vector()[2],
                        c.vector2()[0], c.vector2()[1], c.vector2()[2]);
            case "state":
                return new Command.SetState(h, c.state());
            case "spawn":
                return new Command.Spawn(c.spawn());
            case "remove":
                return new Command.Remove(h);
            case "kinematicTarget":
                return new Command.SetKinematicTarget(h, c.vector()[0], c.vector()[1], c.vector()[2],
                        c.quat()[0], c.quat()[1], c.quat()[2], c.quat()[3]);
            default:
                throw new IllegalStateException("unreachable: command type " + c.type());
        }
    }
}
