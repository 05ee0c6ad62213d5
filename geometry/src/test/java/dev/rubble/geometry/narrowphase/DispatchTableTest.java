package dev.rubble.geometry.narrowphase;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.Narrowphase;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

final class DispatchTableTest {

    /** Records what it receives; reports a fixed contact in its own (A, B) order. */
    private static final class FakeCollider implements PairCollider {
        final List<ShapeType> calls = new ArrayList<>();

        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
            calls.add(a.type());
            calls.add(b.type());
            sink.beginManifold(0, 0, 1, 7);
            sink.addPoint(1, 2, 3, -0.25, 42); // on A; B's witness is (1, 2, 2.75)
        }
    }

    private static final class Sink implements ContactSink {
        final List<double[]> got = new ArrayList<>();

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            got.add(new double[] {nx, ny, nz, subKey});
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            got.add(new double[] {ax, ay, az, separation, featureId});
        }
    }

    @Test
    void aPairRegisteredOneWayServesTheSwappedOrderWithFlippedNormalAndTheOtherWitness() {
        DispatchTable t = new DispatchTable();
        FakeCollider fake = new FakeCollider();
        t.register(ShapeType.SPHERE, ShapeType.BOX, fake);
        Pose p = new Pose();
        Sink sink = new Sink();
        t.collide(new Box(1, 1, 1), p, new Sphere(1), p, 0, sink);
        assertThat(fake.calls).containsExactly(ShapeType.SPHERE, ShapeType.BOX);
        double[] m = sink.got.get(0);
        assertThat(m[0] + 0.0).isEqualTo(0.0); // -0.0 after the flip
        assertThat(m[1] + 0.0).isEqualTo(0.0);
        assertThat(m[2]).isEqualTo(-1);
        assertThat(m[3]).isEqualTo(7);
        // the box (our A) witness is the callee's B witness: (1, 2, 3) + (-0.25) * (0, 0, 1)
        assertThat(sink.got.get(1)[0]).isEqualTo(1);
        assertThat(sink.got.get(1)[2]).isCloseTo(2.75, within(1e-15));
        assertThat(sink.got.get(1)[3]).isEqualTo(-0.25);
        // a direct registration wins over the swapped one
        FakeCollider direct = new FakeCollider();
        t.register(ShapeType.BOX, ShapeType.SPHERE, direct);
        t.collide(new Box(1, 1, 1), p, new Sphere(1), p, 0, new Sink());
        assertThat(direct.calls).containsExactly(ShapeType.BOX, ShapeType.SPHERE);
        assertThat(t.collider(ShapeType.BOX, ShapeType.SPHERE)).isSameAs(direct);
        // unregistered pairs produce nothing
        Sink none = new Sink();
        t.collide(new Box(1, 1, 1), p, new Box(1, 1, 1), p, 0, none);
        assertThat(none.got).isEmpty();
    }

    @Test
    void compoundChildrenAreDispatchedWithTheirPosesAndKeyedByChild() {
        DispatchTable t = new DispatchTable();
        List<double[]> childPositions = new ArrayList<>();
        t.register(ShapeType.SPHERE, ShapeType.SPHERE, (a, pa, b, pb, margin, sink) -> {
            childPositions.add(new double[] {pa.px, pa.py, pa.pz, pb.px});
            sink.beginManifold(1, 0, 0, 0);
            sink.addPoint(0, 0, 0, 0, 0);
        });
        double s = Math.sqrt(0.5);
        Compound c = new Compound(List.of(Compound.Child.at(new Sphere(0.5), 1, 0, 0), Compound.Child.at(new Sphere(0.5), 10, 0, 0)));
        Pose pc = new Pose().set(0, 5, 0, 0, 0, s, s); // rotated 90 degrees about z: child x -> world y
        Pose ps = new Pose().set(0, 6, 0, 0, 0, 0, 1);
        Sink sink = new Sink();
        t.collide(c, pc, new Sphere(0.5), ps, 0.1, sink);
        assertThat(childPositions).hasSize(1); // only the near child's bounds overlap the other sphere's
        assertThat(childPositions.get(0)[0]).isCloseTo(0, within(1e-12));
        assertThat(childPositions.get(0)[1]).isCloseTo(6, within(1e-12));
        assertThat((long) sink.got.get(0)[3]).isEqualTo(1L << 48);
        // the other order keys the compound as B
        sink.got.clear();
        t.collide(new Sphere(0.5), ps, c, pc, 0.1, sink);
        assertThat((long) sink.got.get(0)[3]).isEqualTo(1L << 32);
    }

    /** Records manifolds as text, one per sub-key, with every double's exact bits. */
    private static final class KeyedSink implements ContactSink {
        final java.util.TreeMap<Long, StringBuilder> byKey = new java.util.TreeMap<>();
        final List<Long> order = new ArrayList<>();
        long extra;
        StringBuilder current;

        @Override
        public void beginManifold(double nx, double ny, double nz, long subKey) {
            long key = subKey + extra;
            current = new StringBuilder().append(bits(nx, ny, nz));
            assertThat(byKey.put(key, current)).as("sub-key %x reported twice", key).isNull();
            order.add(key);
        }

        @Override
        public void addPoint(double ax, double ay, double az, double separation, long featureId) {
            current.append('|').append(bits(ax, ay, az, separation)).append(':').append(featureId);
        }

        java.util.TreeMap<Long, String> text() {
            java.util.TreeMap<Long, String> t = new java.util.TreeMap<>();
            byKey.forEach((k, v) -> t.put(k, v.toString()));
            return t;
        }

        private static String bits(double... v) {
            StringBuilder b = new StringBuilder();
            for (double d : v) {
                b.append(Long.toHexString(Double.doubleToRawLongBits(d))).append(',');
            }
            return b.toString();
        }
    }

    private static Compound chunk(java.util.SplittableRandom rnd, int children) {
        List<Compound.Child> list = new ArrayList<>();
        for (int i = 0; i < children; i++) {
            double[] pts = new double[3 * 12];
            for (int k = 0; k < pts.length; k++) {
                pts[k] = rnd.nextDouble(-0.15, 0.15);
            }
            double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
            list.add(new Compound.Child(dev.rubble.geometry.hull.QuickHull.of(pts),
                    rnd.nextDouble(-0.5, 0.5), rnd.nextDouble(-0.3, 0.3), rnd.nextDouble(-0.2, 0.2), qx, qy, qz, qw));
        }
        return new Compound(list);
    }

    /** Sets {@code into} to child {@code c}'s pose under a compound at {@code parent}; returns it. */
    private static Pose childPose(Pose into, Pose parent, Compound.Child c) {
        return into.setComposed(parent, c.x(), c.y(), c.z(), c.qx(), c.qy(), c.qz(), c.qw());
    }

    private static Pose randomPose(java.util.SplittableRandom rnd, double spread) {
        double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
        double n = Math.sqrt(qx * qx + qy * qy + qz * qz + qw * qw);
        return new Pose().set(rnd.nextDouble(-spread, spread), rnd.nextDouble(-spread, spread),
                rnd.nextDouble(-spread, spread), qx / n, qy / n, qz / n, qw / n);
    }

    /**
     * Chunk against chunk (compound against compound, the shattered wall's debris) gives, bit for bit, the
     * manifolds of colliding every child of one with every child of the other: the filters on the way
     * (the other compound's box in this one's frame, each child's box in the other's) may only skip child
     * pairs farther apart than the margin, and the child pairs' separating-axis hints (kept from the call
     * before) only save work. A box too tight by one child drops that child's manifold here.
     */
    @Test
    void chunkAgainstChunkGivesTheContactsOfEveryChildPairBitForBit() {
        DispatchTable t = DispatchTable.gjk();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(27);
        double margin = 0.02;
        int contacts = 0, skippedPairs = 0;
        for (int round = 0; round < 60; round++) {
            Compound a = chunk(rnd, 4 + rnd.nextInt(24)), b = chunk(rnd, 4 + rnd.nextInt(24));
            Pose pa = randomPose(rnd, 0.4), pb = randomPose(rnd, 0.4);
            // the child pairs' separating-axis hints from a first call a little apart (as in the step
            // before), then the call compared; the hints may only save work
            Pose earlier = new Pose().set(pb.px + 0.03, pb.py - 0.02, pb.pz + 0.01, pb.qx, pb.qy, pb.qz, pb.qw);
            t.collide(a, pa, b, earlier, margin, new KeyedSink());
            KeyedSink got = new KeyedSink();
            t.collide(a, pa, b, pb, margin, got);
            KeyedSink again = new KeyedSink();
            t.collide(a, pa, b, pb, margin, again);
            assertThat(again.text()).as("round %d, hinted by the same pose", round).isEqualTo(got.text());
            KeyedSink want = new KeyedSink();
            Pose ca = new Pose(), cb = new Pose();
            for (int i = 0; i < a.childCount(); i++) {
                Compound.Child x = a.child(i);
                childPose(ca, pa, x);
                for (int j = 0; j < b.childCount(); j++) {
                    Compound.Child y = b.child(j);
                    childPose(cb, pb, y);
                    want.extra = ((long) (i + 1) << 48) + ((long) (j + 1) << 32);
                    int before = want.byKey.size();
                    t.collide(x.shape(), ca, y.shape(), cb, margin, want);
                    if (want.byKey.size() == before) {
                        skippedPairs++;
                    }
                }
            }
            assertThat(got.text()).as("round %d", round).containsExactlyEntriesOf(want.text());
            // and the compound's own order: the first child's manifolds first, its partners in tree order
            List<Long> firstChildren = new ArrayList<>();
            for (long k : got.order) {
                long child = k >>> 48;
                if (firstChildren.isEmpty() || firstChildren.get(firstChildren.size() - 1) != child) {
                    firstChildren.add(child);
                }
            }
            assertThat(firstChildren).as("round %d: each child of A reported in one run", round).doesNotHaveDuplicates();
            contacts += got.byKey.size();
        }
        // the scenes test both sides of the filters: many manifolds, and many child pairs without one
        assertThat(contacts).isGreaterThan(300);
        assertThat(skippedPairs).isGreaterThan(3000);
    }

    /**
     * A compound of one child (a released piece: its own hull about its centre of mass) skips the bounds
     * filter and goes straight to its child: against another one-child compound, against a many-child
     * chunk and against a bare hull, in both orders, the manifolds are bit for bit those of colliding the
     * child itself at its composed pose with the compound's sub-key, and a pair farther apart than the
     * margin gives none. Composing the child's pose wrongly, or keying it as another child, fails this.
     */
    @Test
    void aOneChildCompoundGivesItsChildsContactsBitForBit() {
        DispatchTable t = DispatchTable.gjk();
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(2703);
        double margin = 0.02;
        int withContact = 0, without = 0;
        for (int round = 0; round < 300; round++) {
            Compound a = chunk(rnd, 1);
            int kind = round % 3;
            Shape b = kind == 0 ? chunk(rnd, 1) : kind == 1 ? chunk(rnd, 2 + rnd.nextInt(12))
                    : chunk(rnd, 1).child(0).shape();
            Pose pa = randomPose(rnd, 0.25), pb = randomPose(rnd, 0.25);
            boolean swap = rnd.nextBoolean();
            KeyedSink got = new KeyedSink();
            if (swap) {
                t.collide(b, pb, a, pa, margin, got);
            } else {
                t.collide(a, pa, b, pb, margin, got);
            }
            // the reference: a's child at its composed pose, against b's children (or b itself)
            KeyedSink want = new KeyedSink();
            Compound.Child x = a.child(0);
            Pose ca = childPose(new Pose(), pa, x);
            int n = b instanceof Compound cb ? cb.childCount() : 1;
            for (int j = 0; j < n; j++) {
                Shape y = b;
                Pose py = pb;
                long keyB = 0;
                if (b instanceof Compound cb) {
                    Compound.Child c = cb.child(j);
                    y = c.shape();
                    py = childPose(new Pose(), pb, c);
                    keyB = j + 1;
                }
                if (swap) {
                    want.extra = (keyB << 48) + (1L << 32);
                    t.collide(y, py, x.shape(), ca, margin, want);
                } else {
                    want.extra = (1L << 48) + (keyB << 32);
                    t.collide(x.shape(), ca, y, py, margin, want);
                }
            }
            assertThat(got.text()).as("round %d (kind %d, swapped %b)", round, kind, swap)
                    .containsExactlyEntriesOf(want.text());
            if (got.byKey.isEmpty()) {
                without++;
            } else {
                withContact++;
            }
        }
        assertThat(withContact).isGreaterThan(40);
        assertThat(without).isGreaterThan(40);
    }

    /** Passes each call on to the GJK collider after recording the hint it was given, turned into world. */
    private static final class HintSpy implements PairCollider {
        final PairCollider gjk = new dev.rubble.geometry.gjk.ConvexCollider();
        final java.util.IdentityHashMap<Shape, Long> keyOf;
        /** Per child pair's sub-key: the hint's last double and its direction in world, as given. */
        final java.util.TreeMap<Long, double[]> given = new java.util.TreeMap<>();

        HintSpy(java.util.IdentityHashMap<Shape, Long> keyOf) {
            this.keyOf = keyOf;
        }

        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink) {
            gjk.collide(a, pa, b, pb, margin, sink);
        }

        @Override
        public void collide(Shape a, Pose pa, Shape b, Pose pb, double margin, ContactSink sink, double[] hint, int o) {
            double[] w = new double[4];
            pa.rotate(hint[o], hint[o + 1], hint[o + 2], w, 0);
            w[3] = hint[o + 3];
            given.put(keyOf.get(a) + keyOf.get(b), w);
            gjk.collide(a, pa, b, pb, margin, sink, hint, o);
        }
    }

    /**
     * Issue 27 item 3: with the body pair's manifolds of last time, each child pair that had one starts
     * GJK from its own normal, turned into the frame of the shape its cell takes first (B to A when the
     * cell is swapped), and no other child pair gets a warm start, not even one left in its slot from a
     * call before; and the contacts are those of a cold table, to rounding.
     */
    @Test
    void childPairsWarmStartFromTheirOwnManifoldOfLastTimeOnly() {
        java.util.SplittableRandom rnd = new java.util.SplittableRandom(32);
        double margin = 0.02;
        int warmed = 0, cold = 0, swappedWarm = 0;
        for (int round = 0; round < 40; round++) {
            Compound a = chunk(rnd, 4 + rnd.nextInt(20));
            // B: hulls (the direct hull-hull cell) or boxes (hull against box meets the box-hull cell swapped)
            boolean boxes = round % 2 == 1;
            Compound b;
            if (boxes) {
                List<Compound.Child> list = new ArrayList<>();
                for (int i = 0, n = 4 + rnd.nextInt(20); i < n; i++) {
                    double qx = rnd.nextDouble(-1, 1), qy = rnd.nextDouble(-1, 1), qz = rnd.nextDouble(-1, 1), qw = rnd.nextDouble(-1, 1);
                    list.add(new Compound.Child(new Box(rnd.nextDouble(0.05, 0.15), rnd.nextDouble(0.05, 0.15), rnd.nextDouble(0.05, 0.15)),
                            rnd.nextDouble(-0.5, 0.5), rnd.nextDouble(-0.3, 0.3), rnd.nextDouble(-0.2, 0.2), qx, qy, qz, qw));
                }
                b = new Compound(list);
            } else {
                b = chunk(rnd, 4 + rnd.nextInt(20));
            }
            java.util.IdentityHashMap<Shape, Long> keyOf = new java.util.IdentityHashMap<>();
            for (int i = 0; i < a.childCount(); i++) {
                keyOf.put(a.child(i).shape(), (long) (i + 1) << 48);
            }
            for (int j = 0; j < b.childCount(); j++) {
                keyOf.put(b.child(j).shape(), (long) (j + 1) << 32);
            }
            DispatchTable t = DispatchTable.gjk();
            HintSpy spy = new HintSpy(keyOf);
            t.register(ShapeType.CONVEX_HULL, ShapeType.CONVEX_HULL, spy);
            t.register(ShapeType.BOX, ShapeType.CONVEX_HULL, spy);
            Pose pa = randomPose(rnd, 0.4), pb = randomPose(rnd, 0.4);
            Pose earlier = new Pose().set(pb.px + 0.01, pb.py - 0.01, pb.pz + 0.005, pb.qx, pb.qy, pb.qz, pb.qw);
            double[] hint = new double[4];
            // last time: the manifolds the kernel would cache, normals in A's frame
            KeyedSink first = new KeyedSink();
            List<double[]> normals = new ArrayList<>();
            ContactSink keep = new ContactSink() {
                @Override
                public void beginManifold(double nx, double ny, double nz, long subKey) {
                    normals.add(new double[] {nx, ny, nz, subKey});
                    first.beginManifold(nx, ny, nz, subKey);
                }

                @Override
                public void addPoint(double ax, double ay, double az, double separation, long featureId) {
                    first.addPoint(ax, ay, az, separation, featureId);
                }
            };
            t.collide(a, pa, b, earlier, margin, keep, hint, 0, new dev.rubble.spi.narrowphase.LastManifolds());
            long[] keys = new long[normals.size() + 2];
            double[] local = new double[3 * keys.length];
            keys[0] = -5; // entries of other pairs around the pair's own
            java.util.Map<Long, double[]> worldNormal = new java.util.HashMap<>();
            for (int m = 0; m < normals.size(); m++) {
                double[] n = normals.get(m);
                keys[m + 1] = (long) n[3];
                pa.inverseRotate(n[0], n[1], n[2], local, 3 * (m + 1));
                worldNormal.put((long) n[3], n);
            }
            keys[keys.length - 1] = keys.length > 2 ? keys[1] : 0; // another pair's entry with a sub-key of this one
            local[3 * (keys.length - 1)] = 0.6;
            local[3 * (keys.length - 1) + 1] = 0.8;
            dev.rubble.spi.narrowphase.LastManifolds last = new dev.rubble.spi.narrowphase.LastManifolds();
            last.set(keys, local, 1, normals.size());
            spy.given.clear();
            KeyedSink got = new KeyedSink();
            t.collide(a, pa, b, pb, margin, got, hint, 0, last);
            for (var e : spy.given.entrySet()) {
                double[] n = worldNormal.get(e.getKey());
                double[] w = e.getValue();
                if (n == null) {
                    assertThat(w[3]).as("round %d, child pair %x: no manifold last time, no warm start", round, e.getKey())
                            .isGreaterThanOrEqualTo(0);
                    cold++;
                    continue;
                }
                assertThat(w[3]).as("round %d, child pair %x", round, e.getKey()).isEqualTo(PairCollider.WARM_START);
                // the direct cell takes A's child first (A to B); the swapped box-hull cell takes B's box first (B to A)
                double s = boxes ? -1 : 1;
                assertThat(w[0]).isCloseTo(s * n[0], within(1e-12));
                assertThat(w[1]).isCloseTo(s * n[1], within(1e-12));
                assertThat(w[2]).isCloseTo(s * n[2], within(1e-12));
                warmed++;
                if (boxes) {
                    swappedWarm++;
                }
            }
            // the same contacts as a cold table's, to rounding
            KeyedSink want = new KeyedSink();
            DispatchTable.gjk().collide(a, pa, b, pb, margin, want);
            assertThat(got.byKey.keySet()).as("round %d", round).isEqualTo(want.byKey.keySet());
            // and without manifolds no child pair is warm-started, though the slots were just given some
            spy.given.clear();
            t.collide(a, pa, b, pb, margin, new KeyedSink(), hint, 0, new dev.rubble.spi.narrowphase.LastManifolds());
            for (var e : spy.given.entrySet()) {
                assertThat(e.getValue()[3]).as("round %d, child pair %x without manifolds", round, e.getKey())
                        .isGreaterThanOrEqualTo(0);
            }
        }
        assertThat(warmed).isGreaterThan(100);
        assertThat(swappedWarm).isGreaterThan(30);
        assertThat(cold).isGreaterThan(100);
    }
}
