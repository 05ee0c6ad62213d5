package dev.rubble.it.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.QueryHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * Jolt's {@code UnitTests/Physics/RayShapeTests.cpp} (jrouwe/JoltPhysics), its "ray against a shape through a
 * physics system" part ({@code TestSystemRay}), run on Rubble's {@code PhysicsWorld.rayCast}: the shape is a static
 * body at (2, 3, 4) turned 45° about x, and rays along the line through two opposite surface points A and B (given
 * in the shape's frame) start before, on and inside the surface. Jolt's ray is an origin and a segment with the hit
 * as a fraction of it; Rubble's is an origin, a direction and a length, with {@code fraction()} the same fraction.
 * Jolt's expected fractions are geometry (a ray from inside a convex solid hits at 0). Rubble refuses a zero-length
 * ray (a direction of zero length is an error, docs/java-api.md "Scene queries"), so Jolt's two zero-length cases
 * are left out.
 */
final class JoltRayShapeTestsTest {
    private static final double MISS = Double.MAX_VALUE;

    private static void rays(Shape shape, Vector3d a, Vector3d b) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        Quaterniond rotation = new Quaterniond().rotationX(0.25 * Math.PI);
        Vector3d at = new Vector3d(2, 3, 4);
        w.addBody(BodySpec.fixed(shape).withPosition(at).withOrientation(rotation));
        Matrix4d m = new Matrix4d().translationRotate(at.x, at.y, at.z, rotation);
        helper(w, m, a, b);
        helper(w, m, b, a);
    }

    /** Jolt's {@code TestRayHelperInternal}. */
    private static void helper(PhysicsWorld w, Matrix4d m, Vector3d a, Vector3d b) {
        Vector3d delta = new Vector3d(b).sub(a);
        Vector3d l1 = new Vector3d(a).fma(-2, delta), l2 = new Vector3d(a).fma(-0.1, delta);
        Vector3d i1 = new Vector3d(a).fma(0.1, delta), i2 = new Vector3d(b).fma(-0.1, delta);
        Vector3d r1 = new Vector3d(b).fma(0.1, delta), r2 = new Vector3d(b).fma(2, delta);
        ray(w, m, l1, new Vector3d(l2).sub(l1), MISS);            // -O---->-|--------|--------
        ray(w, m, l2, new Vector3d(i1).sub(l2), 0.5);             // ------O-|->------|--------
        ray(w, m, l2, new Vector3d(r1).sub(l2), 0.1 / 1.2);       // ------O-|--------|->------
        ray(w, m, i2, new Vector3d(r1).sub(i2), 0.0);             // --------|------O-|->------
        ray(w, m, r1, new Vector3d(r2).sub(l1), MISS);            // --------|--------|-O---->-
    }

    private static void ray(PhysicsWorld w, Matrix4d m, Vector3d origin, Vector3d segment, double expected) {
        Vector3d o = m.transformPosition(new Vector3d(origin));
        Vector3d d = m.transformDirection(new Vector3d(segment));
        QueryHit hit = new QueryHit();
        boolean found = w.rayCast(o, d, d.length(), hit);
        if (expected == MISS) {
            assertThat(found).as("ray %s + %s misses", origin, segment).isFalse();
        } else {
            assertThat(found).as("ray %s + %s hits", origin, segment).isTrue();
            // Jolt: 2.5e-5 through a physics system (single precision)
            assertThat(hit.fraction()).as("ray %s + %s", origin, segment).isCloseTo(expected, within(2.5e-5));
        }
    }

    @Test
    void testBoxShapeRay() {
        Shape box = new Box(2, 3, 4);
        rays(box, new Vector3d(-2, 0, 0), new Vector3d(2, 0, 0));
        rays(box, new Vector3d(0, -3, 0), new Vector3d(0, 3, 0));
        rays(box, new Vector3d(0, 0, -4), new Vector3d(0, 0, 4));
    }

    @Test
    void testSphereShapeRay() {
        Shape sphere = new Sphere(2);
        rays(sphere, new Vector3d(-2, 0, 0), new Vector3d(2, 0, 0));
        rays(sphere, new Vector3d(0, -2, 0), new Vector3d(0, 2, 0));
        rays(sphere, new Vector3d(0, 0, -2), new Vector3d(0, 0, 2));
    }

    @Test
    void testConvexHullShapeRay() {
        // a box hull off its centre (so its centre of mass is not its origin), as Jolt's test builds one
        Shape hull = QuickHull.of(-2, -4, -6, -2, -4, 7, -2, 3, -6, -2, 3, 7, 2, -4, -6, 2, -4, 7, 2, 3, -6, 2, 3, 7);
        rays(hull, new Vector3d(-2, 0, 0), new Vector3d(2, 0, 0));
        rays(hull, new Vector3d(0, -4, 0), new Vector3d(0, 3, 0));
        rays(hull, new Vector3d(0, 0, -6), new Vector3d(0, 0, 7));
    }

    @Test
    void testCapsuleShapeRay() {
        // Rubble's capsule lies along y: half height 4, radius 2
        Shape capsule = new Capsule(2, 4);
        rays(capsule, new Vector3d(-2, 0, 0), new Vector3d(2, 0, 0));
        rays(capsule, new Vector3d(0, -6, 0), new Vector3d(0, 6, 0));
        rays(capsule, new Vector3d(0, 0, -2), new Vector3d(0, 0, 2));
    }
}
