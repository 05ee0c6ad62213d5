package dev.rubble.authoring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.spi.collection.Strengths;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 23: JSON collections. A fractured collection goes {@code .rbc -> .json -> .rbc} to the same
 * bytes; a hand-made one gets the mass properties and bond areas of its boxes (analytic values
 * here); bad files name the JSON path, the value and what is allowed.
 */
final class CollectionJsonTest {

    @BeforeAll
    static void build() {
        CollectionFileTest.build();
    }

    @Test
    void aFracturedCollectionRoundTripsThroughJsonBitForBit() {
        for (GeometryCollection g : new GeometryCollection[] {CollectionFileTest.sample, withStrengths(CollectionFileTest.sample)}) {
            byte[] rbc = CollectionFile.toBytes(g);
            String json = CollectionJson.write(CollectionFile.fromBytes(rbc));
            GeometryCollection back = CollectionJson.parse(json);
            assertThat(back).isEqualTo(g);
            assertThat(CollectionFile.toBytes(back)).isEqualTo(rbc);
            assertThat(CollectionJson.write(back)).isEqualTo(json);
        }
    }

    static GeometryCollection withStrengths(GeometryCollection g) {
        double[] t = new double[g.nodeCount()];
        Arrays.fill(t, Double.NaN);
        t[1] = Double.POSITIVE_INFINITY;
        t[2] = 0.1 + 0.2; // not a short decimal: the digits must survive
        int[] m = new int[g.nodeCount()];
        m[3] = 1;
        double[] b = new double[g.edgeCount()];
        Arrays.fill(b, Double.NaN);
        b[b.length - 1] = 1.0 / 3;
        return g.withStrengths(new Strengths(t, m, new double[] {1, 0.7}, b));
    }

    /** Two 1 m cubes side by side under a root, listed leaves first (the reader renumbers breadth-first). */
    static final String TWO_CUBES = """
            {"format": "rubble-collection/1", "density": 2000,
             "materials": [{"name": "stone", "multiplier": 1}, {"name": "glass", "multiplier": 0.25}],
             "nodes": [
               {"parent": 2, "box": [-0.5, 0, 0, 0.5, 0.5, 0.5], "threshold": 800, "material": "glass"},
               {"parent": 2, "points": [[0,-0.5,-0.5],[1,-0.5,-0.5],[0,0.5,-0.5],[1,0.5,-0.5],
                                        [0,-0.5,0.5],[1,-0.5,0.5],[0,0.5,0.5],[1,0.5,0.5]], "mass": 500,
                "anchored": true, "state": "kinematic"},
               {"parent": -1}
             ],
             "bonds": [{"a": 0, "b": 1, "strength": 2e5}]}
            """;

    @Test
    void aHandMadeCollectionGetsTheMassPropertiesAndBondAreaOfItsShapes() {
        GeometryCollection g = CollectionJson.parse(TWO_CUBES);
        assertThat(g.nodeCount()).isEqualTo(3);
        assertThat(g.parent(0)).isEqualTo(-1);
        assertThat(g.parent(1)).isZero();
        assertThat(g.parent(2)).isZero();
        // leaf 1 (file node 0): 1 m^3 at 2000 kg/m^3, centred at x = -0.5; I = m (1 + 1) / 12 per axis
        assertThat(g.mass(1)).isCloseTo(2000, within(1e-9));
        assertThat(g.centerOfMass(1, 0)).isCloseTo(-0.5, within(1e-12));
        assertThat(g.inertia(1, 0)).isCloseTo(2000 * 2.0 / 12, within(1e-9));
        // leaf 2 (file node 1): its own mass 500 kg
        assertThat(g.mass(2)).isCloseTo(500, within(1e-9));
        assertThat(g.inertia(2, 1)).isCloseTo(500 * 2.0 / 12, within(1e-9));
        // the root: the sum, centre of mass of the two, parallel axes about it
        assertThat(g.mass(0)).isCloseTo(2500, within(1e-9));
        double cx = (2000 * -0.5 + 500 * 0.5) / 2500;
        assertThat(g.centerOfMass(0, 0)).isCloseTo(cx, within(1e-12));
        double iyy = 2000 * 2.0 / 12 + 2000 * (-0.5 - cx) * (-0.5 - cx) + 500 * 2.0 / 12 + 500 * (0.5 - cx) * (0.5 - cx);
        assertThat(g.inertia(0, 1)).isCloseTo(iyy, within(1e-9));
        assertThat(g.hullCount(0)).as("a cluster without geometry: its children's hulls").isEqualTo(2);
        // the bond: the touching 1 x 1 m face
        assertThat(g.edgeCount()).isEqualTo(1);
        assertThat(g.edgeArea(0)).isCloseTo(1.0, within(1e-9));
        assertThat(g.anchored(2)).isTrue();
        assertThat(g.initialState(2)).isEqualTo(InitialState.KINEMATIC);
        Strengths s = g.strengths();
        assertThat(s.nodeThreshold()[1]).isEqualTo(800);
        assertThat(s.nodeThreshold()[2]).isNaN();
        assertThat(s.nodeMaterial()).containsExactly(0, 1, 0);
        assertThat(s.materialMultiplier()).containsExactly(1, 0.25);
        assertThat(s.bondStrength()).containsExactly(2e5);
        // and it survives .rbc
        assertThat(CollectionFile.fromBytes(CollectionFile.toBytes(g))).isEqualTo(g);
        assertThat(g.asset().nodeCount()).isEqualTo(3);
    }

