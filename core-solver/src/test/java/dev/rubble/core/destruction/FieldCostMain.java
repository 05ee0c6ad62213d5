package dev.rubble.core.destruction;

import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.step.StepSlot;
import dev.rubble.core.world.World;
import java.util.Arrays;

/**
 * The field benchmark of docs/benchmarks.md ("Fields", issue 24): a 100 000-leaf collection (one
 * intact body holding a 100 × 100 × 10 grid of 0.2 m boxes), a persistent radial field whose bounds
 * hold 1 % of the leaves against the same field holding all of them; the FIELDS slot's time per step,
 * interleaved pairs (one step of each world in turn), medians. Not a test: run by hand.
 * <pre>
 * java -cp $(cat cp.txt):core-solver/target/classes:core-solver/target/test-classes dev.rubble.core.destruction.FieldCostMain [pairs]
 * </pre>
 */
public final class FieldCostMain {
    private FieldCostMain() {
    }

    public static void main(String[] args) {
        int pairs = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        int nx = 100, ny = 100, nz = 10, n = nx * ny * nz;
        int[] parent = new int[n + 1];
        double[][] boxes = new double[n + 1][];
        parent[0] = -1;
        boxes[0] = new double[] {nx * 0.1, ny * 0.1, nz * 0.1, nx * 0.1, ny * 0.1, nz * 0.1};
        for (int i = 0; i < n; i++) {
            int x = i % nx, y = (i / nx) % ny, z = i / (nx * ny);
            parent[i + 1] = 0;
            boxes[i + 1] = new double[] {0.1 + 0.2 * x, 0.1 + 0.2 * y, 0.1 + 0.2 * z, 0.1, 0.1, 0.1};
        }
        var asset = TestAssets.build(1000, parent, boxes, new int[0][], new double[0]);
        // 1 %: a sphere of volume 1 % of the 20 x 20 x 2 m block (8 m³ = 4/3 pi r³ -> r = 1.2407 m), centred inside
        double small = Math.cbrt(0.01 * 20 * 20 * 2 * 3 / (4 * Math.PI));
        World few = world(asset, small);
        World all = world(asset, 30);
        long[] a = new long[pairs], b = new long[pairs];
        for (int i = 0; i < 20; i++) { // warm up
            few.step();
            all.step();
        }
        for (int i = 0; i < pairs; i++) {
            few.step();
            a[i] = few.profile().nanos(StepSlot.FIELDS);
            all.step();
            b[i] = all.profile().nanos(StepSlot.FIELDS);
        }
        Arrays.sort(a);
        Arrays.sort(b);
        System.out.printf("leaves %d; samples per step: 1%% field %d, all-inside field %d%n", n,
                few.context().fields.lastSamples(), all.context().fields.lastSamples());
        System.out.printf("FIELDS slot median: 1%% %.3f ms, all inside %.3f ms, ratio %.3f (p90 %.3f / %.3f ms)%n",
                a[pairs / 2] / 1e6, b[pairs / 2] / 1e6, (double) a[pairs / 2] / b[pairs / 2],
                a[pairs * 9 / 10] / 1e6, b[pairs * 9 / 10] / 1e6);
    }

    private static World world(dev.rubble.spi.collection.CollectionAsset asset, double radius) {
        World w = Scenes.world(0);
        w.placeCollection(asset, CollectionPlacement.at(0, 0, 0).withOptions(Scenes.thresholds(1e12)));
        // a strain far below the threshold: every sample is evaluated and written, nothing breaks
        w.queue(new Command.ApplyField("probe", FieldTarget.EXTERNAL_CLUSTER_STRAIN, FieldSpec.of("radial-falloff",
                "position", new FieldSpec.Vec(10, 10, 1), "radius", radius, "magnitude", 1.0, "falloff", "squared"),
                FieldMeta.DEFAULT, true));
        return w;
    }
}
