package dev.rubble.authoring;

import dev.rubble.geometry.polytope.PolytopeClipper;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.geom.ConvexPolytope;
import org.junit.jupiter.api.Test;

final class ProximityTest {
    private static ConvexPolytope[] one(ConvexPolytope p) {
        return new ConvexPolytope[] {p};
    }

    @Test
    void partiallyOverlappingFacesGiveTheOverlapRectangle() {
        ConvexPolytope a = ConvexPolytope.box(0, 0, 0, 0.5, 0.5, 0.5);
        ConvexPolytope b = ConvexPolytope.box(0.5, 0.25, 1, 0.5, 0.5, 0.5); // on top, shifted in x and y
        Proximity.Contacts c = Proximity.compute(new ConvexPolytope[][] {one(a), one(b)});
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.area()[0]).isCloseTo(0.5 * 0.75, within(1e-12));
        // symmetric: the same area in the other order
        Proximity.Contacts r = Proximity.compute(new ConvexPolytope[][] {one(b), one(a)});
        assertThat(r.area()[0]).isCloseTo(c.area()[0], within(1e-15));
    }

    @Test
    void aDiamondOnASquareOverlapsInARegularOctagon() {
        ConvexPolytope square = ConvexPolytope.box(0, 0, 0, 0.5, 0.5, 0.5);
        // |x| + |y| <= 1/sqrt(2): a unit square turned by 45 degrees, sitting on top of the cube
        double s = Math.sqrt(0.5);
        ConvexPolytope diamond = ConvexPolytope.box(0, 0, 1, 2, 2, 0.5);
        diamond = PolytopeClipper.clip(PolytopeClipper.clip(PolytopeClipper.clip(PolytopeClipper.clip(diamond, 1, 1, 0, s, 0), -1, 1, 0, s, 0), 1, -1, 0, s, 0), -1, -1, 0, s, 0);
        assertThat(diamond.volume()).isCloseTo(1, within(1e-12));
        Proximity.Contacts c = Proximity.compute(new ConvexPolytope[][] {one(square), one(diamond)});
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.area()[0]).isCloseTo(2 * (Math.sqrt(2) - 1), within(1e-12));
    }

    @Test
    void gapsEdgeTouchesAndSameFacingFacesAreNotContacts() {
        ConvexPolytope a = ConvexPolytope.box(0, 0, 0, 0.5, 0.5, 0.5);
        ConvexPolytope gap = ConvexPolytope.box(1.001, 0, 0, 0.5, 0.5, 0.5);
        ConvexPolytope edge = ConvexPolytope.box(1, 1, 0, 0.5, 0.5, 0.5); // shares only an edge
        ConvexPolytope inside = ConvexPolytope.box(0, 0, 0.25, 0.25, 0.25, 0.25); // same-facing top faces
        assertThat(Proximity.compute(new ConvexPolytope[][] {one(a), one(gap)}).size()).isZero();
        assertThat(Proximity.compute(new ConvexPolytope[][] {one(a), one(edge)}).size()).isZero();
        assertThat(Proximity.compute(new ConvexPolytope[][] {one(a), one(inside)}).size()).isZero();
    }

    @Test
    void multiHullPiecesSumTheirAreas() {
        // piece 0 = two unit cubes side by side; piece 1 = a 2 x 1 slab on top of both
        ConvexPolytope l = ConvexPolytope.box(-0.5, 0, 0, 0.5, 0.5, 0.5);
        ConvexPolytope r = ConvexPolytope.box(0.5, 0, 0, 0.5, 0.5, 0.5);
        ConvexPolytope top = ConvexPolytope.box(0, 0, 0.75, 1, 0.5, 0.25);
        Proximity.Contacts c = Proximity.compute(new ConvexPolytope[][] {{l, r}, one(top)});
        assertThat(c.size()).isEqualTo(1);
        assertThat(c.area()[0]).isCloseTo(2, within(1e-12));
    }
}
