package dev.rubble.core.destruction;

import dev.rubble.core.command.CollisionProxies;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeType;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Collision proxies (issue 27 item 4): size buckets give small released pieces a box, sphere or
 * capsule while the body keeps the piece's own mass properties; debris-as-sphere; off by default.
 * Expected values are analytic (a box leaf of half extents (a, b, c) has mass ρ·8abc and
 * {@code Ixx = m (b² + c²) / 3}; an equal-volume sphere has radius {@code cbrt(3V / 4π)}).
 */
final class CollisionProxiesTest {

    /**
     * Three box leaves under one root, of half extents 0.5×0.25×0.25, 0.25×0.125×0.125 and
     * 0.125×0.0625×0.0625 (volumes 1/4, 1/32, 1/256 m³: relative sizes 1, 1/2, 1/4), not touching.
     */
    private static CollectionAsset threeSizes(double density) {
        int[] parent = {-1, 0, 0, 0};
        double[][] boxes = {
                {2, 0, 0, 3, 0.25, 0.25},
                {0, 0, 0, 0.5, 0.25, 0.25},
                {2, 0, 0, 0.25, 0.125, 0.125},
                {4, 0, 0, 0.125, 0.0625, 0.0625}};
        return TestAssets.build(density, parent, boxes, new int[0][], null);
    }

    /** A world without gravity, the three-size collection placed and crumbled (its leaves released in step 1), stepped once. */
    private static World released(CollisionProxies proxies, int debrisLevel) {
        World w = Scenes.world(0);
        int c = w.placeCollection(threeSizes(1000), CollectionPlacement.at(0, 5, 0).withOrientation(0, 0, 0.3826834323650898,
                0.9238795325112867).withVelocity(0.5, 0, 0, 0, 0.3, 0));
        w.destruction().setCollisionProxies(c, proxies);
        if (debrisLevel > 0) {
            w.destruction().setDebrisOptions(c, DebrisOptions.defaults().withOneWayInteractionLevel(debrisLevel));
        }
        w.queue(new Command.Crumble(c, 0));
        w.step();
        return w;
    }

    private static Shape shapeOf(World w, int node) {
        BodyStore b = w.bodies();
        return b.shape[b.slot(w.destruction().holderBody(0, node))];
    }

    @Test
    void aProxiedPieceKeepsExactlyItsMassProperties() {
        World hulls = released(CollisionProxies.none(), 0);
        for (CollisionProxies.Kind k : List.of(CollisionProxies.Kind.SPHERE, CollisionProxies.Kind.BOX,
                CollisionProxies.Kind.CAPSULE)) {
            World prox = released(CollisionProxies.all(k), 0);
            BodyStore a = hulls.bodies(), b = prox.bodies();
            for (int node = 1; node <= 3; node++) {
                int sa = a.slot(hulls.destruction().holderBody(0, node));
                int sb = b.slot(prox.destruction().holderBody(0, node));
                assertThat(b.shape[sb].type()).as(k + " node " + node).isNotEqualTo(ShapeType.CONVEX_HULL);
                assertThat(a.shape[sa].type()).as("no proxies: node " + node + "'s own hulls").isNotIn(ShapeType.SPHERE,
                        ShapeType.BOX, ShapeType.CAPSULE);
                // the same bits as the hull body: mass, inverse inertia, the mass frame, and (no contacts) the motion
                double[][] fa = {a.mass, a.invMass, a.invIx, a.invIy, a.invIz, a.iqx, a.iqy, a.iqz, a.iqw, a.px, a.py,
                        a.pz, a.qx, a.qy, a.qz, a.qw, a.vx, a.vy, a.vz, a.wx, a.wy, a.wz};
                double[][] fb = {b.mass, b.invMass, b.invIx, b.invIy, b.invIz, b.iqx, b.iqy, b.iqz, b.iqw, b.px, b.py,
                        b.pz, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy, b.wz};
                for (int f = 0; f < fa.length; f++) {
                    assertThat(fb[f][sb]).as(k + " node " + node + " field " + f).isEqualTo(fa[f][sa]);
                }
            }
            // and the analytic values of node 2 (0.25 × 0.125 × 0.125 half extents, 1 000 kg/m³)
            int s2 = b.slot(prox.destruction().holderBody(0, 2));
            double m = 1000 * 8 * 0.25 * 0.125 * 0.125;
            assertThat(b.mass[s2]).isCloseTo(m, within(1e-12));
            double[] inv = {b.invIx[s2], b.invIy[s2], b.invIz[s2]};
            java.util.Arrays.sort(inv);
            // principal moments m(b²+c²)/3: 2×0.125² (smallest: about x), 0.25²+0.125² twice
            assertThat(1 / inv[2]).isCloseTo(m * (2 * 0.125 * 0.125) / 3, within(1e-12));
            assertThat(1 / inv[0]).isCloseTo(m * (0.25 * 0.25 + 0.125 * 0.125) / 3, within(1e-12));
            assertThat(1 / inv[1]).isCloseTo(m * (0.25 * 0.25 + 0.125 * 0.125) / 3, within(1e-12));
        }
    }

