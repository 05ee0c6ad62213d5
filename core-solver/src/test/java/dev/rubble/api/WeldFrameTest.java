package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Branched and over-determined welded frames (docs/constraints.md, "Welded frames") against a brute-force
 * reference: the whole frame's constraint system written out densely and solved by Gaussian elimination (the
 * impulses that keep every weld rigid in a step from rest under gravity, {@code λ = -A⁻¹ J M⁻¹ f},
 * {@code A = J M⁻¹ Jᵀ}), and against the symmetric split of a symmetric bridge. Solved weld by weld beside the
 * chains, a hub with three 4-cube arms read up to 1.66 times its root's torque, and a bridge's two ends carried
 * 1.5 and 0.5 m g, as the solve order had it.
 */
final class WeldFrameTest {
    private static final double G = 9.81, M = 1, SIDE = 0.2, PITCH = 0.25;

    private static PhysicsWorld world(int subSteps) {
        return Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d(0, -G, 0))
                .withTimeStep(1 / 60.0, subSteps));
    }

    /** A frame as the reference sees it: unrotated 1 kg cubes and welds between two of them or a cube and the world. */
    private static final class Frame {
        final List<Vector3d> centres = new ArrayList<>();
        final List<int[]> welds = new ArrayList<>(); // body A, body B (-1: the world)
        final List<Vector3d> anchors = new ArrayList<>();
        final List<BodyId> bodies = new ArrayList<>();
        final List<ConstraintId> ids = new ArrayList<>();
        final PhysicsWorld w;

        Frame(PhysicsWorld w) {
            this.w = w;
        }

        int cube(Vector3d c) {
            centres.add(new Vector3d(c));
            bodies.add(w.addBody(BodySpec.dynamic(new Box(SIDE / 2, SIDE / 2, SIDE / 2)).withMass(M).withDamping(0, 0)
                    .withPosition(c)));
            return centres.size() - 1;
        }

        void weld(int a, int b, Vector3d anchor) {
            welds.add(new int[] {a, b});
            anchors.add(new Vector3d(anchor));
            ids.add(w.addConstraint(bodies.get(a), b < 0 ? null : bodies.get(b), ConstraintSpec.fixed(anchor)));
        }

        /**
         * The dense reference: per weld, the force and torque (magnitudes, N and N·m) that hold every cube still
         * in a step from rest: {@code A λ = -J M⁻¹ f} with J's rows the anchors' relative velocity along x, y, z
         * and the relative angular velocity along x, y, z, solved by Gaussian elimination with partial pivoting.
         */
        double[][] reference() {
            int nb = centres.size(), nw = welds.size(), rows = 6 * nw, dof = 6 * nb;
            double inertia = M * SIDE * SIDE / 6; // a cube's, about any axis through its centre
            double[][] j = new double[rows][dof];
            for (int k = 0; k < nw; k++) {
                int[] ab = welds.get(k);
                for (int side = 0; side < 2; side++) {
                    int body = ab[side];
                    if (body < 0) {
                        continue;
                    }
                    double sign = side == 0 ? -1 : 1;
                    Vector3d r = new Vector3d(anchors.get(k)).sub(centres.get(body));
                    for (int e = 0; e < 3; e++) {
                        Vector3d axis = new Vector3d(e == 0 ? 1 : 0, e == 1 ? 1 : 0, e == 2 ? 1 : 0);
                        Vector3d g = new Vector3d(r).cross(axis); // v·axis + ω·(r × axis)
                        double[] lin = j[6 * k + e], ang = j[6 * k + 3 + e];
                        lin[6 * body + e] += sign;
                        lin[6 * body + 3] += sign * g.x;
                        lin[6 * body + 4] += sign * g.y;
                        lin[6 * body + 5] += sign * g.z;
                        ang[6 * body + 3 + e] += sign;
                    }
                }
            }
            double[] invM = new double[dof], f = new double[dof];
            for (int b = 0; b < nb; b++) {
                for (int i = 0; i < 3; i++) {
                    invM[6 * b + i] = 1 / M;
                    invM[6 * b + 3 + i] = 1 / inertia;
                }
                f[6 * b + 1] = -M * G;
            }
            double[][] a = new double[rows][rows + 1];
            for (int p = 0; p < rows; p++) {
                for (int q = 0; q < rows; q++) {
                    double s = 0;
                    for (int d = 0; d < dof; d++) {
                        s += j[p][d] * invM[d] * j[q][d];
                    }
                    a[p][q] = s;
                }
                double s = 0;
                for (int d = 0; d < dof; d++) {
                    s += j[p][d] * invM[d] * f[d];
                }
                a[p][rows] = -s;
            }
            double[] lambda = gauss(a);
            double[][] out = new double[nw][2];
            for (int k = 0; k < nw; k++) {
                out[k][0] = Math.sqrt(sq(lambda, 6 * k));
                out[k][1] = Math.sqrt(sq(lambda, 6 * k + 3));
            }
            return out;
        }
    }

    private static double sq(double[] v, int o) {
        return v[o] * v[o] + v[o + 1] * v[o + 1] + v[o + 2] * v[o + 2];
    }

    /** Solves the augmented system {@code a} (n × n+1) by Gaussian elimination with partial pivoting. */
    private static double[] gauss(double[][] a) {
        int n = a.length;
        for (int c = 0; c < n; c++) {
            int best = c;
            for (int r = c + 1; r < n; r++) {
                if (Math.abs(a[r][c]) > Math.abs(a[best][c])) {
                    best = r;
                }
            }
            double[] t = a[c];
            a[c] = a[best];
            a[best] = t;
            assertThat(Math.abs(a[c][c])).as("pivot %d of the reference", c).isGreaterThan(1e-9);
            for (int r = c + 1; r < n; r++) {
                double m = a[r][c] / a[c][c];
                for (int k = c; k <= n; k++) {
                    a[r][k] -= m * a[c][k];
                }
            }
        }
        double[] x = new double[n];
        for (int r = n - 1; r >= 0; r--) {
            double s = a[r][n];
            for (int k = r + 1; k < n; k++) {
                s -= a[r][k] * x[k];
            }
            x[r] = s / a[r][r];
        }
        return x;
    }

    /** A hub cube welded to the world above its centre, with arms of {@code armLength} cubes along +x, -x and +z. */
    private static Frame hub(PhysicsWorld w, int armLength) {
        Frame f = new Frame(w);
        int hub = f.cube(new Vector3d());
        f.weld(hub, -1, new Vector3d(0, SIDE / 2 + 0.025, 0));
        Vector3d[] dirs = {new Vector3d(1, 0, 0), new Vector3d(-1, 0, 0), new Vector3d(0, 0, 1)};
        for (Vector3d d : dirs) {
            int prev = hub;
            for (int i = 1; i <= armLength; i++) {
                int c = f.cube(new Vector3d(d).mul(PITCH * i));
                f.weld(prev, c, new Vector3d(d).mul(PITCH * (i - 0.5)));
                prev = c;
            }
        }
        return f;
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aHubWithThreeArmsReadsTheDenseSolvesLoadsFromTheFirstStep(int subSteps) {
        // weld by weld beside the chain the root read up to 1.66 times its torque (1.65 at 4 sub-steps)
        Frame f = hub(world(subSteps), 4);
        double[][] ref = f.reference();
        // statics by hand for the root: all 13 cubes hang from it; the ±x arms' moments cancel, the +z arm's is
        // m g 0.25 (1 + 2 + 3 + 4) about x: the dense solve agrees
        assertThat(ref[0][0]).isCloseTo(13 * M * G, within(1e-9));
        assertThat(ref[0][1]).isCloseTo(M * G * PITCH * 10, within(1e-9));
        Vector3d p = new Vector3d();
        for (int k = 0; k < 120; k++) {
            f.w.step();
            for (int i = 0; i < ref.length; i++) {
                ConstraintId id = f.ids.get(i);
                assertThat(f.w.constraintForce(id)).as("weld %d force at step %d", i, k)
                        .isCloseTo(ref[i][0], within(1e-3 * ref[i][0]));
                assertThat(f.w.constraintTorque(id)).as("weld %d torque at step %d", i, k)
                        .isCloseTo(ref[i][1], within(1e-3 * Math.max(ref[i][1], M * G * PITCH)));
            }
            for (int b = 0; b < f.bodies.size(); b++) {
                // the rows' softness moves every cube alike by g / ω² (0.07 mm at one sub-step): the frame does not bend
                assertThat(f.w.position(f.bodies.get(b), p).distance(f.centres.get(b))).as("cube %d at step %d", b, k)
                        .isLessThan(1e-4);
            }
        }
    }

    @Test
    void aHubsRootWeldHoldsAboveItsLoadAndBreaksBelowIt() {
        for (double factor : new double[] {1.05, 0.95}) {
            PhysicsWorld w = world(1);
            Frame f = hub(w, 4);
            double root = f.reference()[0][1];
            ConstraintId rootWeld = f.ids.get(0);
            // the same frame, its root weld with a torque threshold: rebuilt with the threshold on the root weld
            PhysicsWorld w2 = world(1);
            Frame g = new Frame(w2);
            for (Vector3d c : f.centres) {
                g.cube(c);
            }
            for (int i = 0; i < f.welds.size(); i++) {
                int[] ab = f.welds.get(i);
                ConstraintSpec spec = ConstraintSpec.fixed(f.anchors.get(i));
                if (i == 0) {
                    spec = spec.breakTorque(factor * root);
                }
                g.ids.add(w2.addConstraint(g.bodies.get(ab[0]), ab[1] < 0 ? null : g.bodies.get(ab[1]), spec));
            }
            w2.step();
            if (factor < 1) {
                assertThat(w2.constraintBreaks()).hasSize(1);
                assertThat(w2.constraintBreaks().get(0).id()).isEqualTo(g.ids.get(0));
                continue;
            }
            for (int k = 0; k < 300; k++) {
                assertThat(w2.constraintBreaks()).as("breaks at step %d", k).isEmpty();
                w2.step();
            }
            assertThat(w2.contains(g.ids.get(0))).isTrue();
            assertThat(rootWeld).isNotNull();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aSymmetricBridgeCarriesHalfItsLoadAtEachEnd(int subSteps) {
        // two cubes welded to each other and each to the world: rigid statics leaves the split open (the frame is
        // over-determined); the symmetric frame's exact solve splits it evenly. Before: 1.5 and 0.5 m g, the
        // solve order's split
        for (int cubes : new int[] {2, 3}) {
            PhysicsWorld w = world(subSteps);
            Frame f = new Frame(w);
            int left = f.cube(new Vector3d(PITCH, 0, 0));
            f.weld(left, -1, new Vector3d(PITCH / 2, 0, 0));
            int prev = left;
            for (int i = 2; i <= cubes; i++) {
                int c = f.cube(new Vector3d(PITCH * i, 0, 0));
                f.weld(prev, c, new Vector3d(PITCH * (i - 0.5), 0, 0));
                prev = c;
            }
            f.weld(prev, -1, new Vector3d(PITCH * (cubes + 0.5), 0, 0));
            ConstraintId leftEnd = f.ids.get(0), rightEnd = f.ids.get(f.ids.size() - 1);
            double half = cubes * M * G / 2;
            for (int k = 0; k < 120; k++) {
                w.step();
                assertThat(w.constraintForce(leftEnd)).as("%d cubes, left end at step %d", cubes, k)
                        .isCloseTo(half, within(1e-3 * half));
                assertThat(w.constraintForce(rightEnd)).as("%d cubes, right end at step %d", cubes, k)
                        .isCloseTo(half, within(1e-3 * half));
                assertThat(w.constraintTorque(leftEnd)).as("%d cubes, end torques at step %d", cubes, k)
                        .isCloseTo(w.constraintTorque(rightEnd), within(1e-3 * half * PITCH));
            }
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aWeldedRingHeldByOneWeldReadsItsStaticLoadFromTheFirstStep(int subSteps) {
        // a closed loop: four cubes welded corner to corner, held by a world weld above the first. The hold's load
        // is statics (it alone holds the ring): 4 m g, and the moment of the four weights about its anchor,
        // m g |(Σ dz, 0, -Σ dx)| = m g √(0.5² + 0.5²). The loop's closing weld is solved on its own block on top
        // of the tree of the other three
        PhysicsWorld w = world(subSteps);
        Frame f = new Frame(w);
        double[][] ring = {{0, 0}, {PITCH, 0}, {PITCH, PITCH}, {0, PITCH}};
        for (double[] c : ring) {
            f.cube(new Vector3d(c[0], 0, c[1]));
        }
        for (int i = 0; i < 4; i++) {
            int j = (i + 1) % 4;
            f.weld(i, j, new Vector3d((ring[i][0] + ring[j][0]) / 2, 0, (ring[i][1] + ring[j][1]) / 2));
        }
        f.weld(0, -1, new Vector3d(0, SIDE / 2 + 0.025, 0));
        ConstraintId hold = f.ids.get(4);
        double torque = M * G * Math.sqrt(0.5);
        Vector3d p = new Vector3d();
        for (int k = 0; k < 120; k++) {
            w.step();
            assertThat(w.constraintForce(hold)).as("hold force at step %d", k).isCloseTo(4 * M * G, within(1e-3 * 4 * M * G));
            assertThat(w.constraintTorque(hold)).as("hold torque at step %d", k).isCloseTo(torque, within(1e-3 * torque));
            for (int b = 0; b < 4; b++) {
                assertThat(w.position(f.bodies.get(b), p).distance(f.centres.get(b))).as("cube %d at step %d", b, k)
                        .isLessThan(1e-4);
            }
        }
    }
}
