package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The physics fuzz of invariants (fuzz14; {@link PhysicsFuzz} says what each scene holds and what is checked against
 * which bound). The default build runs {@code rubble.physfuzz.count} scenes (200) from seed
 * {@code rubble.physfuzz.seed} (14000), each at one thread, of which every fourth again at one and at two threads for the
 * same state hashes; {@code mvn -Pfuzz} runs 30 times as many. A failure names the seed and prints the scene
 * ({@code PHYSFUZZ}); rerun one with {@code -Drubble.physfuzz.seed=S -Drubble.physfuzz.count=1}.
 */
@Timeout(value = 3600, unit = TimeUnit.SECONDS)
final class PhysicsFuzzTest {
    private static final long SEED = Long.getLong("rubble.physfuzz.seed", 14_000L);
    private static final int COUNT = Integer.getInteger("rubble.physfuzz.count",
            200 * Integer.getInteger("rubble.fuzz.scale", 1));

    @Test
    void randomScenesKeepTheirInvariants() {
        List<String> failures = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            long seed = SEED + i;
            PhysicsFuzz.Scene s = PhysicsFuzz.scene(seed);
            PhysicsFuzz.Run run;
            try {
                run = PhysicsFuzz.run(s, 1);
            } catch (RuntimeException e) {
                failures.add(s.text() + ": threw " + e);
                System.out.println("PHYSFUZZ " + s.text() + " threw " + e);
                continue;
            }
            if (!run.findings().isEmpty()) {
                failures.add(s.text() + ": " + run.findings().get(0) + " (" + run.findings().size() + " findings)");
                System.out.println("PHYSFUZZ " + s.text() + "\n  " + run.findings().subList(0, Math.min(5, run.findings().size())));
            }
            if (i % 4 == 0) {
                long[] again = PhysicsFuzz.run(s, 1).hashes();
                long[] two = PhysicsFuzz.run(s, 2).hashes();
                if (!Arrays.equals(run.hashes(), again) || !Arrays.equals(run.hashes(), two)) {
                    failures.add(s.text() + ": state hashes differ between runs (1, 1, 2 threads)");
                }
            }
        }
        assertThat(failures).as(COUNT + " scenes").isEmpty();
    }

    /**
     * fuzz14's penetration and momentum findings, fixed or explained (fuzz15t; docs/status.md): 20622, a flat box struck
     * corner first at a plane that ended its first step 0.61 m under it (docs/dynamics.md "Fast turns"); 20297, a box
     * struck by a heavy ball down into a ground box it had no pair with, 0.64 m under its top ("Strays"); 20169, a body
     * 0.58 m beyond its reach bound, passing since the speed limits bind after the solve; 20335, a gas whose momentum
     * moved by 4.6e-5 of Σ m |v| when a 0.6 kg hull drifting at 1.1 mm/s fell asleep (sleep stops a body: the check
     * now takes what a body that fell asleep had out of the expected momentum). And 20661, which the sweep of turns of
     * more than half a revolution broke before it was merged: a 73 kg hull spinning at 44–90 rad/s on a plane at 0.05 s
     * steps was put back to its step's start every step (its shortest rotation went into the plane at once) while its
     * contacts spun it up, 5 100 J in two steps; it is moved out along the plane's normal instead.
     */
    @Test
    void fuzz14sPenetrationAndMomentumSeedsKeepTheirInvariants() {
        for (long seed : new long[] {20_622L, 20_297L, 20_169L, 20_335L, 20_661L}) {
            PhysicsFuzz.Scene s = PhysicsFuzz.scene(seed);
            assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
        }
    }

    /**
     * fuzz16's seeds (docs/status.md): 20874 and 14774, hulls tumbling onto a ground plane whose other vertices had no
     * point in the plane's manifold (fixed in {@code PlaneCollider}; {@code TumblingHullOnPlaneTest}); 14722, 14726,
     * 14781, 14960, 15601 (zero-gravity gases) and 14555, whose placement started a second pair overlapped that the
     * energy bound gave no push-out for (the bound's own error, {@code PhysicsFuzz.strayOverlaps}); 14529 and 15283,
     * gases at rest but for an overlapped pair, whose momentum's round-off scale was 0.
     */
    /**
     * fuzz16's seed 20332 (mesh16; docs/dynamics.md "A light body between a heavy one and static geometry"): a 0.18 kg
     * ball of 16.5 cm resting on a mesh slab of 0.15 m cells, struck from above by the 189-710 kg pieces of a
     * collection, ended step 85 2 cm into the slab moving down at 9.9 m/s and fell through it (0.44 m under its top by
     * step 93); the heavy pieces now stop on it as on the slab.
     */
    @Test
    void aLightBallStruckOnAFineMeshStaysOnIt() {
        PhysicsFuzz.Scene s = PhysicsFuzz.scene(20_332L);
        assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
    }

    /** Seed 30884 (thirty-sixth session): a capsule landing across the ground's edge near its corner (CapsuleOnCornerTest). */
    @Test
    void aCapsuleAcrossTheGroundsEdgeKeepsItsEnergy() {
        PhysicsFuzz.Scene s = PhysicsFuzz.scene(30_884L);
        assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
    }

    /** Seeds 30321 and 30088 (thirty-sixth session): thin bodies sunk past a mesh triangle's plane (SpinningNeedleMeshTest). */
    @Test
    void thinBodiesSunkPastAMeshTrianglesPlaneStayOnIt() {
        for (long seed : new long[] {30_321L, 30_088L}) {
            PhysicsFuzz.Scene s = PhysicsFuzz.scene(seed);
            assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
        }
    }

    @Test
    void fuzz16sSeedsKeepTheirInvariants() {
        for (long seed : new long[] {20_874L, 14_774L, 14_722L, 14_726L, 14_781L, 14_960L, 15_601L, 14_555L, 14_529L, 15_283L}) {
            PhysicsFuzz.Scene s = PhysicsFuzz.scene(seed);
            assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
        }
    }

    /**
     * fuzz17's seeds (docs/status.md; MeshOuterEdgeTest): bodies resting or landing on the mesh slab's top over its
     * outer edge, whose contacts with the side face's top row of triangles flipped across that face's plane at the edge
     * and were made side-face contacts as deep as the body reached behind it: 40997 (a 2 t box pushed off the +z edge,
     * +1 081 J in a step of 430 000), 40469 (a 102 kg needle hull at the -x edge, +0.66 J of 127) and 40968 (a 4.1 t body
     * at the +z edge, +51 J of 401 700). And 41263 and 41251, capsules turning and rolling on the ground at one
     * sub-step whose relax pass took impulses through the step's start inverse inertia (an 894 kg capsule at 20 rad/s,
     * +13-24 J a step; a 42 kg one at 80-100 rad/s, +1.8-2.0 J; SpinningCapsuleEnergyTest).
     */
    @Test
    void fuzz17sSeedsKeepTheirInvariants() {
        for (long seed : new long[] {40_997L, 40_469L, 40_968L, 41_263L, 41_251L}) {
            PhysicsFuzz.Scene s = PhysicsFuzz.scene(seed);
            assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
        }
    }

    /**
     * fuzz18's seed (docs/status.md; FastFreeSpinEnergyTest): 50287, a 471 kg flake hull spun up to 80-100 rad/s by its
     * landing on the mesh slab at 1/30 s and one sub-step, tumbling away in free flight: the gyroscopic term's Newton
     * iterations found no root of the midpoint rule at |w| h of 2.6-3.3 and the second half gave back more than the
     * first had taken, +57, +474, +1 720, +960 and +1 440 J in five steps of free flight (of 1.57 MJ).
     */
    @Test
    void fuzz18sSeedKeepsItsInvariants() {
        PhysicsFuzz.Scene s = PhysicsFuzz.scene(50_287L);
        assertThat(PhysicsFuzz.run(s, 1).findings()).as(s.text()).isEmpty();
    }
}
