package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.nio.file.Path;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Loads carried by a joint tree through a stop or a motor that is not locked (docs/constraints.md, "Loads on stops").
 * Expected values by hand: statics (each joint of a hanging chain carries the weight below it; a cantilever's root the
 * weight and moment of the beam) and the rows' softness. At rest the biased solve holds a tree's rows where
 * {@code A λ = -a₂ b C} (Box2D's soft step written for the whole tree), and {@code A λ = J M⁻¹ Jᵀ λ} is the relative
 * velocity the constraint impulses give; they balance each body's own weight, {@code M⁻¹ Jᵀ λ = g h} for every body,
 * which no joint between two bodies sees: only the joints to the world give, by {@code g / ω²} (6.9e-5 m at one
 * 60 Hz sub-step, ω = 2π · 60 s⁻¹), and the whole chain or beam moves down by that. Jolt (jolt-jni 0.9.9, the same
 * chain of {@code SliderConstraint}s) lets its stops give 9 cm for three links. Before (fuzz8), a stop or motor row
 * was solved beside the tree with its own effective mass: twenty sliders of 0.5 kg on stops under 10 kg blew up at
 * one sub-step, as did three of 0.1 kg, and twenty 0.1 kg sliders braked by a motor; a cantilever of ten 1 kg links
 * on hinge stops hung its tip 1.0 m (0.1 kg links with a 10 kg tip: 162 m).
 */
final class StopLoadTest {
    private static final double G = 9.81;
    /** The rows' give at rest at one 60 Hz sub-step, metres: {@code g / ω²}, ω = 2π · 60 s⁻¹ (class comment). */
    private static final double GIVE = G / Math.pow(2 * Math.PI * 60, 2);

    private static PhysicsWorld world() {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)));
    }

    /**
     * A vertical chain of sliders on stops: link i's anchor {@code drop} metres above the joint's on the link above (or
     * the world), the limits [0, 0.05] m, so each joint falls {@code drop} onto its lower stop.
     */
    private static HangingChain sliders(PhysicsWorld w, int links, double linkMass, double load, double drop) {
        return HangingChain.hang(w, links, linkMass, load, y -> ConstraintSpec.slider(new Vector3d(0, y, 0),
                new Vector3d(0, 1, 0)).anchors(new Vector3d(0, y + drop, 0), new Vector3d(0, y, 0)).limits(0, 0.05));
    }

    /** The load's height when every joint of {@code links} rests on its stop having fallen {@code drop}. */
    private static double onTheStops(int links, double drop) {
        return HangingChain.TOP - links * HangingChain.PITCH - links * drop;
    }

    @ParameterizedTest(name = "{0} links of {1} kg, a {2} kg load")
    @CsvSource({"20, 0.5, 10", "20, 0.1, 10", "3, 0.1, 10", "20, 1, 10"})
    void aChainOfSlidersRestingOnItsStopsHangsAtThemAndTheTopJointCarriesAll(int links, double linkMass, double load) {
        PhysicsWorld w = world();
        HangingChain chain = sliders(w, links, linkMass, load, 0);
        Vector3d p = new Vector3d();
        double worst = 0, sway = 0;
        for (int s = 0; s < 600; s++) { // 10 s at one sub-step
            w.step();
            w.position(chain.last(), p);
            assertThat(Double.isFinite(p.y)).as("the load's height at step %d (before: it blew up)", s).isTrue();
            worst = Math.max(worst, Math.abs(onTheStops(links, 0) - p.y));
            sway = Math.max(sway, Math.abs(p.x) + Math.abs(p.z));
        }
        assertThat(worst).as("the stops' give, m (g/ω² = %s; Jolt: 9 cm for three links)", GIVE).isLessThan(2 * GIVE);
        assertThat(sway).as("sway, m").isLessThan(1e-9);
        double weight = ((links - 1) * linkMass + load) * G;
        assertThat(w.constraintForce(chain.first())).as("top joint's force").isCloseTo(weight, within(1e-3 * weight));
    }

    @ParameterizedTest(name = "links of {0} kg")
    @CsvSource({"0.1", "0.5"})
    void aChainOfSlidersBrakedByMotorsHangsWhereItWasMade(double linkMass) {
        PhysicsWorld w = world();
        int links = 20;
        double load = 10;
        HangingChain chain = HangingChain.hang(w, links, linkMass, load, y -> ConstraintSpec.slider(new Vector3d(0, y, 0),
                new Vector3d(0, 1, 0)).motor(0, 1e6));
        Vector3d p = new Vector3d();
        double worst = 0;
        for (int s = 0; s < 600; s++) {
            w.step();
            w.position(chain.last(), p);
            assertThat(Double.isFinite(p.y)).as("the load's height at step %d (before: it blew up)", s).isTrue();
            worst = Math.max(worst, Math.abs(onTheStops(links, 0) - p.y));
        }
        // a brake holds the slide's speed at 0 and well within its force: nothing moves
        assertThat(worst).as("the load's drift, m").isLessThan(GIVE);
        double weight = ((links - 1) * linkMass + load) * G;
        assertThat(w.constraintForce(chain.first())).as("top joint's force").isCloseTo(weight, within(1e-3 * weight));
    }

    /**
     * Motors too weak for the load: each joint's motor brakes with at most 20 N. The chain below the top joint weighs
     * more than that, and the top joint slips at its bound; below it, joint j carries what the chain under it needs to
     * fall at the chain's acceleration {@code a = F / M - g} (M the whole mass), {@code M_j (g + a)}, under 20 N, so it
     * holds. So the load falls as {@code a h² n(n+1)/2} after n steps (semi-implicit Euler), the slides below stay put
     * and the top joint reads 20 N.
     */
    @Test
    void motorsAtTheirForceBoundLetTheTopJointSlipAndHoldTheRest() {
        PhysicsWorld w = world();
        int links = 20;
        double linkMass = 0.1, load = 10, force = 20;
        HangingChain chain = HangingChain.hang(w, links, linkMass, load, y -> ConstraintSpec.slider(new Vector3d(0, y, 0),
                new Vector3d(0, 1, 0)).motor(0, force));
        double mass = (links - 1) * linkMass + load, a = force / mass - G, h = 1.0 / 60;
        int n = 60;
        w.step(n);
        double fall = -a * h * h * n * (n + 1) / 2;
        Vector3d p = new Vector3d();

        assertThat(onTheStops(links, 0) - w.position(chain.last(), p).y).as("the load's fall in 1 s, m")
                .isCloseTo(fall, within(1e-3 * fall));
        assertThat(w.constraintForce(chain.first())).as("top joint's force, N").isCloseTo(force, within(1e-3 * force));
    }

    /**
     * Each joint of the chain starts 2 cm above its stop and falls onto it (the top one first; the links below fall with
     * it, so each lands on the next in turn). The stops are inelastic: the energy never grows, and the chain comes to
     * rest on its stops.
     */
    @Test
    void aChainFallingOntoItsStopsLosesEnergyAndRestsOnThem() {
        PhysicsWorld w = world();
        int links = 20;
        double drop = 0.02;
        HangingChain chain = sliders(w, links, 0.5, 10, drop);
        List<BodyId> bodies = chain.links();
        double e0 = energy(w, bodies), last = e0;
        for (int s = 0; s < 600; s++) {
            w.step();
            double e = energy(w, bodies);
            assertThat(e).as("energy at step %d, J (at the start %s)", s, e0).isLessThanOrEqualTo(e0 + 1e-9 * Math.abs(e0));
            last = e;
        }
        assertThat(last).as("energy lost landing").isLessThan(e0);
        Vector3d p = new Vector3d();
        assertThat(w.position(chain.last(), p).y).as("the load's height on the stops, m")
                .isCloseTo(onTheStops(links, drop), within(2 * GIVE));
        assertThat(w.linearVelocity(chain.last(), p).length()).as("the load's speed at rest").isLessThan(1e-6);
    }

    @ParameterizedTest(name = "links of {0} kg, a {1} kg tip")
    @CsvSource({"1, 1", "0.1, 10"})
    void aCantileverOfHingesOnTheirStopsHoldsAsAWeldedBeam(double linkMass, double tipMass) {
        cantilever(linkMass, tipMass, ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 0, 1)).limits(-1, 0), 2 * GIVE);
    }

    /** An arm of hinges braked by motors well within their torque: it holds where it was made, as on stops. */
    @ParameterizedTest(name = "links of {0} kg, a {1} kg tip")
    @CsvSource({"1, 1", "0.1, 10"})
    void aCantileverOfHingesBrakedByMotorsHoldsAsAWeldedBeam(double linkMass, double tipMass) {
        cantilever(linkMass, tipMass, ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 0, 1)).motor(0, 1e4), 2 * GIVE);
    }

    /**
     * An arm on its stops with a weak braking motor on the same axis (1 N·m, far below the root's 5 N·m load): the stops
     * hold it as without the motor. The stop and the motor are solved as one row of the tree ("A stop and a motor on one
     * axis"); with the motor in the tree in place of the stop (tried in fuzz10) it sagged 0.9 m.
     */
    @ParameterizedTest(name = "links of {0} kg, a {1} kg tip")
    @CsvSource({"1, 1", "0.1, 10"})
    void aCantileverOnItsStopsWithAWeakBrakeHoldsAsAWeldedBeam(double linkMass, double tipMass) {
        cantilever(linkMass, tipMass, ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 0, 1)).limits(-1, 0).motor(0, 1),
                2 * GIVE);
    }

    /** {@link LevelArm} on hinges about z made from {@code joint}, run 10 s. */
    private static void cantilever(double linkMass, double tipMass, ConstraintSpec joint, double bound) {
        LevelArm.assertHolds(linkMass, tipMass, joint, 600, bound,
                "g/ω² = " + GIVE + "; on stops before: 1.0 m for 1 kg links, 162 m with a 10 kg tip");
    }

    @Test
    void aChainLandingOnItsStopsIsTheSameOnOneAndTwoThreadsAndFromASnapshot(@TempDir Path dir) throws Exception {
        PhysicsWorld one = world();
        PhysicsWorld two = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0)).withThreads(2));
        sliders(one, 20, 0.5, 10, 0.02);
        sliders(two, 20, 0.5, 10, 0.02);
        for (int s = 0; s < 30; s++) { // mid-landing: some joints on their stops, some not yet
            one.step();
            two.step();
            assertThat(two.stateHash()).as("step %d on two threads", s).isEqualTo(one.stateHash());
        }
        Path file = dir.resolve("stops.snap");
        one.saveSnapshot(file);
        PhysicsWorld restored = Rubble.restoreWorld(file);
        for (int s = 30; s < 150; s++) {
            one.step();
            two.step();
            restored.step();
            assertThat(two.stateHash()).as("step %d on two threads", s).isEqualTo(one.stateHash());
            assertThat(restored.stateHash()).as("step %d after the restore", s).isEqualTo(one.stateHash());
        }
    }

    /** Kinetic and potential energy of the bodies, J (the links neither turn nor leave the vertical line). */
    private static double energy(PhysicsWorld w, List<BodyId> bodies) {
        double e = 0;
        Vector3d v = new Vector3d();
        for (BodyId b : bodies) {
            double m = w.mass(b);
            e += 0.5 * m * w.linearVelocity(b, v).lengthSquared() + m * G * w.position(b, v).y;
        }
        return e;
    }
}