    @Test
    void proxyShapesHaveThePiecesVolumeAndFitItsBox() {
        CollectionAsset a = threeSizes(1000);
        double v = 0.25; // node 1: 1 × 0.5 × 0.5
        Sphere s = (Sphere) CollisionProxies.shape(a, 1, CollisionProxies.Kind.SPHERE);
        assertThat(s.radius()).isCloseTo(Math.cbrt(3 * v / (4 * Math.PI)), within(1e-15));
        Box box = (Box) CollisionProxies.shape(a, 1, CollisionProxies.Kind.BOX);
        // a box leaf's bounding box is the leaf: scale 1
        assertThat(new double[] {box.halfX(), box.halfY(), box.halfZ()}).containsExactly(new double[] {0.5, 0.25, 0.25},
                within(1e-15));
        // capsule along x (the longest side): r0 = 0.25, h0 = 0.25, scaled to volume V
        Shape cs = CollisionProxies.shape(a, 1, CollisionProxies.Kind.CAPSULE);
        Compound cc = (Compound) cs;
        Capsule c = (Capsule) cc.child(0).shape();
        assertThat(c.volume()).isCloseTo(v, within(1e-15));
        assertThat(c.halfHeight() / c.radius()).isCloseTo(1.0, within(1e-12));
        // turned so its axis (local y) is the collection's x: bounds longest along x
        double[] bd = new double[6];
        cs.bounds(0, 0, 0, 0, 0, 0, 1, bd, 0);
        assertThat(bd[3] - bd[0]).isCloseTo(2 * (c.halfHeight() + c.radius()), within(1e-12));
        assertThat(bd[4] - bd[1]).isCloseTo(2 * c.radius(), within(1e-12));
        assertThat(bd[5] - bd[2]).isCloseTo(2 * c.radius(), within(1e-12));
        assertThat(CollisionProxies.shape(a, 1, CollisionProxies.Kind.HULL)).isNull();
    }

