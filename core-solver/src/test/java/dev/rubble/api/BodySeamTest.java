package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The seam between two separate static bodies placed flush must not be felt: a floor of two 4 m static boxes
 * must behave as one 8 m box (each case is run against that reference, besides the analytic value), as the
 * seam between two children of one compound does since 2026-12-06 (docs/dynamics.md, "Seams between
 * separate bodies"; Jolt's {@code mEnhancedInternalEdgeRemoval}).
 */
final class BodySeamTest {

    /** A static floor piece: shape and where its centre is. */
    record Piece(Shape shape, double x, double y, double z) {
    }

    /** Two 4 m × 1 m × 4 m boxes, flush at x = 0 (apart by {@code gap}; negative: overlapping), tops at y = 0. */
    static List<Piece> twoBoxes(double gap) {
        return List.of(new Piece(new Box(2, 0.5, 2), -2 - gap / 2, -0.5, 0), new Piece(new Box(2, 0.5, 2), 2 + gap / 2, -0.5, 0));
    }

    /** One 8 m box with the same top: the reference. */
    static List<Piece> oneBox() {
        return List.of(new Piece(new Box(4, 0.5, 2), 0, -0.5, 0));
    }

    /** Highest and lowest centre height, final position and velocity of a body run over a floor. */
    record Run(double highest, double lowest, Vector3d position, Vector3d velocity) {
    }

    static Run run(List<Piece> floor, BodySpec body, double mu, int steps, boolean seams) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withSleeping(false).withBodySeams(seams));
        for (Piece p : floor) {
            w.addBody(BodySpec.fixed(p.shape).withPosition(new Vector3d(p.x, p.y, p.z)).withMaterial(mu, 0));
        }
        BodyId b = w.addBody(body);
        double highest = Double.NEGATIVE_INFINITY, lowest = Double.POSITIVE_INFINITY;
        Vector3d p = new Vector3d();
        for (int i = 0; i < steps; i++) {
            w.step();
            w.position(b, p);
            highest = Math.max(highest, p.y);
            lowest = Math.min(lowest, p.y);
        }
        return new Run(highest, lowest, w.position(b, new Vector3d()), w.linearVelocity(b, new Vector3d()));
    }

    static Run run(List<Piece> floor, BodySpec body, double mu, int steps) {
        return run(floor, body, mu, steps, true);
    }

    static BodySpec cube(double v, double mu) {
        return BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(-1.5, 0.2, 0.3))
                .withLinearVelocity(new Vector3d(v, 0, 0)).withMaterial(mu, 0);
    }

    @Test
    void measure() {
        BodySpec cube = cube(2, 0);
        for (boolean on : new boolean[] {false, true}) {
            Run ref = run(oneBox(), cube, 0, 90, on);
            Run seam = run(twoBoxes(0), cube, 0, 90, on);
            System.out.printf("seams %s: frictionless cube: ref hi %.5f v %.4f x %.4f | seam hi %.5f v %.4f x %.4f%n", on,
                    ref.highest, ref.velocity.x, ref.position.x, seam.highest, seam.velocity.x, seam.position.x);
            BodySpec c3 = BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(-0.8, 0.2, 0.3))
                    .withLinearVelocity(new Vector3d(3, 0, 0)).withMaterial(0.3, 0);
            ref = run(oneBox(), c3, 0.3, 120, on);
            seam = run(twoBoxes(0), c3, 0.3, 120, on);
            System.out.printf("seams %s: friction cube: ref slide %.4f hi %.5f | seam slide %.4f hi %.5f%n", on,
                    ref.position.x + 0.8, ref.highest, seam.position.x + 0.8, seam.highest);
            for (double mu : new double[] {0.5, 0}) {
                BodySpec ball = BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(-1.5, 0.3, 0.3))
                        .withLinearVelocity(new Vector3d(2, 0, 0)).withAngularVelocity(new Vector3d(0, 0, -2 / 0.3))
                        .withMaterial(mu, 0);
                ref = run(oneBox(), ball, mu, 90, on);
                seam = run(twoBoxes(0), ball, mu, 90, on);
                System.out.printf("seams %s: ball mu %s: ref hi %.5f v %.4f | seam hi %.5f v %.4f%n", on, mu,
                        ref.highest, ref.velocity.x, seam.highest, seam.velocity.x);
            }
        }
    }
}
