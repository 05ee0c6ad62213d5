package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.scenario.Scenarios;
import org.junit.jupiter.api.Test;

/**
 * The explosion recipe of docs/fields.md (radial strain and a radial velocity with a linear falloff, sent in the
 * same step) on a mirror-symmetric wall: a 4 × 4 × 0.2 m wall sliced into 10 × 10 pieces of 0.4 m, at rest, in zero
 * gravity, the centre 0.3 m in front of it, radius 1.5 m, 8 m/s at the centre (looks pass 2026-12-07, looks31).
 *
 * <p>Expectations from the field's definition (SPEC §7), not from a run: in the field step every piece whose centre
 * lies inside the radius breaks (its strain, 10⁵ times {@code 1 − d/R}, is far over its 1 000 N·s threshold) and no
 * other does (with propagation off: a crack's one hop a step comes after, SPEC §5); a released piece leaves its
 * wall, which was at rest, with the field's value at its centre, {@code 8 (1 − d/R)} m/s along the direction from
 * the centre (nearer pieces faster: they catch up with the outer ones, whose contacts share it out within the same
 * step, so the check is on the total: the 80 kg pieces' momentum, summed by hand over the slice centres, is what
 * every body carries after the step, nothing outside acting); and, the wall being symmetric about both axes
 * through the centre, the mean velocity of each quadrant's pieces points along that quadrant's diagonal, with the
 * same size in all four.
 */
final class ExplosionFalloffTest {
    static final double R = 1.5, SPEED = 8, CZ = -0.3;

    static final String SCENE = """
            {"format": "rubble-scenario/1", "name": "explosion", "world": {"gravity": [0, 0, 0]},
             "collections": [{"id": "wall", "recipe": {"box": [2, 2, 0.1], "levels": [{"method": "slice",
                 "options": {"x": 9, "y": 9, "z": 0, "angleJitter": 0, "offsetJitter": 0}}], "seed": 7},
               "destruction": {"damageOptions": {"thresholds": [1000]}, "propagation": false}}],
             "fields": [
               {"target": "external-cluster-strain", "step": 5, "meta": {"resolution": "maximum"},
                "field": {"node": "radial-falloff", "position": [0, 0, %1$s], "radius": %2$s, "magnitude": 1e5}},
               {"target": "linear-velocity", "step": 5, "meta": {"state": "disabled"},
                "field": {"node": "operator", "left": {"node": "radial-vector", "position": [0, 0, %1$s]},
                          "right": {"node": "radial-falloff", "position": [0, 0, %1$s], "radius": %2$s, "magnitude": %3$s}}}]}
            """.formatted(CZ, R, SPEED);

    @Test
    void piecesInsideTheRadiusLeaveWithTheFieldsVelocityAndTheReleaseIsSymmetric() {
        PhysicsWorld w = Scenarios.parse(SCENE, Rubble.defaultPlugins());
        w.step(6); // steps 0..5: the fields act in step 5
        BodyStore b = w.kernel().bodies();
        int released = 0, inside = 0;
        double[][] quadrant = new double[4][3];
        double nearest = Double.POSITIVE_INFINITY, nearestSpeed = 0, farthest = 0, farthestSpeed = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s) || b.state(s) != BodyState.AWAKE || b.invMass[s] == 0 || b.mass[s] > 100) {
                continue; // the held remainder is one body of many pieces
            }
            released++;
            double vx = b.vx[s], vy = b.vy[s], vz = b.vz[s];
            double px = b.px[s] - vx * w.timeStep(), py = b.py[s] - vy * w.timeStep(), pz = b.pz[s] - vz * w.timeStep() - CZ;
            double d0 = Math.sqrt(px * px + py * py + pz * pz), speed = Math.sqrt(vx * vx + vy * vy + vz * vz);
            assertThat(d0).as("a released piece's distance from the centre, m").isLessThan(R);
            if (d0 < nearest) {
                nearest = d0;
                nearestSpeed = speed;
            }
            if (d0 > farthest) {
                farthest = d0;
                farthestSpeed = speed;
            }
            int q = (px >= 0 ? 0 : 1) + (py >= 0 ? 0 : 2);
            quadrant[q][0] += vx;
            quadrant[q][1] += vy;
            quadrant[q][2] += vz;
        }
        // the slice centres are at ±0.2, ±0.6, ... m: those within 1.5 m of (0, 0, -0.3), and their momentum along z
        double pz0 = 0;
        for (int i = -5; i < 5; i++) {
            for (int j = -5; j < 5; j++) {
                double x = 0.2 + 0.4 * i, y = 0.2 + 0.4 * j, d = Math.sqrt(x * x + y * y + CZ * CZ);
                if (d < R) {
                    inside++;
                    pz0 += 80 * SPEED * (1 - d / R) * -CZ / d;
                }
            }
        }
        double pz = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s) && b.state(s) == BodyState.AWAKE && b.invMass[s] > 0) {
                pz += b.mass[s] * b.vz[s];
            }
        }
        assertThat(pz).as("momentum along z after the field step, N s").isCloseTo(pz0, within(1e-9 * pz0));
        assertThat(released).as("pieces released in the field step: those whose centre is inside the radius").isEqualTo(inside);
        assertThat(nearestSpeed).as("the nearest piece (%s m) flies faster than the farthest (%s m)", nearest, farthest)
                .isGreaterThan(farthestSpeed);
        double speed0 = Math.hypot(quadrant[0][0], quadrant[0][1]);
        for (int q = 0; q < 4; q++) {
            double angle = Math.toDegrees(Math.atan2(quadrant[q][1], quadrant[q][0]));
            double diagonal = (q & 1) == 0 ? ((q & 2) == 0 ? 45 : -45) : ((q & 2) == 0 ? 135 : -135);
            assertThat(angle).as("quadrant %d's mean velocity direction, degrees", q).isCloseTo(diagonal, within(1e-6));
            assertThat(Math.hypot(quadrant[q][0], quadrant[q][1])).as("quadrant %d's in-plane momentum share", q)
                    .isCloseTo(speed0, within(1e-9 * speed0));
        }
    }
}