    @Test
    void bucketsChosenByRelativeSizeAsDocumented() {
        // relative sizes 1, 1/2, 1/4; first bucket (ascending maxSize) with size < maxSize
        CollisionProxies p = new CollisionProxies(List.of(
                new CollisionProxies.Bucket(0.75, CollisionProxies.Kind.BOX),
                new CollisionProxies.Bucket(0.3, CollisionProxies.Kind.SPHERE)), false);
        assertThat(p.buckets()).extracting(CollisionProxies.Bucket::maxSize).containsExactly(0.3, 0.75);
        World w = released(p, 0);
        assertThat(shapeOf(w, 1).type()).as("relative size 1: above every bucket").isEqualTo(ShapeType.COMPOUND);
        assertThat(shapeOf(w, 2)).as("relative size 1/2 < 0.75").isInstanceOf(Box.class);
        assertThat(shapeOf(w, 3)).as("relative size 1/4 < 0.3").isInstanceOf(Sphere.class);
        // the boundary is strict, as Chaos's FindIndexForVolume: size 0.5 is not below maxSize 0.5
        assertThat(new CollisionProxies(List.of(new CollisionProxies.Bucket(0.5, CollisionProxies.Kind.BOX)), false)
                .kindFor(0.5, false)).isEqualTo(CollisionProxies.Kind.HULL);
        assertThat(new CollisionProxies(List.of(new CollisionProxies.Bucket(0.5, CollisionProxies.Kind.BOX)), false)
                .kindFor(Math.nextDown(0.5), false)).isEqualTo(CollisionProxies.Kind.BOX);
        // debris-as-sphere wins over a bucket, only for debris
        CollisionProxies d = p.withDebrisAsSphere(true);
        assertThat(d.kindFor(0.5, true)).isEqualTo(CollisionProxies.Kind.SPHERE);
        assertThat(d.kindFor(0.5, false)).isEqualTo(CollisionProxies.Kind.BOX);
        assertThat(d.kindFor(2, true)).isEqualTo(CollisionProxies.Kind.SPHERE);
        assertThat(d.kindFor(2, false)).isEqualTo(CollisionProxies.Kind.HULL);
    }

    @Test
    void debrisAsSphereGivesOneWayDebrisSpheresAndNothingElse() {
        World w = released(CollisionProxies.none().withDebrisAsSphere(true), 1);
        for (int node = 1; node <= 3; node++) {
            assertThat(shapeOf(w, node)).as("debris leaf " + node).isInstanceOf(Sphere.class);
        }
        World notDebris = released(CollisionProxies.none().withDebrisAsSphere(true), 0);
        for (int node = 1; node <= 3; node++) {
            assertThat(shapeOf(notDebris, node).type()).as("not debris: hulls").isEqualTo(ShapeType.COMPOUND);
        }
    }

    @Test
    void offByDefaultAndAnUnchangedSettingLeavesTheStateHash() {
        World a = released(CollisionProxies.none(), 0);
        World plain = Scenes.world(0);
        int c = plain.placeCollection(threeSizes(1000), CollectionPlacement.at(0, 5, 0).withOrientation(0, 0,
                0.3826834323650898, 0.9238795325112867).withVelocity(0.5, 0, 0, 0, 0.3, 0));
        assertThat(plain.destruction().collisionProxies(c)).isEqualTo(CollisionProxies.none());
        plain.queue(new Command.Crumble(c, 0));
        plain.step();
        assertThat(a.stateHash()).isEqualTo(plain.stateHash());
        World on = released(CollisionProxies.all(CollisionProxies.Kind.SPHERE), 0);
        assertThat(on.stateHash()).as("a proxy setting is part of the state").isNotEqualTo(plain.stateHash());
    }

    @Test
    void aSphereProxiedPieceRestsOnTheFloorAtItsRadius() {
        World w = Scenes.world(9.81);
        Scenes.ground(w); // top face at y = 0
        // one box leaf 1 × 0.5 × 0.5 m, tilted 45° about z, dropped from 2 m
        int c = w.placeCollection(TestAssets.chain(1, 500), CollectionPlacement.at(0, 2, 0)
                .withOrientation(0, 0, 0.3826834323650898, 0.9238795325112867));
        w.destruction().setCollisionProxies(c, CollisionProxies.all(CollisionProxies.Kind.SPHERE));
        w.queue(new Command.Crumble(c, 0));
        Scenes.steps(w, 300);
        BodyStore b = w.bodies();
        int s = b.slot(w.destruction().holderBody(c, 1));
        double r = Math.cbrt(3 * 0.25 / (4 * Math.PI)); // V = 1 × 0.5 × 0.5 = 0.25 m³: r = 0.3908
        assertThat(b.shape[s]).isInstanceOf(Sphere.class);
        assertThat(b.py[s]).as("centre of mass at the radius above the floor").isCloseTo(r, within(0.005));
        assertThat(Math.hypot(b.vx[s], Math.hypot(b.vy[s], b.vz[s]))).isLessThan(1e-2);
        // the same piece with its hull rests on a face: its centre 0.25 m up (not the sphere's 0.391 m)
        World h = Scenes.world(9.81);
        Scenes.ground(h);
        int ch = h.placeCollection(TestAssets.chain(1, 500), CollectionPlacement.at(0, 2, 0)
                .withOrientation(0, 0, 0.3826834323650898, 0.9238795325112867));
        h.queue(new Command.Crumble(ch, 0));
        Scenes.steps(h, 300);
        int sh = h.bodies().slot(h.destruction().holderBody(ch, 1));
        assertThat(h.bodies().py[sh]).isCloseTo(0.25, within(0.01));
    }

