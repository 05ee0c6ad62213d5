package dev.rubble.geometry.gjk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Plane;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A capsule standing on one end, tilted 26 degrees from upright, over a box face and a plane: its
 * manifold holds a point for each end whose separation is within the margin. Before, a capsule
 * more than 30 degrees from lying flat was its nearer end only, so a fast end-first landing had no
 * speculative point at the other end, which the hit's spin swung through a thin plate in the same
 * step (docs/dynamics.md, "End-first impacts of capsules"). Expected separations are the ends'
 * heights over the face minus the radius, worked out from the pose by hand.
 */
final class CapsuleEndFirstTest {
    private static final double R = 0.05, H = 0.1, TILT = Math.toRadians(26), LOW = 0.01;

    /** Capsule axis (local y) turned by TILT about z; its lower end LOW above y = 0 (core at LOW + R). */
    private static Pose capsulePose() {
        double cy = LOW + R + H * Math.cos(TILT);
        Pose p = new Pose();
        p.set(0, cy, 0, 0, 0, Math.sin(TILT / 2), Math.cos(TILT / 2));
        return p;
    }

    private static List<double[]> points(boolean plane, double margin) {
        List<double[]> out = new ArrayList<>();
        ContactSink sink = new ContactSink() {
            @Override
            public void beginManifold(double nx, double ny, double nz, long subKey) {
                assertThat(ny).isCloseTo(1, within(1e-9)); // the face's normal, ground to capsule
            }

            @Override
            public void addPoint(double x, double y, double z, double separation, long featureId) {
                out.add(new double[] {x, y, z, separation});
            }
        };
        Pose ground = new Pose();
        if (plane) {
            ground.set(0, 0, 0, 0, 0, 0, 1);
            new PlaneCollider().collide(new Plane(0, 1, 0, 0), ground, new Capsule(R, H), capsulePose(), margin, sink);
        } else {
            ground.set(0, -0.005, 0, 0, 0, 0, 1); // a 1 cm plate, top at y = 0
            new ConvexCollider().collide(new Box(2, 0.005, 2), ground, new Capsule(R, H), capsulePose(), margin, sink);
        }
        out.sort((a, b) -> Double.compare(a[3], b[3]));
        return out;
    }

    @Test
    void bothEndsAreSpeculativePointsWhenTheMarginReachesTheUpperOne() {
        double upper = LOW + 2 * H * Math.cos(TILT); // the upper end's gap: its core 2 H cos(tilt) higher
        for (boolean plane : new boolean[] {false, true}) {
            List<double[]> p = points(plane, 6.7); // the margin of a 400 m/s body at 60 Hz
            assertThat(p).as("plane %s", plane).hasSize(2);
            assertThat(p.get(0)[3]).isCloseTo(LOW, within(1e-9));
            assertThat(p.get(1)[3]).isCloseTo(upper, within(1e-9));
        }
    }

    @Test
    void atRestOnlyTheLowerEndIsAPoint() {
        for (boolean plane : new boolean[] {false, true}) {
            List<double[]> p = points(plane, 0.02); // the base margin: the upper end is 0.2 m up
            assertThat(p).as("plane %s", plane).hasSize(1);
            assertThat(p.get(0)[3]).isCloseTo(LOW, within(1e-9));
        }
    }
}
