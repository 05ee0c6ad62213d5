package dev.rubble.tui;

import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.world.World;
import java.util.List;

/**
 * Field presets of the console (issue 24; docs/console.md, docs/fields.md): the explosion recipe of
 * the {@code e} key and the presets the {@code f} key cycles through, each a transient field command
 * centred at a point with the tool radius — ordinary journalled commands, so {@code verify}
 * re-simulates them.
 */
final class FieldPresets {
    /** A named preset: the commands it queues at (x, y, z) with radius r and speed dv. */
    record Preset(String name, String what) {
    }

    static final List<Preset> PRESETS = List.of(
            new Preset("shatter", "strain that breaks every level in the sphere, one per step (Maximum resolution)"),
            new Preset("vortex", "a swirl about the vertical: radial vectors turned 90°, falling off to the edge"),
            new Preset("lift", "an upward push, falling off to the edge"),
            new Preset("freeze", "bodies in the sphere become kinematic"),
            new Preset("kill", "bodies in the sphere are disabled"));

    private FieldPresets() {
    }

    private static FieldSpec.Vec at(double x, double y, double z) {
        return new FieldSpec.Vec(x, y, z);
    }

    /** A radial falloff of {@code magnitude} over the sphere: bounded (default 0), so the broadphase culls. */
    private static FieldSpec ball(double x, double y, double z, double r, double magnitude, String curve) {
        return FieldSpec.of("radial-falloff", "position", at(x, y, z), "radius", r, "magnitude", magnitude, "falloff", curve);
    }

    /**
     * The explosion recipe (reference: chaos-fields-events-cache §5.2 B + C): external strain that
     * breaks what the sphere holds, and in the same step a velocity of {@code dv} away from the
     * point plus {@code dv} upwards inside the sphere; released pieces get it on top of what they
     * inherit (docs/fields.md, "the same-step effect").
     */
    static void explosion(World w, double x, double y, double z, double r, double dv) {
        if (w.destruction().collectionCount() > 0) {
            w.queue(new Command.ApplyField("", FieldTarget.EXTERNAL_CLUSTER_STRAIN, ball(x, y, z, r, strongest(w), "none"),
                    FieldMeta.DEFAULT, false));
        }
        FieldSpec out = FieldSpec.of("operator", "left", FieldSpec.of("radial-vector", "position", at(x, y, z)),
                "right", ball(x, y, z, r, dv, "none"));
        FieldSpec up = FieldSpec.of("operator", "left", FieldSpec.of("uniform-vector", "direction", at(0, 1, 0)),
                "right", ball(x, y, z, r, dv, "none"));
        w.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, FieldSpec.of("operator", "operation", "add",
                "left", out, "right", up), FieldMeta.DEFAULT, false));
    }

    /**
     * The largest finite breaking threshold of the placed collections (at least 1): a strain of
     * exactly this breaks every piece it reaches, and a piece at that threshold passes no excess on
     * to its neighbours (damage propagation), so the explosion breaks what its sphere holds and
     * does not spread through a uniform wall.
     */
    static double strongest(World w) {
        var s = w.destruction().store();
        double m = 1;
        for (int g = 0, n = s.size(); g < n; g++) {
            double t = s.threshold[g];
            if (t > m && t < Double.POSITIVE_INFINITY) {
                m = t;
            }
        }
        return m;
    }

    /** Queues preset {@code k} at (x, y, z). */
    static void apply(World w, int k, double x, double y, double z, double r, double dv) {
        switch (PRESETS.get(k).name()) {
            case "shatter" -> w.queue(new Command.ApplyField("", FieldTarget.EXTERNAL_CLUSTER_STRAIN,
                    ball(x, y, z, r, strongest(w), "none"), FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM), false));
            case "vortex" -> w.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, FieldSpec.of("operator",
                    "left", FieldSpec.of("rotated-radial-vector", "position", at(x, y, z), "axis", at(0, 1, 0), "angle", 90.0),
                    "right", ball(x, y, z, r, dv, "linear")), FieldMeta.DEFAULT, false));
            case "lift" -> w.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, FieldSpec.of("operator",
                    "left", FieldSpec.of("uniform-vector", "direction", at(0, 1, 0)),
                    "right", ball(x, y, z, r, dv, "linear")), FieldMeta.DEFAULT, false));
            case "freeze" -> w.queue(new Command.ApplyField("", FieldTarget.DYNAMIC_STATE, FieldSpec.of("culling",
                    "operation", "outside", "culling", ball(x, y, z, r, 1, "none"),
                    "input", FieldSpec.of("uniform-integer", "magnitude", 2L)), FieldMeta.DEFAULT, false));
            default -> w.queue(new Command.ApplyField("", FieldTarget.KILL, ball(x, y, z, r, 1, "none"),
                    FieldMeta.DEFAULT.withObject(FieldMeta.ObjectFilter.ALL), false));
        }
    }
}
