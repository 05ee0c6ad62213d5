package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * The scene queries against an independent reference: seeded random scenes of rotated spheres, boxes, capsules,
 * octahedral hulls and two-box compounds, and random rays, sphere casts and query points, each answered here
 * by closed-form geometry in the body's frame (a quadratic for spheres and capsules, slab and half-space
 * clipping for boxes and hulls, the distance to a box or a segment). What an outsider would check first: the
 * nearest body, the distance, the surface normal, and a miss where nothing is within reach.
 */
final class QueryBruteForceTest {
    private static final double EPS = 1e-9;

    /** A body as the reference sees it: kind, dimensions and its pose read back from the world. */
    private record Ref(BodyId id, int kind, double a, double b, double c, Vector3d p, Quaterniond q) {
        static final int SPHERE = 0, BOX = 1, CAPSULE = 2, OCTA = 3, PAIR = 4;

        Vector3d toLocal(Vector3d w) {
            Vector3d v = new Vector3d(w).sub(p);
            return new Quaterniond(q).conjugate().transform(v);
        }

        Vector3d dirToLocal(Vector3d d) {
            return new Quaterniond(q).conjugate().transform(new Vector3d(d));
        }

        Vector3d dirToWorld(Vector3d d) {
            return q.transform(new Vector3d(d));
        }
    }

    /** Entry of a local ray o + t d into the body (t ≥ 0; 0 when o is inside), and the local normal there; NaN on a miss. */
    private static double enter(Ref r, Vector3d o, Vector3d d, Vector3d normal) {
        switch (r.kind()) {
            case Ref.SPHERE:
                return sphere(o, d, 0, 0, 0, r.a(), normal);
            case Ref.BOX:
                return box(o, d, r.a(), r.b(), r.c(), 0, normal);
            case Ref.CAPSULE:
                return capsule(o, d, r.a(), r.b(), normal);
            case Ref.OCTA:
                return octa(o, d, r.a(), normal);
            default: { // two boxes a × b × c at x = ±c·2 (touching at x = 0 when a = c... not needed): children at ±off
                double off = r.a() * 1.5;
                Vector3d n1 = new Vector3d(), n2 = new Vector3d();
                double t1 = box(new Vector3d(o).sub(off, 0, 0), d, r.a(), r.b(), r.c(), 0, n1);
                double t2 = box(new Vector3d(o).add(off, 0, 0), d, r.a(), r.b(), r.c(), 0, n2);
                if (!(t2 < t1) && t1 == t1) {
                    normal.set(n1);
                    return t1;
                }
                normal.set(n2);
                return t2;
            }
        }
    }

    private static double sphere(Vector3d o, Vector3d d, double cx, double cy, double cz, double rad, Vector3d normal) {
        double ox = o.x - cx, oy = o.y - cy, oz = o.z - cz;
        double c = ox * ox + oy * oy + oz * oz - rad * rad;
        if (c <= 0) {
            normal.set(0, 0, 0);
            return 0;
        }
        double b = ox * d.x + oy * d.y + oz * d.z;
        double disc = b * b - c;
        if (disc < 0 || b > 0) {
            return Double.NaN;
        }
        double t = -b - Math.sqrt(disc);
        normal.set(ox + t * d.x, oy + t * d.y, oz + t * d.z).normalize();
        return t;
    }

    /** Box of half extents (hx, hy, hz) grown by {@code round} on every face (the slabs only, for the caller's use). */
    private static double box(Vector3d o, Vector3d d, double hx, double hy, double hz, double round, Vector3d normal) {
        double[] oo = {o.x, o.y, o.z}, dd = {d.x, d.y, d.z}, hh = {hx + round, hy + round, hz + round};
        double tIn = 0, tOut = Double.POSITIVE_INFINITY;
        int axis = -1;
        double sign = 0;
        for (int k = 0; k < 3; k++) {
            if (dd[k] == 0) {
                if (Math.abs(oo[k]) > hh[k]) {
                    return Double.NaN;
                }
                continue;
            }
            double t1 = (-hh[k] - oo[k]) / dd[k], t2 = (hh[k] - oo[k]) / dd[k];
            double s = -1;
            if (t1 > t2) {
                double x = t1;
                t1 = t2;
                t2 = x;
                s = 1;
            }
            if (t1 > tIn) {
                tIn = t1;
                axis = k;
                sign = s;
            }
            tOut = Math.min(tOut, t2);
        }
        if (tIn > tOut) {
            return Double.NaN;
        }
        normal.set(0, 0, 0);
        if (axis >= 0) {
            normal.setComponent(axis, sign);
        }
        return tIn;
    }