    static String broken(String from, String to) {
        assertThat(TWO_CUBES).contains(from);
        return TWO_CUBES.replace(from, to);
    }

    @Test
    void badFilesNameThePathTheValueAndWhatIsAllowed() {
        assertThatThrownBy(() -> CollectionJson.parse(broken("{\"parent\": 2, \"box\"", "{\"parent\": 7, \"box\"")))
                .isInstanceOf(CollectionFormatException.class)
                .hasMessageContaining("nodes[0].parent = 7; allowed: the index of another node, 0..2 (unknown parent)");
        // a cycle: 0 -> 1 -> 0, and 2 the root
        assertThatThrownBy(() -> CollectionJson.parse(broken("{\"parent\": 2, \"box\"", "{\"parent\": 1, \"box\"")
                .replace("{\"parent\": 2, \"points\"", "{\"parent\": 0, \"points\"")))
                .hasMessageContaining("nodes[0].parent = 1").hasMessageContaining("cycle");
        assertThatThrownBy(() -> CollectionJson.parse(broken("{\"a\": 0, \"b\": 1,", "{\"a\": 0, \"b\": 5,")))
                .hasMessageContaining("bonds[0].b = 5; allowed: a node index 0..2 (a bond or contact to a missing node)");
        assertThatThrownBy(() -> CollectionJson.parse(broken("[[0,-0.5,-0.5],", "[[0.5,0,0],[0,-0.5,-0.5],")))
                .hasMessageContaining("nodes[1].points[0] = [0.5,0,0]; allowed: a corner of the convex hull")
                .hasMessageContaining("not convex");
        assertThatThrownBy(() -> CollectionJson.parse(broken("\"mass\": 500", "\"mass\": -500")))
                .hasMessageContaining("nodes[1].mass = -500; allowed: a number in [1.0E-9, 1.0E15] kg");
        assertThatThrownBy(() -> CollectionJson.parse(broken("\"material\": \"glass\"", "\"material\": \"steel\"")))
                .hasMessageContaining("nodes[0].material = \"steel\"; allowed: a material index 0..1 or a name");
        assertThatThrownBy(() -> CollectionJson.parse(broken("\"threshold\": 800", "\"treshold\": 800")))
                .hasMessageContaining("nodes[0].treshold: unknown field; allowed: parent, level, box");
        assertThatThrownBy(() -> CollectionJson.parse(broken("\"parent\": -1", "\"parent\": 2")))
                .hasMessageContaining("nodes[2].parent = 2; allowed: the index of another node, 0..2 (a node cannot be its own parent)");
        assertThatThrownBy(() -> CollectionJson.parse("{\"nodes\": [")).hasMessageContaining("not valid JSON")
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> CollectionJson.parse(broken("[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 0, 0, 0.5, 0, 0.5]")))
                .hasMessageContaining("nodes[0].box[4] = 0; allowed: a half extent in [1.0E-6, 1000000.0] m");
    }

    /**
     * A hand-made file's sizes, coordinates, densities and masses take a scenario body's ranges: a box of half extent
     * 2^63 m (a piece of 1e60 kg), a centre 4e9 m out and a density of 2^63 were accepted, exit 0 (cliout pass). The
     * edges are accepted.
     */
    @Test
    void sizesCoordinatesDensitiesAndMassesTakeABodysRanges() {
        String[][] refused = {
                {"[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 0, 0, 9223372036854775807, 0.5, 0.5]",
                        "nodes[0].box[3] = 9223372036854775807; allowed: a half extent in [1.0E-6, 1000000.0] m"},
                {"[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 0, 0, 0.5, 5e-7, 0.5]",
                        "nodes[0].box[4] = 5.0E-7; allowed: a half extent in [1.0E-6, 1000000.0] m"},
                {"[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 4294967296, 0, 0.5, 0.5, 0.5]",
                        "nodes[0].box[1] = 4294967296; allowed: a coordinate within ±1000000.0 m"},
                {"[[0,-0.5,-0.5],", "[[0,-0.5,-1000001],", "nodes[1].points[0][2] = -1000001; allowed: a coordinate within"},
                {"\"density\": 2000", "\"density\": 9223372036854775807",
                        "density = 9223372036854775807; allowed: a number in [1.0E-9, 1.0E9] kg/m³"},
                {"\"mass\": 500", "\"mass\": 2e15", "nodes[1].mass = 2.0E15; allowed: a number in [1.0E-9, 1.0E15] kg"},
        };
        for (String[] r : refused) {
            assertThatThrownBy(() -> CollectionJson.parse(broken(r[0], r[1]))).as(r[1]).isInstanceOf(CollectionFormatException.class)
                    .hasMessageContaining(r[2]);
        }
        for (String[] ok : new String[][] {{"[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 1e6, 0, 0.5, 0.5, 0.5]"},
                {"[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 0, 0, 1e6, 1e6, 1e6]"}, {"[-0.5, 0, 0, 0.5, 0.5, 0.5]", "[-0.5, 0, 0, 1e-6, 1e-6, 1e-6]"},
                {"\"density\": 2000", "\"density\": 1e9"}, {"\"mass\": 500", "\"mass\": 1e15"}}) {
            assertThat(CollectionJson.parse(broken(ok[0], ok[1])).asset().nodeCount()).as(ok[1]).isEqualTo(3);
        }
    }
}
