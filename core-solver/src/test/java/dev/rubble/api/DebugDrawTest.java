package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 2: the debug-draw callback a host renderer implements. Expected geometry is the
 * shapes' own (box corners under the body's pose, sphere circles at the radius) and colours are the
 * documented palette for the state each body is in.
 */
final class DebugDrawTest {
    /** Records every call. */
    static final class Recorder implements DebugDraw {
        final List<double[]> lines = new ArrayList<>();
        final List<Integer> lineColours = new ArrayList<>();
        final List<String> texts = new ArrayList<>();
        int points;

        @Override
        public void line(double x0, double y0, double z0, double x1, double y1, double z1, int argb) {
            lines.add(new double[] {x0, y0, z0, x1, y1, z1});
            lineColours.add(argb);
        }

        @Override
        public void point(double x, double y, double z, double size, int argb) {
            points++;
        }

        @Override
        public void text(double x, double y, double z, String text, int argb) {
            texts.add(text);
        }
    }

    @Test
    void wireframesFollowTheShapesAndPosesColouredByState() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.fixed(new Box(5, 0.5, 5)).withPosition(new Vector3d(0, -0.5, 0)));
        Quaterniond turn = new Quaterniond().rotateY(0.4).rotateX(0.2);
        BodyId box = w.addBody(BodySpec.dynamic(new Box(0.5, 0.25, 0.1)).withPosition(new Vector3d(1, 3, 2)).withOrientation(turn));
        Recorder r = new Recorder();
        new DebugDrawer().labels(true).draw(w, r);
        // ground box 12 edges + box 12 edges, nothing else
        assertThat(r.lines).hasSize(24);
        assertThat(r.points).isEqualTo(2);
        assertThat(r.texts).containsExactlyInAnyOrder("L0 static", "L0 awake");
        // the dynamic box's 12 edges join exactly its 8 corners, each of length 1, 0.5 or 0.2
        Set<String> corners = new HashSet<>();
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sy = -1; sy <= 1; sy += 2) {
                for (int sz = -1; sz <= 1; sz += 2) {
                    Vector3d c = turn.transform(new Vector3d(0.5 * sx, 0.25 * sy, 0.1 * sz)).add(1, 3, 2);
                    corners.add(key(c.x, c.y, c.z));
                }
            }
        }
        List<Double> lengths = new ArrayList<>();
        for (int i = 0; i < 24; i++) {
            if (r.lineColours.get(i) != DebugDrawer.AWAKE) {
                assertThat(r.lineColours.get(i)).isEqualTo(DebugDrawer.STATIC);
                continue;
            }
            double[] l = r.lines.get(i);
            assertThat(corners).contains(key(l[0], l[1], l[2]), key(l[3], l[4], l[5]));
            lengths.add(Math.round(Math.sqrt(sq(l[3] - l[0]) + sq(l[4] - l[1]) + sq(l[5] - l[2])) * 1e6) / 1e6);
        }
        assertThat(lengths).containsExactlyInAnyOrder(1.0, 1.0, 1.0, 1.0, 0.5, 0.5, 0.5, 0.5, 0.2, 0.2, 0.2, 0.2);
        assertThat(w.contains(box)).isTrue();
    }

    @Test
    void spheresAndCapsulesAreCirclesAtTheirRadius() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        w.addBody(BodySpec.dynamic(new Sphere(0.7)).withPosition(new Vector3d(2, 5, -1)));
        w.addBody(BodySpec.dynamic(new Capsule(0.3, 0.6)).withPosition(new Vector3d(-3, 2, 0)));
        Recorder r = new Recorder();
        new DebugDrawer().draw(w, r);
        int seg = DebugDrawer.SEGMENTS;
        assertThat(r.lines).hasSize(3 * seg + 4 * seg + 4);
        for (int i = 0; i < 3 * seg; i++) {
            double[] l = r.lines.get(i);
            assertThat(Math.sqrt(sq(l[0] - 2) + sq(l[1] - 5) + sq(l[2] + 1))).isCloseTo(0.7, within(1e-12));
        }
        // the capsule's points are within radius of its axis segment (x = -3, z = 0, |y - 2| <= 0.6), at the radius
        for (int i = 3 * seg; i < r.lines.size(); i++) {
            double[] l = r.lines.get(i);
            for (int e = 0; e < 6; e += 3) {
                double dy = Math.max(0, Math.abs(l[e + 1] - 2) - 0.6);
                assertThat(Math.sqrt(sq(l[e] + 3) + dy * dy + sq(l[e + 2]))).isCloseTo(0.3, within(1e-12));
            }
        }
    }

    @Test
    void strainColoursRunFromColdToHot() {
        assertThat(DebugDrawer.heat(0)).isEqualTo(0xFF3060D0);
        assertThat(DebugDrawer.heat(0.5)).isEqualTo(0xFFE8D040);
        assertThat(DebugDrawer.heat(1)).isEqualTo(0xFFD03020).isEqualTo(DebugDrawer.heat(7)).isNotEqualTo(DebugDrawer.heat(0.9));
        assertThat(DebugDrawer.heat(Double.NaN)).isEqualTo(DebugDrawer.heat(0));
    }

    private static double sq(double v) {
        return v * v;
    }

    private static String key(double x, double y, double z) {
        return Math.round(x * 1e9) + "," + Math.round(y * 1e9) + "," + Math.round(z * 1e9);
    }
}