    private static double capsule(Vector3d o, Vector3d d, double rad, double hh, Vector3d normal) {
        // inside: distance to the segment y in [-hh, hh]
        double cy = Math.max(-hh, Math.min(hh, o.y));
        if (o.x * o.x + (o.y - cy) * (o.y - cy) + o.z * o.z <= rad * rad) {
            normal.set(0, 0, 0);
            return 0;
        }
        double best = Double.NaN;
        // the cylinder's side
        double a = d.x * d.x + d.z * d.z, b = o.x * d.x + o.z * d.z, c = o.x * o.x + o.z * o.z - rad * rad;
        if (a > 1e-300) {
            double disc = b * b - a * c;
            if (disc >= 0) {
                double t = (-b - Math.sqrt(disc)) / a;
                double y = o.y + t * d.y;
                if (t >= 0 && Math.abs(y) <= hh) {
                    best = t;
                    normal.set(o.x + t * d.x, 0, o.z + t * d.z).normalize();
                }
            }
        }
        Vector3d n = new Vector3d();
        for (double end : new double[] {-hh, hh}) {
            double t = sphere(o, d, 0, end, 0, rad, n);
            if (t == t && !(t >= best)) {
                best = t;
                normal.set(n);
            }
        }
        return best;
    }

    /** |x| + |y| + |z| ≤ a: eight half-spaces, clipped. */
    private static double octa(Vector3d o, Vector3d d, double a, Vector3d normal) {
        double tIn = 0, tOut = Double.POSITIVE_INFINITY;
        double[] best = null;
        for (int sx = -1; sx <= 1; sx += 2) {
            for (int sy = -1; sy <= 1; sy += 2) {
                for (int sz = -1; sz <= 1; sz += 2) {
                    double num = a - (sx * o.x + sy * o.y + sz * o.z);
                    double den = sx * d.x + sy * d.y + sz * d.z;
                    if (den == 0) {
                        if (num < 0) {
                            return Double.NaN;
                        }
                        continue;
                    }
                    double t = num / den;
                    if (den < 0) { // entering
                        if (t > tIn) {
                            tIn = t;
                            best = new double[] {sx, sy, sz};
                        }
                    } else {
                        tOut = Math.min(tOut, t);
                    }
                }
            }
        }
        if (tIn > tOut) {
            return Double.NaN;
        }
        if (best == null) {
            normal.set(0, 0, 0);
        } else {
            normal.set(best[0], best[1], best[2]).normalize();
        }
        return tIn;
    }

    /** Distance from a local point to the body's surface (0 inside). */
    private static double distance(Ref r, Vector3d p) {
        switch (r.kind()) {
            case Ref.SPHERE:
                return Math.max(p.length() - r.a(), 0);
            case Ref.BOX:
                return boxDistance(p, r.a(), r.b(), r.c());
            case Ref.CAPSULE: {
                double cy = Math.max(-r.b(), Math.min(r.b(), p.y));
                return Math.max(Math.sqrt(p.x * p.x + (p.y - cy) * (p.y - cy) + p.z * p.z) - r.a(), 0);
            }
            case Ref.PAIR: {
                double off = r.a() * 1.5;
                return Math.min(boxDistance(new Vector3d(p).sub(off, 0, 0), r.a(), r.b(), r.c()),
                        boxDistance(new Vector3d(p).add(off, 0, 0), r.a(), r.b(), r.c()));
            }
            default:
                return Double.NaN; // the octahedron: not asked
        }
    }

