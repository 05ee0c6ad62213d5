package dev.rubble.scenario;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.destruction.DestructionOptions;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The <b>shatter</b> scene (issue 27 item 1): the bench wall of {@link WallScene} (10 000 leaves by
 * default, the same cache file) blown fully apart by an explosion at its centre, so that thousands
 * of pieces fly and pile up. {@code rubble bench wall} keeps measuring the intact collection; this
 * scene measures destruction at scale.
 *
 * <p>The scene: the ground and the wall (anchored as in the wall scene), no projectile. Before step
 * {@link #FIELD_STEP} two transient field commands are queued (the explosion recipe of
 * docs/fields.md): an {@code external-cluster-strain} of {@link #STRAIN} N·s with {@code maximum}
 * resolution over a sphere of radius {@link #RADIUS} m about {@link #centre()} (falloff none: every
 * held piece of the wall gets it, at every level, so the levels break one per step and every
 * non-anchored leaf ends as its own body), and a {@code linear-velocity} of {@link #SPEED} m/s
 * away from the centre with linear falloff over the same sphere, on the held pieces only
 * ({@code state disabled}: what the first level's release gives them; the deeper levels inherit it).
 * The centre is {@link #EZ} in front of the wall's mid-plane, so the pieces fly back and out and
 * pile up on the ground behind and around the anchored base.
 */
public final class ShatterScene {
    /** The explosion's centre: the wall's centre, 0.75 m in front of its mid-plane. */
    public static final double EX = WallScene.CX, EY = WallScene.CY, EZ = WallScene.CZ - 0.75;
    /** Radius of the explosion's sphere, m: covers the whole 10 × 5 m wall from its centre. */
    public static final double RADIUS = 8;
    /** External strain written to every held piece, N·s: 20 × the default model's strongest threshold (5 000). */
    public static final double STRAIN = 1e5;
    /** Peak outward speed at the centre, m/s (linear falloff to 0 at {@link #RADIUS}). */
    public static final double SPEED = 6;
    /** The step index before which the explosion is queued (the first step sees the wall intact). */
    public static final int FIELD_STEP = 1;

    private ShatterScene() {
    }

    /** The explosion's centre as {x, y, z}. */
    public static double[] centre() {
        return new double[] {EX, EY, EZ};
    }

    /** The two field commands of the explosion, queued before step {@link #FIELD_STEP}. */
    public static List<ScheduledCommand> explosion() {
        FieldSpec.Vec c = new FieldSpec.Vec(EX, EY, EZ);
        FieldSpec strain = FieldSpec.of("radial-falloff", "position", c, "radius", RADIUS, "magnitude", STRAIN,
                "falloff", "none");
        FieldSpec push = FieldSpec.of("operator", "left", FieldSpec.of("radial-vector", "position", c), "right",
                FieldSpec.of("radial-falloff", "position", c, "radius", RADIUS, "magnitude", SPEED, "falloff", "linear"));
        Command.ApplyField s = new Command.ApplyField("", FieldTarget.EXTERNAL_CLUSTER_STRAIN, strain,
                FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM), false);
        Command.ApplyField v = new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, push,
                FieldMeta.DEFAULT.withState(FieldMeta.StateFilter.DISABLED), false);
        return List.of(ScheduledCommand.of(FIELD_STEP, "field", s, null), ScheduledCommand.of(FIELD_STEP, "field", v, null));
    }

    /** The ground alone (the wall scene's first body). */
    public static List<BodyDef> bodies() {
        return List.of(WallScene.bodies().get(0));
    }

    /**
     * The scene as a scenario whose collection is the wall's cache file ({@code wall.file()}, which
     * must be set), with {@code options} ({@link WallScene#options()} for the budgets-off run).
     */
    public static Scenario scenario(WallScene.Wall wall, DestructionOptions options, int steps) {
        Objects.requireNonNull(wall.file(), "wall has no cache file");
        CollectionSpec spec = new CollectionSpec("wall", wall.file(), null, WallScene.placement(wall.anchors(), options));
        return new Scenario("shatter " + Arrays.toString(wall.counts()), BenchScenes.settings(), bodies(), explosion(),
                steps, List.of(spec));
    }
}
