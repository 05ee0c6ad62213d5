package dev.rubble.viewer;

import dev.rubble.core.destruction.BreakEvents;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.world.World;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.render.FrameBuffer;
import java.util.Map;

/**
 * A scenario simulated live for {@code steps} steps: frames from the world itself (levels, strain
 * ratios and removal scales included), statistics from its step profile and break events.
 */
public final class ScenarioViewSource implements ViewSource {
    private final ScenarioWorld sw;
    private final long steps;
    private final String title;
    private final String[] stages;

    public ScenarioViewSource(Scenario scenario, String title, Stages stageRegistry, long steps) {
        this.sw = ScenarioWorld.create(scenario, stageRegistry, Map.of());
        this.steps = steps;
        this.title = title;
        StepSlot[] slots = StepSlot.values();
        this.stages = new String[slots.length];
        for (int i = 0; i < slots.length; i++) {
            stages[i] = slots[i].label();
        }
    }

    @Override
    public long lastFrame() {
        return steps;
    }

    @Override
    public String title() {
        return title;
    }

    @Override
    public String[] stageNames() {
        return stages;
    }

    @Override
    public void frame(long k, FrameBuffer out, FrameStats stats) {
        stats.clear(stages.length);
        World w = sw.world();
        while (w.stepIndex() < k) {
            sw.step();
        }
        FrameBuilder.fill(w, out);
        if (k == 0) {
            return;
        }
        StepProfile p = w.profile();
        stats.step = p.step();
        stats.time = p.time();
        stats.awake = p.awakeBodies();
        stats.sleeping = p.sleepingBodies();
        stats.statics = p.staticBodies();
        stats.totalNanos = p.totalNanos();
        StepSlot[] slots = StepSlot.values();
        for (int i = 0; i < slots.length; i++) {
            stats.stageNanos[i] = p.nanos(slots[i]);
        }
        BreakEvents ev = w.destruction().events();
        for (int e = 0, n = ev.count(); e < n; e++) {
            if (ev.kind[e] == BreakEvents.BREAK) {
                if (stats.breaks == 0) {
                    System.arraycopy(ev.motion, e * 13, stats.firstBreak, 0, 3);
                    System.arraycopy(ev.motion, e * 13 + 7, stats.firstBreak, 3, 3);
                }
                stats.breaks++;
            }
        }
    }

    @Override
    public void close() {
    }
}