    private static double boxDistance(Vector3d p, double hx, double hy, double hz) {
        double dx = Math.max(Math.abs(p.x) - hx, 0), dy = Math.max(Math.abs(p.y) - hy, 0), dz = Math.max(Math.abs(p.z) - hz, 0);
        return Math.sqrt(dx * dx + dy * dy + dz * dz);
    }

    private static Shape shapeOf(int kind, double a, double b, double c) {
        switch (kind) {
            case Ref.SPHERE:
                return new Sphere(a);
            case Ref.BOX:
                return new Box(a, b, c);
            case Ref.CAPSULE:
                return new Capsule(a, b);
            case Ref.OCTA:
                return QuickHull.of(a, 0, 0, -a, 0, 0, 0, a, 0, 0, -a, 0, 0, 0, a, 0, 0, -a);
            default: {
                double off = a * 1.5;
                return new Compound(List.of(Compound.Child.at(new Box(a, b, c), off, 0, 0),
                        Compound.Child.at(new Box(a, b, c), -off, 0, 0)));
            }
        }
    }

    private static List<Ref> scene(PhysicsWorld w, Random rnd, int n, boolean octahedra) {
        return scene(w, rnd, n, octahedra, 0);
    }

    /**
     * {@code n} random bodies; with {@code steps} > 0 they are dynamic, sent off at up to 3 m/s and 3 rad/s
     * without gravity and stepped that many steps first (the queries must see where they went, not where they
     * were made), and the reference reads their poses after.
     */
    private static List<Ref> scene(PhysicsWorld w, Random rnd, int n, boolean octahedra, int steps) {
        List<BodyId> ids = new ArrayList<>();
        int[] kinds = new int[n];
        double[] dims = new double[3 * n];
        for (int i = 0; i < n; i++) {
            int kind = rnd.nextInt(octahedra ? 5 : 4);
            if (!octahedra && kind == Ref.OCTA) {
                kind = Ref.PAIR;
            }
            double a = 0.2 + rnd.nextDouble(), b = 0.2 + rnd.nextDouble(), c = 0.2 + rnd.nextDouble();
            Quaterniond q = new Quaterniond().rotateXYZ(rnd.nextDouble() * 7, rnd.nextDouble() * 7, rnd.nextDouble() * 7);
            Vector3d p = new Vector3d(rnd.nextDouble() * 16 - 8, rnd.nextDouble() * 16 - 8, rnd.nextDouble() * 16 - 8);
            BodySpec spec = steps == 0 ? BodySpec.fixed(shapeOf(kind, a, b, c))
                    : BodySpec.dynamic(shapeOf(kind, a, b, c)).withGravityScale(0)
                    .withLinearVelocity(new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()))
                    .withAngularVelocity(new Vector3d(rnd.nextGaussian(), rnd.nextGaussian(), rnd.nextGaussian()));
            ids.add(w.addBody(spec.withPosition(p).withOrientation(q)));
            kinds[i] = kind;
            dims[3 * i] = a;
            dims[3 * i + 1] = b;
            dims[3 * i + 2] = c;
        }
        for (int k = 0; k < steps; k++) {
            w.step();
        }
        List<Ref> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            BodyId id = ids.get(i);
            out.add(new Ref(id, kinds[i], dims[3 * i], dims[3 * i + 1], dims[3 * i + 2], w.position(id, new Vector3d()),
                    w.orientation(id, new Quaterniond())));
        }
        return out;
    }

    private static final class Expected {
        Ref body;
        double t = Double.POSITIVE_INFINITY;
        final Vector3d normal = new Vector3d();
    }

    /** The nearest entry along the world ray within maxT, by the reference; ties go to the first added. */
    private static Expected nearest(List<Ref> refs, Vector3d o, Vector3d d, double maxT, double inflate) {
        Expected e = new Expected();
        Vector3d n = new Vector3d();
        for (Ref r : refs) {
            Vector3d lo = r.toLocal(o), ld = r.dirToLocal(d);
            double t = inflate == 0 ? enter(r, lo, ld, n) : enterInflated(r, lo, ld, inflate, n);
            if (t == t && t <= maxT && t < e.t) {
                e.t = t;
                e.body = r;
                e.normal.set(r.dirToWorld(n));
            }
        }
        return e;
    }

    /** A sphere of radius {@code rad} swept along the local ray against a sphere or capsule body: the body grown by rad. */
    private static double enterInflated(Ref r, Vector3d o, Vector3d d, double rad, Vector3d normal) {
        if (r.kind() == Ref.SPHERE) {
            return sphere(o, d, 0, 0, 0, r.a() + rad, normal);
        }
        return capsule(o, d, r.a() + rad, r.b(), normal);
    }

    @Test
    void raysFindTheNearestBodyAtTheReferenceDistanceWithItsNormal() {
        int checked = 0, hits = 0;
        for (long seed = 1; seed <= 12; seed++) {
            Random rnd = new Random(seed);
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            // even seeds: fixed bodies; odd: dynamic ones that moved for 40 steps
            List<Ref> refs = scene(w, rnd, 24, true, seed % 2 == 0 ? 0 : 40);
            QueryHit hit = new QueryHit();
            for (int k = 0; k < 300; k++) {
                Vector3d o = new Vector3d(rnd.nextDouble() * 24 - 12, rnd.nextDouble() * 24 - 12, rnd.nextDouble() * 24 - 12);
                Ref aim = refs.get(rnd.nextInt(refs.size()));
                Vector3d target = new Vector3d(aim.p()).add(rnd.nextGaussian() * 0.6, rnd.nextGaussian() * 0.6,
                        rnd.nextGaussian() * 0.6);
                Vector3d d = new Vector3d(target).sub(o);
                if (d.length() < 1e-6) {
                    continue;
                }
                d.normalize();
                double maxT = rnd.nextDouble() * 30;
                Expected e = nearest(refs, o, d, maxT, 0);
                boolean got = w.rayCast(o, d, maxT, hit);
                String what = "seed " + seed + " ray " + k + " from " + o + " along " + d + " within " + maxT;
                checked++;
                if (e.body == null) {
                    // nothing within reach by the reference; a grazing hit within 1e-9 of a surface is allowed
                    if (got) {
                        Expected near = nearest(refs, o, d, maxT + 1e-6, 0);
                        assertThat(near.body).as(what + ": hit %s at %s where nothing is", hit.body(), hit.distance())
                                .isNotNull();
                    }
                    continue;
                }
                hits++;
                assertThat(got).as(what + ": missed the " + kindName(e.body.kind()) + " at " + e.t).isTrue();
                assertThat(hit.distance()).as(what).isCloseTo(e.t, org.assertj.core.api.Assertions.within(1e-7));
                if (!hit.body().equals(e.body.id())) {
                    // another body at the same distance (within rounding) is as right
                    Ref other = refs.stream().filter(r -> r.id().equals(hit.body())).findFirst().orElseThrow();
                    double t = enter(other, other.toLocal(o), other.dirToLocal(d), new Vector3d());
                    assertThat(t).as(what + ": hit " + kindName(other.kind()) + " instead of the nearer "
                            + kindName(e.body.kind())).isCloseTo(e.t, org.assertj.core.api.Assertions.within(1e-7));
                    continue;
                }
                if (e.t > 1e-6 && e.normal.lengthSquared() > 0.5 && !onEdge(e, refs, o, d)) {
                    Vector3d n = new Vector3d(hit.normal(new Vector3d()));
                    assertThat(n.distance(e.normal)).as(what + ": normal of the " + kindName(e.body.kind()) + " " + n
                            + ", expected " + e.normal).isLessThan(1e-6);
                }
                Vector3d point = new Vector3d(o).fma(e.t, d);
                assertThat(hit.point(new Vector3d()).distance(point)).as(what + ": point").isLessThan(1e-6);
            }
        }
        assertThat(hits).as("rays that hit, of %d", checked).isGreaterThan(checked / 4);
    }

    /** Whether the reference entry lies on an edge or corner (within 1e-7), where the normal is not one face's. */
    private static boolean onEdge(Expected e, List<Ref> refs, Vector3d o, Vector3d d) {
        Ref r = e.body;
        if (r.kind() == Ref.SPHERE || r.kind() == Ref.CAPSULE) {
            return false;
        }
        // perturb the ray sideways: an entry on one face keeps its normal
        Vector3d n = new Vector3d();
        Vector3d side = new Vector3d(d).orthogonalize(new Vector3d(0.3, 0.7, 0.1).normalize()).normalize();
        Vector3d side2 = new Vector3d(d).cross(side).normalize();
        for (Vector3d s : new Vector3d[] {side, side2, new Vector3d(side).negate(), new Vector3d(side2).negate()}) {
            Vector3d oo = new Vector3d(o).fma(1e-6, s);
            double t = enter(r, r.toLocal(oo), r.dirToLocal(d), n);
            if (t != t || r.dirToWorld(n).distance(e.normal) > 1e-9) {
                return true;
            }
        }
        return false;
    }

    private static String kindName(int kind) {
        return new String[] {"sphere", "box", "capsule", "octahedron", "box pair"}[kind];
    }

    @Test
    void aRayStartingInsideABodyHitsItAtDistanceZero() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        Random rnd = new Random(7);
        List<Ref> refs = scene(w, rnd, 1, true);
        QueryHit hit = new QueryHit();
        for (int kind = 0; kind < 5; kind++) {
            PhysicsWorld one = Rubble.newWorld(WorldConfig.defaults());
            Quaterniond q = new Quaterniond().rotateXYZ(0.3, 1.1, -0.4);
            BodyId id = one.addBody(BodySpec.fixed(shapeOf(kind, 0.5, 0.6, 0.7)).withPosition(new Vector3d(1, 2, 3))
                    .withOrientation(q));
            Vector3d inside = kind == Ref.PAIR ? new Vector3d(0.75, 0, 0) : new Vector3d(0.05, -0.05, 0.02);
            Vector3d o = q.transform(inside).add(1, 2, 3);
            assertThat(one.rayCast(o, new Vector3d(0.2, 1, -0.3), 10, hit)).as(kindName(kind)).isTrue();
            assertThat(hit.body()).isEqualTo(id);
            assertThat(hit.distance()).as(kindName(kind)).isZero();
        }
        assertThat(refs).hasSize(1);
    }

    @Test
    void sphereCastsStopWhereTheGrownShapeIsEntered() {
        int hits = 0;
        for (long seed = 1; seed <= 8; seed++) {
            Random rnd = new Random(100 + seed);
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            // spheres and capsules only: a sphere swept against them is a ray against them grown by its radius
            List<Ref> refs = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                int kind = rnd.nextBoolean() ? Ref.SPHERE : Ref.CAPSULE;
                double a = 0.2 + rnd.nextDouble(), b = 0.2 + rnd.nextDouble();
                Quaterniond q = new Quaterniond().rotateXYZ(rnd.nextDouble() * 7, rnd.nextDouble() * 7, rnd.nextDouble() * 7);
                Vector3d p = new Vector3d(rnd.nextDouble() * 16 - 8, rnd.nextDouble() * 16 - 8, rnd.nextDouble() * 16 - 8);
                BodyId id = w.addBody(BodySpec.fixed(shapeOf(kind, a, b, 0)).withPosition(p).withOrientation(q));
                refs.add(new Ref(id, kind, a, b, 0, w.position(id, new Vector3d()), w.orientation(id, new Quaterniond())));
            }
            QueryHit hit = new QueryHit();
            for (int k = 0; k < 200; k++) {
                double rad = 0.05 + rnd.nextDouble() * 0.5;
                Vector3d o = new Vector3d(rnd.nextDouble() * 24 - 12, rnd.nextDouble() * 24 - 12, rnd.nextDouble() * 24 - 12);
                Ref aim = refs.get(rnd.nextInt(refs.size()));
                Vector3d d = new Vector3d(aim.p()).add(rnd.nextGaussian() * 0.6, rnd.nextGaussian() * 0.6,
                        rnd.nextGaussian() * 0.6).sub(o);
                double len = d.length() * (0.5 + rnd.nextDouble());
                d.normalize();
                Expected e = nearest(refs, o, d, len, rad);
                if (e.t == 0) {
                    continue; // starts overlapping: covered elsewhere
                }
                boolean got = w.shapeCast(new Sphere(rad), o, new Quaterniond(), new Vector3d(d).mul(len), hit);
                String what = "seed " + seed + " cast " + k + " r " + rad + " from " + o + " along " + d + " by " + len;
                if (e.body == null) {
                    if (got) {
                        Expected near = nearest(refs, o, d, len + 1e-5, rad);
                        assertThat(near.body).as(what + ": touched %s at %s where nothing is", hit.body(), hit.distance())
                                .isNotNull();
                    }
                    continue;
                }
                hits++;
                assertThat(got).as(what + ": missed the " + kindName(e.body.kind()) + " at " + e.t).isTrue();
                // the sweep stops within its touching tolerance before the exact contact
                assertThat(hit.distance()).as(what).isBetween(e.t - 1e-5, e.t + 1e-9);
                assertThat(hit.body()).as(what).isEqualTo(e.body.id());
                Vector3d n = hit.normal(new Vector3d());
                assertThat(n.distance(e.normal)).as(what + ": normal " + n + ", expected " + e.normal).isLessThan(1e-3);
            }
        }
        assertThat(hits).isGreaterThan(200);
    }

    @Test
    void closestPointsAreAtTheReferenceDistance() {
        int found = 0;
        for (long seed = 1; seed <= 8; seed++) {
            Random rnd = new Random(200 + seed);
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            List<Ref> refs = scene(w, rnd, 20, false, seed % 2 == 0 ? 0 : 40);
            QueryHit hit = new QueryHit();
            for (int k = 0; k < 200; k++) {
                Vector3d p = new Vector3d(rnd.nextDouble() * 20 - 10, rnd.nextDouble() * 20 - 10, rnd.nextDouble() * 20 - 10);
                double maxD = rnd.nextDouble() * 4;
                double best = Double.POSITIVE_INFINITY;
                for (Ref r : refs) {
                    best = Math.min(best, distance(r, r.toLocal(p)));
                }
                boolean got = w.closestPoint(p, maxD, hit);
                String what = "seed " + seed + " point " + k + " " + p + " within " + maxD;
                if (best > maxD + 1e-9) {
                    assertThat(got).as(what + ": nearest body at " + best).isFalse();
                    continue;
                }
                if (best < maxD - 1e-9) {
                    found++;
                    assertThat(got).as(what + ": nearest body at " + best).isTrue();
                    assertThat(hit.distance()).as(what).isCloseTo(best, org.assertj.core.api.Assertions.within(1e-7));
                    if (best > 0) {
                        assertThat(hit.point(new Vector3d()).distance(p)).as(what + ": point").isCloseTo(best,
                                org.assertj.core.api.Assertions.within(1e-7));
                    }
                }
            }
        }
        assertThat(found).isGreaterThan(300);
    }

    @Test
    void sphereOverlapsListExactlyTheBodiesNearerThanItsRadius() {
        int listed = 0;
        for (long seed = 1; seed <= 8; seed++) {
            Random rnd = new Random(300 + seed);
            PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
            List<Ref> refs = scene(w, rnd, 20, false, seed % 2 == 0 ? 0 : 40);
            List<BodyId> got = new ArrayList<>();
            for (int k = 0; k < 200; k++) {
                Vector3d p = new Vector3d(rnd.nextDouble() * 20 - 10, rnd.nextDouble() * 20 - 10, rnd.nextDouble() * 20 - 10);
                double rad = 0.05 + rnd.nextDouble() * 2;
                w.overlap(new Sphere(rad), p, new Quaterniond(), got);
                String what = "seed " + seed + " sphere " + k + " r " + rad + " at " + p;
                for (Ref r : refs) {
                    double dist = distance(r, r.toLocal(p));
                    if (Math.abs(dist - rad) < 1e-6) {
                        continue; // touching within rounding: either answer
                    }
                    assertThat(got.contains(r.id())).as(what + ": " + kindName(r.kind()) + " " + r.id() + " at " + dist)
                            .isEqualTo(dist < rad);
                    if (dist < rad) {
                        listed++;
                    }
                }
            }
        }
        assertThat(listed).isGreaterThan(150); // 199 listed with these seeds
    }
}
