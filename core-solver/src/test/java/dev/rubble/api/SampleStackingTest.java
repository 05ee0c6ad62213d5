package dev.rubble.api;

import static dev.rubble.api.SampleScenes.ground;
import static dev.rubble.api.SampleScenes.position;
import static dev.rubble.api.SampleScenes.prism;
import static dev.rubble.api.SampleScenes.tiltFromUpright;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Box2D v3's {@code samples/sample_stacking.cpp} scenes in 3-D (2-D shapes extruded in z): a vertical stack, a
 * tilted stack, dominoes, the arch, the card house, the confined balls, the circle and capsule stacks. Each asserts
 * what Box2D is known to do there and what statics says (a stack stands iff the centre of mass of every part above
 * a box lies over that box's top face; an arch of wedges with enough friction stands).
 */
final class SampleStackingTest {

    /** Box2D "Vertical Stack": 12 boxes 1 m, friction 0.3, set down touching, shifted ±1 cm in turn. Box2D's stands. */
    @Test
    void aVerticalStackOfTwelveBoxesShiftedOneCentimetreInTurnStands() {
        PhysicsWorld w = SampleScenes.world(false);
        ground(w, 0.6, 0);
        BodyId[] b = new BodyId[12];
        for (int i = 0; i < b.length; i++) {
            double shift = i % 2 == 0 ? -0.01 : 0.01;
            b[i] = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withDensity(1000).withMaterial(0.3, 0)
                    .withPosition(new Vector3d(shift, 0.5 + i, 0)));
        }
        w.step(600);
        Vector3d top = position(w, b[11]);
        assertThat(top.x).isCloseTo(0.01, within(0.05));
        assertThat(top.z).isCloseTo(0, within(0.05));
        assertThat(top.y).isCloseTo(11.5, within(0.05));
    }

    /**
     * Box2D "Tilted Stack": 10 boxes of 1 m, each shifted further than the one below (friction 0.3; Box2D shifts
     * 0.2 m). The part above box i has its centre of mass offset·(10 − i)/2 past box i's centre, so the stack stands
     * iff offset·5 < 0.5 m. Box2D v3 (617d32ab, its 4 sub-steps): 0.04 and 0.08 m stand, 0.12 m and more fall; at
     * one sub-step all of them fall. Rubble: the same at 4 sub-steps; at one sub-step up to 0.06 m stands (the
     * soft contacts under the eccentric load tilt, docs/dynamics.md "Physical limits").
     */
    @ParameterizedTest(name = "offset {0} m, {1} sub-steps, stands: {2}")
    @CsvSource({"0.08, 4, true", "0.12, 4, false", "0.2, 4, false", "0.06, 1, true", "0.2, 1, false"})
    void aTiltedStackStandsIffEveryPartAboveABoxHasItsCentreOfMassOverThatBox(double offset, int subSteps,
            boolean stands) {
        PhysicsWorld w = SampleScenes.world(false, subSteps);
        ground(w, 0.6, 0);
        BodyId[] b = new BodyId[10];
        for (int i = 0; i < b.length; i++) {
            b[i] = w.addBody(BodySpec.dynamic(new Box(0.5, 0.5, 0.5)).withDensity(1000).withMaterial(0.3, 0)
                    .withPosition(new Vector3d(offset * i, 0.5 + i, 0)));
        }
        w.step(600);
        Vector3d top = position(w, b[9]);
        if (stands) {
            assertThat(top.y).isCloseTo(9.5, within(0.05));
            assertThat(top.x).isCloseTo(offset * 9, within(0.15));
        } else {
            assertThat(top.y).isLessThan(4);
        }
    }

    /**
     * Box2D "Double Domino": 15 dominoes 0.25 × 1 m, 1 m apart, friction 0.6; the first pushed at its top. In
     * Box2D the row topples to the last. Each domino falls onto the next until the last lies on the ground.
     */
    @Test
    void aRowOfDominoesPushedAtTheFirstTopplesToTheLast() {
        PhysicsWorld w = SampleScenes.world(true);
        ground(w, 0.6, 0);
        BodyId[] d = new BodyId[15];
        for (int i = 0; i < d.length; i++) {
            d[i] = w.addBody(BodySpec.dynamic(new Box(0.125, 0.5, 0.25)).withDensity(1000).withMaterial(0.6, 0)
                    .withPosition(new Vector3d(i - 7.5, 0.5, 0)));
        }
        // Box2D gives its 0.25 kg domino 0.2 N·s at the top: 0.8 m/s of impulse per kilogram
        w.applyImpulse(d[0], new Vector3d(0.8 * w.mass(d[0]), 0, 0), new Vector3d(-7.5, 1, 0));
        w.step(600);
        for (int i = 0; i < d.length; i++) {
            assertThat(tiltFromUpright(w, d[i])).as("domino %d", i).isGreaterThan(0.6);
        }
        // the last has nothing to lean on: it lies flat on the ground
        assertThat(tiltFromUpright(w, d[14])).isCloseTo(Math.PI / 2, within(0.05));
        assertThat(position(w, d[14]).y).isCloseTo(0.125, within(0.01));
    }

    private static final double[][] ARCH_INNER = {{16.0, 0.0}, {14.93803712795643, 5.133601056842984},
        {13.79871746027416, 10.24928069555078}, {12.56252963284711, 15.34107019122473},
        {11.20040987372525, 20.39856541571217}, {9.66521217819836, 25.40369899225096},
        {7.87179930638133, 30.3179337000085}, {5.635199558196225, 35.03820717801641},
        {2.405937953536585, 39.09554102558315}};
    private static final double[][] ARCH_OUTER = {{24.0, 0.0}, {22.33619528222415, 6.02299846205841},
        {20.54936888969905, 12.00964361211476}, {18.60854610798073, 17.9470321677465},
        {16.46769273811807, 23.81367936585418}, {14.05325025774858, 29.57079353071012},
        {11.23551045834022, 35.13775818285372}, {7.752568160730571, 40.30450679009583},
        {3.016931552701656, 44.28891593799322}};

    /**
     * Box2D "Arch": 17 wedge hulls, the profile scaled by 0.25 (11 m tall), friction 0.6, four 4 × 1 m boxes (32 t
     * here, 2 m deep) on its crown. A stone arch of a good profile stands on friction alone. Box2D v3 (617d32ab, 2-D):
     * at its 4 sub-steps the keystone settles 30 cm in the first second and then holds; at one sub-step the arch
     * collapses. Rubble: the keystone settles 5.9 cm at 4 sub-steps and 13 cm at one (the halves spread 3 cm while
     * the soft contacts take up the load), then holds (2 mm more in 10 s).
     */
    @ParameterizedTest(name = "{0} sub-steps: keystone settles less than {1} m")
    @CsvSource({"1, 0.15", "4, 0.07"})
    void theArchOfSeventeenWedgesWithFrictionPointSixStandsUnderItsLoad(int subSteps, double settle) {
        PhysicsWorld w = SampleScenes.world(false, subSteps);
        ground(w, 0.6, 0);
        double s = 0.25;
        BodyId[] stones = new BodyId[17];
        for (int i = 0; i < 8; i++) {
            double[] a = ARCH_INNER[i], b = ARCH_OUTER[i], c = ARCH_OUTER[i + 1], e = ARCH_INNER[i + 1];
            stones[i] = w.addBody(BodySpec.dynamic(prism(1, s * a[0], s * a[1], s * b[0], s * b[1], s * c[0], s * c[1],
                    s * e[0], s * e[1])).withDensity(1000).withMaterial(0.6, 0));
            stones[8 + i] = w.addBody(BodySpec.dynamic(prism(1, -s * a[0], s * a[1], -s * b[0], s * b[1], -s * c[0],
                    s * c[1], -s * e[0], s * e[1])).withDensity(1000).withMaterial(0.6, 0));
        }
        double[] a = ARCH_INNER[8], b = ARCH_OUTER[8];
        stones[16] = w.addBody(BodySpec.dynamic(prism(1, s * a[0], s * a[1], s * b[0], s * b[1], -s * b[0], s * b[1],
                -s * a[0], s * a[1])).withDensity(1000).withMaterial(0.6, 0));
        BodyId[] load = new BodyId[4];
        for (int i = 0; i < 4; i++) {
            load[i] = w.addBody(BodySpec.dynamic(new Box(2, 0.5, 1)).withDensity(1000).withMaterial(0.6, 0)
                    .withPosition(new Vector3d(0, 0.5 + s * b[1] + i, 0)));
        }
        double key0 = w.centerOfMass(stones[16], new Vector3d()).y;
        w.step(60);
        double settled = w.centerOfMass(stones[16], new Vector3d()).y;
        w.step(540);
        Vector3d key = w.centerOfMass(stones[16], new Vector3d());
        assertThat(key0 - key.y).isBetween(0.0, settle);
        assertThat(key.y).isCloseTo(settled, within(0.005)); // settled in the first second: no creep afterwards
        assertThat(key.x).isCloseTo(0, within(0.02));
        assertThat(position(w, load[3]).y).isCloseTo(key.y - key0 + 0.5 + s * b[1] + 3, within(0.02));
    }
    /**
     * Box2D "Card House" (from PEEL): 40 cards 0.4 m × 2 mm (0.3 m deep here), leaning in pairs at ±25° with flat
     * cards across them, five storeys, friction 0.7. Box2D v3 (617d32ab) at its 4 sub-steps: it stands, no card
     * moving more than 3.8 cm; at one sub-step it collapses (the top card ends 1.66 m down). Rubble the same: at 4
     * sub-steps no card moves more than 2.5 cm; at one it collapses (1.66 m).
     */
    @Test
    void theCardHouseOfFortyThinCardsWithFrictionPointSevenStandsAtFourSubSteps() {
        PhysicsWorld w = SampleScenes.world(false, 4);
        ground(w, 0.7, 0);
        double h = 0.2, t = 0.001, lean = Math.toRadians(25);
        java.util.List<BodyId> cards = new java.util.ArrayList<>();
        java.util.List<Vector3d> start = new java.util.ArrayList<>();
        double z0 = 0, y = h - 0.02;
        for (int storey = 5; storey > 0; storey--) {
            double z = z0;
            for (int i = 0; i < storey; i++) {
                if (i != storey - 1) {
                    card(w, cards, start, new Vector3d(z + 0.25, y + h - 0.015, 0), Math.PI / 2, h, t);
                }
                card(w, cards, start, new Vector3d(z, y, 0), -lean, h, t);
                z += 0.175;
                card(w, cards, start, new Vector3d(z, y, 0), lean, h, t);
                z += 0.175;
            }
            y += 2 * h - 0.03;
            z0 += 0.175;
        }
        assertThat(cards).hasSize(40);
        w.step(300);
        for (int i = 0; i < cards.size(); i++) {
            assertThat(position(w, cards.get(i)).distance(start.get(i))).as("card %d", i).isLessThan(0.04);
        }
    }

    private static void card(PhysicsWorld w, java.util.List<BodyId> cards, java.util.List<Vector3d> start, Vector3d at,
            double angle, double halfHeight, double halfThickness) {
        cards.add(w.addBody(BodySpec.dynamic(new Box(halfThickness, halfHeight, 0.15)).withDensity(1000)
                .withMaterial(0.7, 0).withPosition(at).withOrientation(new Quaterniond().rotationZ(angle))));
        start.add(at);
    }

    /**
     * Box2D "Confined": balls packed overlapping (0.7 m apart, 1 m across) in a closed box, no gravity. In Box2D
     * they push apart and jostle without gaining energy or leaving. Here 125 balls in a 4 m cube (they fill 102 %
     * of it): every centre stays inside the walls, the kinetic energy never exceeds what the first push-out of the
     * overlaps gave them (capped at 3 m/s a contact; 650 J over the balls, 5 steps in) and falls to nothing (1e-4 of
     * it after 4 s; the packing still settles now and then, giving back a little of the overlap it stored).
     */
    @Test
    void ballsPackedOverlappingInAClosedBoxNeitherEscapeNorGainEnergy() {
        PhysicsWorld w = SampleScenes.world(false);
        double half = 2, wall = 0.5;
        for (int axis = 0; axis < 3; axis++) {
            for (int side = -1; side <= 1; side += 2) {
                double[] c = new double[3], e = {half + 2 * wall, half + 2 * wall, half + 2 * wall};
                c[axis] = side * (half + wall);
                e[axis] = wall;
                w.addBody(BodySpec.fixed(new Box(e[0], e[1], e[2])).withPosition(new Vector3d(c[0], c[1], c[2])));
            }
        }
        int n = 5;
        BodyId[] balls = new BodyId[n * n * n];
        int k = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int l = 0; l < n; l++) {
                    balls[k++] = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withDensity(1000).withGravityScale(0)
                            .withMaterial(0.6, 0).withPosition(new Vector3d(0.7 * (i - 2), 0.7 * (j - 2), 0.7 * (l - 2))));
                }
            }
        }
        double peak = 0, last = 0;
        for (int step = 1; step <= 240; step++) {
            w.step();
            double e = SampleScenes.linearKineticEnergy(w, balls);
            if (step <= 10) {
                peak = Math.max(peak, e);
            } else {
                    assertThat(e).as("step %d", step).isLessThanOrEqualTo(peak);
            }
            last = e;
            for (BodyId b : balls) {
                Vector3d p = position(w, b);
                assertThat(Math.max(Math.abs(p.x), Math.max(Math.abs(p.y), Math.abs(p.z)))).isLessThan(half);
            }
        }
        assertThat(last).isLessThan(1e-4 * peak); // at rest, packed, after 4 s
    }

    /**
     * Box2D "Circle Stack": four balls of density 1, 5, 9 and 13 (heaviest on top) 1.25 m apart in a vertical line,
     * frictionless, restitution 0.8, gravity 20 m/s². They fall, bounce off each other and come to rest in a
     * column: every contact normal is vertical, so nothing ever moves sideways, and the energy never exceeds what
     * they started with (read at the sample instant, docs/dynamics.md "Energy of an elastic bounce").
     */
    @Test
    void fourBallsDroppedInALineBounceStraightAndComeToRestInAColumn() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withGravity(new Vector3d(0, -20, 0)));
        ground(w, 0.6, 0);
        BodyId[] b = new BodyId[4];
        double e0 = 0;
        for (int i = 0; i < 4; i++) {
            b[i] = w.addBody(BodySpec.dynamic(new Sphere(0.5)).withDensity(1000 * (1 + 4 * i)).withMaterial(0, 0.8)
                    .withPosition(new Vector3d(0, 0.75 + 1.25 * i, 0)));
            e0 += w.mass(b[i]) * 20 * (0.75 + 1.25 * i);
        }
        for (int step = 0; step < 600; step++) {
            w.step();
            double e = 0;
            for (BodyId x : b) {
                Vector3d p = position(w, x), v = SampleScenes.velocity(w, x);
                assertThat(p.x).isEqualTo(0.0);
                assertThat(p.z).isEqualTo(0.0);
                v.y -= 20 * w.timeStep() / 2; // the velocity at the sample instant
                e += w.mass(x) * (20 * p.y + 0.5 * v.lengthSquared());
            }
            assertThat(e).as("step %d", step).isLessThanOrEqualTo(e0 * 1.001);
        }
        for (int i = 0; i < 4; i++) {
            assertThat(position(w, b[i]).y).isCloseTo(0.5 + i, within(0.03));
            assertThat(SampleScenes.velocity(w, b[i]).length()).isLessThan(0.01);
        }
    }

    /**
     * Box2D "Capsule Stack": capsules 2.5 m long and 0.5 m thick, lying along x, dropped onto each other 0.25 m
     * apart. Box2D v3 (617d32ab, 2-D, where a lying capsule has flat sides): 10 and 20 stand at 4 sub-steps; at one
     * sub-step both sag (the top of 20 ends 2.6 m low). Rubble, where they are round: 10 stand at one sub-step (top
     * 1.5 cm off the axis), 20 at 4 sub-steps (28 cm off); 20 at one sub-step fall, as a 20-box column nearly does
     * (docs/dynamics.md "Stiff stacks at one sub-step").
     */
    @ParameterizedTest(name = "{0} capsules at {1} sub-steps")
    @CsvSource({"10, 1", "20, 4"})
    void aStackOfLyingCapsulesDroppedOntoEachOtherStands(int count, int subSteps) {
        PhysicsWorld w = SampleScenes.world(false, subSteps);
        ground(w, 0.6, 0);
        double a = 0.25;
        BodyId top = null;
        for (int i = 0; i < count; i++) {
            top = w.addBody(BodySpec.dynamic(new Capsule(a, 4 * a)).withDensity(1000).withMaterial(0.6, 0)
                    .withPosition(new Vector3d(0, 2 * a + 3 * a * i, 0)).withOrientation(new Quaterniond().rotationZ(Math.PI / 2)));
        }
        w.step(300);
        Vector3d p = position(w, top);
        assertThat(p.y).isCloseTo(a + 2 * a * (count - 1), within(0.04));
        assertThat(p.x).isCloseTo(0, within(0.5));
        assertThat(p.z).isEqualTo(0.0); // parallel round capsules meet on vertical normals: they never roll sideways
    }
}
