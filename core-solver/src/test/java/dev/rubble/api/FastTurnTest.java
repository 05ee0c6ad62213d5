package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A long body turning far within one step does not end a step inside static geometry it met on the way
 * (docs/dynamics.md, "Fast turns"). A 2 m rod (1 kg, 4 cm thick, along y) spins at ±90 rad/s about z through its
 * middle, 1.5 rad a step at 60 Hz; a 4 cm static plate stands 0.6 m off the axis, its normal at {@code alpha} in the
 * spin's plane, its centre moved {@code s} along its face, {@code h} its half-extent there. A speculative contact is
 * a plane through the closest features at the step's start, and the rod's ends leave it along their arcs: before,
 * 70 of 264 such placements (twelve directions, seven offsets, two sizes, both spins) ended some step with part of
 * the rod more than 1.5 cm inside the plate (within 5 mm of its middle). Expected from geometry: no point of the
 * rod lies that deep inside the plate at the end of any step.
 */
final class FastTurnTest {

    /**
     * Whether the rod ends some of {@code steps} steps with a point more than 1.5 cm inside the plate (within 5 mm of
     * its middle), deeper than a contact the solver met leaves it.
     */
    private static boolean endsInside(double alphaDegrees, double s, double h, double spin, int subSteps, int steps) {
        double alpha = Math.toRadians(alphaDegrees);
        double nx = Math.cos(alpha), ny = Math.sin(alpha), tx = -ny, ty = nx;
        double cx = 0.6 * nx + s * tx, cy = 0.6 * ny + s * ty;
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, subSteps));
        w.addBody(BodySpec.fixed(new Box(0.02, h, 2)).withPosition(new Vector3d(cx, cy, 0))
                .withOrientation(new Quaterniond().rotateZ(alpha)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1)
                .withAngularVelocity(new Vector3d(0, 0, spin)));
        return firstStepInside(w, rod, cx, cy, nx, ny, h, steps) >= 0;
    }

    /**
     * Steps {@code w} up to {@code steps} times; the first step after which a point of the rod's axis (every centimetre)
     * lies within 5 mm of the middle plane of the plate centred at ({@code cx}, {@code cy}) with normal ({@code nx},
     * {@code ny}, 0), within its half-extent {@code h} along it less 5 mm; -1 when none does.
     */
    private static int firstStepInside(PhysicsWorld w, BodyId rod, double cx, double cy, double nx, double ny, double h,
                                       int steps) {
        double tx = -ny, ty = nx;
        Vector3d c = new Vector3d();
        Quaterniond q = new Quaterniond();
        for (int i = 0; i < steps; i++) {
            w.step();
            w.position(rod, c);
            w.orientation(rod, q);
            for (int k = -100; k <= 100; k++) {
                Vector3d p = q.transform(new Vector3d(0, k / 100.0, 0)).add(c);
                double dn = (p.x - cx) * nx + (p.y - cy) * ny, dt = (p.x - cx) * tx + (p.y - cy) * ty;
                if (Math.abs(dn) < 0.005 && Math.abs(dt) < h - 0.005) {
                    return i;
                }
            }
        }
        return -1;
    }

    @Test
    void aRodSpinningFastDoesNotEndAStepInsideAPlate() {
        // placements that ended inside the plate before (at one sub-step)
        double[][] cases = {{0, 0, 0.3, 90}, {0, 0, 0.3, -90}, {0, 0.5, 0.3, 90}, {0, -0.5, 1.0, -90},
                {30, -1.0, 0.3, 90}, {30, 1.0, 1.0, 90}, {60, -1.5, 1.0, -90}, {0, 1.0, 1.0, 90}};
        for (double[] k : cases) {
            for (int subSteps : new int[] {1, 4}) {
                assertThat(endsInside(k[0], k[1], k[2], k[3], subSteps, 20))
                        .as("alpha %.0f s %.1f h %.1f spin %.0f, %d sub-steps", k[0], k[1], k[2], k[3], subSteps).isFalse();
            }
        }
    }

    @Test
    void aRodSpinningFastDoesNotEndAStepInsideAPlateOfTiles() {
        // the same plate as ten static tiles of one compound, 0.2 m each along its face (a wall of pieces): each tile
        // within the sweep's reach is swept, found through the compound's children
        for (double s : new double[] {0, 0.5}) {
            double h = 1.0, cx = 0.6, cy = s;
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
            java.util.List<dev.rubble.spi.shape.Compound.Child> tiles = new java.util.ArrayList<>();
            for (int k = 0; k < 10; k++) {
                tiles.add(dev.rubble.spi.shape.Compound.Child.at(new Box(0.02, 0.1, 2), 0, -0.9 + 0.2 * k, 0));
            }
            w.addBody(BodySpec.fixed(new dev.rubble.spi.shape.Compound(tiles)).withPosition(new Vector3d(cx, cy, 0)));
            BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1)
                    .withAngularVelocity(new Vector3d(0, 0, 90)));
            stepsClearOfPlate(w, rod, cx, cy, h, "offset " + s);
        }
    }

    /** Steps {@code w} 20 times and asserts after each that the rod's axis is clear of the x-facing plate ({@link #firstStepInside}). */
    private static void stepsClearOfPlate(PhysicsWorld w, BodyId rod, double cx, double cy, double h, String what) {
        assertThat(firstStepInside(w, rod, cx, cy, 1, 0, h, 20)).as("%s: the first step ending inside", what).isEqualTo(-1);
    }

    @Test
    void aRodAddedWhereASmallBodyWasRemovedIsStillSwept() {
        // the sweep remembers each slot's reach (a bound of how far a turn moves its points) while the slot's shape
        // stays: a 2 m rod spinning fast where a 4 mm cube spun before (removed, its slot taken by the rod) must be
        // judged by its own reach, 1 m, not the cube's 3.5 mm, by which no turn of it would count as fast
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.fixed(new Box(0.02, 0.3, 2)).withPosition(new Vector3d(0.6, 0, 0)));
        BodyId cube = w.addBody(BodySpec.dynamic(new Box(0.002, 0.002, 0.002)).withMass(1)
                .withPosition(new Vector3d(-3, 0, 0)).withAngularVelocity(new Vector3d(0, 0, 90)));
        for (int i = 0; i < 5; i++) {
            w.step();
        }
        w.removeBody(cube);
        w.step(); // the removal frees the slot, which the next body added takes
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1)
                .withAngularVelocity(new Vector3d(0, 0, 90)));
        stepsClearOfPlate(w, rod, 0.6, 0, 0.3, "in the removed cube's slot");
    }

    @Test
    void aRodSpinningClearOfAPlateKeepsItsSpin() {
        // the plate's near face 1.18 m from the axis: the ends (1 m out) never reach it, so nothing may slow the rod
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withTimeStep(1 / 60.0, 1));
        w.addBody(BodySpec.fixed(new Box(0.02, 2, 2)).withPosition(new Vector3d(1.2, 0, 0)));
        BodyId rod = w.addBody(BodySpec.dynamic(new Box(0.02, 1, 0.02)).withMass(1).withAngularVelocity(new Vector3d(0, 0, 90)));
        for (int i = 0; i < 60; i++) {
            w.step();
        }
        assertThat(w.angularVelocity(rod, new Vector3d()).z).isEqualTo(90.0);
        assertThat(w.position(rod, new Vector3d()).length()).isLessThan(1e-9);
    }
}
