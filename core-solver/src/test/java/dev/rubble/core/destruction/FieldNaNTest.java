package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

/**
 * A field whose parameters are all finite can still give NaN ({@code 1e308 x 1e308 - 1e308 x 1e308}
 * is {@code inf - inf}), and a plugin node may. Written to {@code internal-cluster-strain} it made a
 * break threshold NaN: a piece that silently never broke (a NaN threshold never compares) and a
 * destruction hash of NaN bits. A NaN sample is ignored now — nothing written, nothing woken — for
 * every target; the step counts it and the world names the first (docs/fields.md, "NaN values").
 */
final class FieldNaNTest {

    /** {@code m x m} (+inf for m = 1e308), as an operator tree of finite parameters. */
    private static FieldSpec overflow(double m) {
        return FieldSpec.of("operator", "left", FieldSpec.of("uniform-scalar", "magnitude", m),
                "right", FieldSpec.of("uniform-scalar", "magnitude", 1e308));
    }

    /** {@code inf - inf}: NaN at every sample, though every parameter is finite. */
    private static FieldSpec nan() {
        return FieldSpec.of("operator", "operation", "subtract", "left", overflow(1e308), "right", overflow(1e308));
    }

    private static double threshold(World w, int node) {
        return w.destruction().store().threshold[w.destruction().globalNode(0, node)];
    }

    @Test
    void aNaNInternalStrainLeavesTheThresholdAndIsCountedAndNamed() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(3.5)));
        w.queue(new Command.ApplyField("rot", FieldTarget.INTERNAL_CLUSTER_STRAIN, nan(),
                FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM), true));
        long before = w.context().destructionHash();
        w.step();
        for (int n = 1; n <= 6; n++) {
            assertThat(threshold(w, n)).as("node %d", n).isEqualTo(3.5);
        }
        // the intact holder's body and every held piece at every depth
        assertThat(w.profile().ignoredFieldValues()).isEqualTo(7);
        assertThat(w.context().fields.ignoredValueMessage())
                .startsWith("field 'rot' (target internal-cluster-strain, root node 'operator') gave NaN at body ")
                .contains("and 6 more samples").contains("allowed: numbers");
        assertThat(w.context().destructionHash()).isEqualTo(before);
        // the same collection still erodes and breaks by a finite field beside it
        w.queue(new Command.ApplyField("erosion", FieldTarget.INTERNAL_CLUSTER_STRAIN,
                FieldSpec.of("uniform-scalar", "magnitude", -1.0), FieldMeta.DEFAULT, true));
        for (int i = 0; i < 4; i++) {
            w.step();
        }
        assertThat(w.destruction().store().body[w.destruction().globalNode(0, 1)]).as("node 1 broke off")
                .isNotEqualTo(ClusterStore.NONE);
        // a step without fields has nothing to report
        w.queue(new Command.RemoveField("rot"));
        w.queue(new Command.RemoveField("erosion"));
        w.step();
        assertThat(w.profile().ignoredFieldValues()).isZero();
        assertThat(w.context().fields.ignoredValueMessage()).isNull();
    }

    @Test
    void minusInfinityOnAnUnbreakablePieceLeavesItUnbreakableInsteadOfNaN() {
        World w = Scenes.world(0);
        w.placeCollection(TestAssets.threeLevels(), CollectionPlacement.at(0, 10, 0).withOptions(Scenes.thresholds(3.5)));
        w.queue(new Command.SetNodeThreshold(0, 1, Double.POSITIVE_INFINITY));
        w.queue(new Command.ApplyField("", FieldTarget.INTERNAL_CLUSTER_STRAIN, overflow(-1e308),
                FieldMeta.DEFAULT.withResolution(FieldMeta.Resolution.MAXIMUM), false));
        w.step();
        assertThat(threshold(w, 1)).as("+inf - inf is NaN: ignored").isEqualTo(Double.POSITIVE_INFINITY);
        assertThat(threshold(w, 2)).as("a finite threshold minus infinity: floor 0").isEqualTo(0.0);
    }

    @Test
    void nanScalarAndVectorValuesOnBodiesChangeNothingNotEvenSleep() {
        World w = Scenes.world(0);
        BodyStore b = w.bodies();
        long h = w.createBody(BodyDef.of(new Sphere(0.5)).withAsleep(true));
        int s = b.slot(h);
        double sleep = b.sleepThreshold[s];
        w.queue(new Command.ApplyField("", FieldTarget.SLEEPING_THRESHOLD, nan(), FieldMeta.DEFAULT, false));
        FieldSpec nanVector = FieldSpec.of("operator", "operation", "subtract",
                "left", FieldSpec.of("operator", "left", FieldSpec.of("uniform-vector", "direction",
                        new FieldSpec.Vec(1, 0, 0), "magnitude", 1e308), "right", FieldSpec.of("uniform-scalar", "magnitude", 1e308)),
                "right", FieldSpec.of("operator", "left", FieldSpec.of("uniform-vector", "direction",
                        new FieldSpec.Vec(1, 0, 0), "magnitude", 1e308), "right", FieldSpec.of("uniform-scalar", "magnitude", 1e308)));
        w.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, nanVector, FieldMeta.DEFAULT, false));
        w.step();
        assertThat(Double.doubleToRawLongBits(b.sleepThreshold[s])).isEqualTo(Double.doubleToRawLongBits(sleep));
        assertThat(b.state(s)).as("a NaN push does not wake").isEqualTo(dev.rubble.core.body.BodyState.SLEEPING);
        assertThat(b.vx[s]).isZero();
        assertThat(w.profile().ignoredFieldValues()).isEqualTo(2);
        assertThat(w.context().fields.ignoredValueMessage()).contains("a transient field (target sleeping-threshold")
                .contains("body " + BodyStore.handleString(h)).contains("and 1 more samples");
    }
}