    /**
     * A snapshot keeps the proxies (DEST's trailing PRXY block): a world saved before any release
     * and restored releases its pieces as the same proxies and continues bit for bit; a world
     * without proxies writes no block (its snapshot bytes do not change).
     */
    @Test
    void snapshotsKeepTheProxies() throws java.io.IOException {
        CollisionProxies p = new CollisionProxies(List.of(new CollisionProxies.Bucket(0.75, CollisionProxies.Kind.CAPSULE),
                new CollisionProxies.Bucket(0.3, CollisionProxies.Kind.SPHERE)), true);
        java.util.function.Supplier<World> make = () -> {
            World w = Scenes.world(9.81);
            Scenes.ground(w);
            int c = w.placeCollection(threeSizes(1000), CollectionPlacement.at(0, 2, 0));
            w.destruction().setCollisionProxies(c, p);
            w.queue(new Command.Crumble(c, 0));
            return w;
        };
        World live = make.get();
        byte[] saved = SnapshotOfCollectionsTest.save(live);
        World restored = SnapshotOfCollectionsTest.restore(saved);
        assertThat(restored.destruction().collisionProxies(0)).isEqualTo(p);
        for (int i = 0; i < 90; i++) {
            live.step();
            restored.step();
            assertThat(restored.stateHash()).as("step %d", i + 1).isEqualTo(live.stateHash());
        }
        assertThat(shapeOf(restored, 2)).isInstanceOf(Compound.class); // the capsule, turned
        assertThat(shapeOf(restored, 3)).isInstanceOf(Sphere.class);
        // without proxies: no PRXY block, and the world with none set saves the same bytes as one never told
        World none = Scenes.world(0);
        none.placeCollection(threeSizes(1000), CollectionPlacement.at(0, 2, 0));
        World told = Scenes.world(0);
        told.destruction();
        told.placeCollection(threeSizes(1000), CollectionPlacement.at(0, 2, 0));
        told.destruction().setCollisionProxies(0, CollisionProxies.none());
        assertThat(SnapshotOfCollectionsTest.save(told)).isEqualTo(SnapshotOfCollectionsTest.save(none));
        assertThat(new String(SnapshotOfCollectionsTest.save(none), java.nio.charset.StandardCharsets.ISO_8859_1))
                .doesNotContain("PRXY");
    }

    @Test
    void badBucketsNamedInTheMessage() {
        assertThatThrownBy(() -> new CollisionProxies.Bucket(0, CollisionProxies.Kind.BOX))
                .hasMessageContaining("maxSize = 0.0").hasMessageContaining("allowed: > 0");
        assertThatThrownBy(() -> new CollisionProxies.Bucket(Double.NaN, CollisionProxies.Kind.BOX))
                .hasMessageContaining("maxSize = NaN");
        assertThatThrownBy(() -> new CollisionProxies(List.of(new CollisionProxies.Bucket(1, CollisionProxies.Kind.BOX),
                new CollisionProxies.Bucket(1, CollisionProxies.Kind.SPHERE)), false)).hasMessageContaining("two buckets");
        assertThatThrownBy(() -> CollisionProxies.Kind.parse("shape", "cone"))
                .hasMessageContaining("shape = 'cone'; allowed: hull, box, sphere, capsule");
    }
}
