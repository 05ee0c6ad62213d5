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
}
