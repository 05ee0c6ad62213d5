package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftBodyStore;
import org.junit.jupiter.api.Test;

final class SoftBodiesScenarioTest {
    private static final String HEAD = "{\"format\": \"rubble-scenario/1\", \"bodies\": ["
            + "{\"id\": \"ground\", \"shape\": {\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}, \"state\": \"static\","
            + " \"position\": [0, -0.5, 0]},"
            + "{\"id\": \"hook\", \"shape\": {\"type\": \"box\", \"halfExtents\": [0.1, 0.1, 0.1]}, \"state\": \"static\","
            + " \"position\": [3, 2, 0]}], \"softBodies\": [";

    @Test
    void aSoftBodyFromASourceIsBuiltPlacedPinnedAndAttached() {
        Scenario sc = ScenarioLoader.parse(HEAD + "{\"id\": \"jelly\", \"source\": \"box:half=0.5,0.25,0.5\", \"spacing\": 0.25,"
                + " \"density\": 400, \"position\": [0, 1, 0], \"youngsModulus\": 1e5, \"pins\": [0],"
                + " \"attach\": [{\"point\": 1, \"body\": \"hook\"}]}]}");
        assertThat(sc.softBodies()).hasSize(1);
        assertThat(sc.softBodies().get(0).cage().mass()).isCloseTo(400 * 0.5, within(1e-9));
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        SoftBodyStore st = sw.world().softBodies().store();
        assertThat(st.size()).isEqualTo(1);
        assertThat(st.findByLabel("jelly")).isZero();
        double pinY = st.state.x[1];
        // the cage's point 0 is a hull corner; placed 1 m up
        assertThat(st.state.x[1]).isCloseTo(sc.softBodies().get(0).cage().points()[1] + 1, within(1e-12));
        sw.run(30);
        assertThat(st.state.x[1]).as("a pinned point stays").isEqualTo(pinY);
        assertThat(st.state.invMass[0]).isZero();
        assertThat(st.state.invMass[1]).isZero();
    }

    /**
     * A soft block dropped onto an intact geometry collection (a slab of 24 Voronoi pieces: one rigid body, a
     * compound of its pieces' hulls) lands on the slab and rests on it. Before, a scenario with soft bodies and a
     * collection was refused: soft bodies did not collide with compounds.
     */
    @Test
    void aSoftBlockLandsOnAnIntactCollectionAndRestsOnIt() {
        Scenario sc = ScenarioLoader.parse("{\"format\": \"rubble-scenario/1\", \"bodies\": ["
                + "{\"id\": \"ground\", \"shape\": {\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}, \"state\": \"static\","
                + " \"position\": [0, -0.5, 0]}],"
                + " \"collections\": [{\"id\": \"slab\", \"recipe\": {\"box\": [1, 0.2, 1], \"levels\": [{\"method\": \"voronoi\","
                + " \"options\": {\"count\": 24}}], \"seed\": 5}, \"position\": [0, 0.2, 0]}],"
                + " \"softBodies\": [{\"id\": \"jelly\", \"source\": \"box:half=0.4,0.2,0.4\", \"spacing\": 0.2,"
                + " \"density\": 400, \"position\": [0, 1.2, 0], \"youngsModulus\": 2e5}]}");
        ScenarioWorld sw = ScenarioWorld.create(sc, Stages.load());
        SoftBodyStore st = sw.world().softBodies().store();
        var bodies = sw.world().bodies();
        int slab = -1;
        for (int s = 0, n = bodies.slotLimit(); s < n; s++) {
            if (bodies.isLive(s) && bodies.shape[s] instanceof dev.rubble.spi.shape.Compound) {
                slab = s;
            }
        }
        assertThat(slab).as("the intact slab is one compound body").isNotNegative();
        sw.run(240);
        double lowest = Double.POSITIVE_INFINITY, vy = 0;
        for (int i = 0; i < st.pointCount[0]; i++) {
            lowest = Math.min(lowest, st.state.x[3 * i + 1]);
            vy += st.state.v[3 * i + 1] / st.pointCount[0];
        }
        // the slab's top is at 0.4 m; through it the block would lie on the ground (0)
        assertThat(lowest).as("the block's lowest point").isBetween(0.38, 0.4 + st.thickness[0] + 0.01);
        assertThat(Math.abs(vy)).as("at rest").isLessThan(0.02);
        assertThat(bodies.py[slab]).as("the slab still lies on the ground").isCloseTo(0.2, within(0.02));
        assertThat(st.invertedTets()).isZero();
    }

    private static String slabAndBlock(double blockY, double blockVy) {
        return "{\"format\": \"rubble-scenario/1\", \"bodies\": ["
                + "{\"id\": \"ground\", \"shape\": {\"type\": \"box\", \"halfExtents\": [5, 0.5, 5]}, \"state\": \"static\","
                + " \"position\": [0, -0.5, 0]}],"
                + " \"collections\": [{\"id\": \"slab\", \"recipe\": {\"box\": [1, 0.2, 1], \"levels\": [{\"method\": \"voronoi\","
                + " \"options\": {\"count\": 24}}], \"seed\": 5}, \"position\": [0, 0.2, 0],"
                + " \"state\": \"static\", \"destruction\": {\"damageOptions\": {\"thresholds\": [150]}}}],"
                + " \"softBodies\": [{\"id\": \"jelly\", \"source\": \"box:half=0.4,0.2,0.4\", \"spacing\": 0.2,"
                + " \"density\": 400, \"position\": [0, " + blockY + ", 0], \"velocity\": [0, " + blockVy + ", 0],"
                + " \"youngsModulus\": 2e5}]}";
    }

    private static int breaksIn(String json, int steps) {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(json), Stages.load());
        int breaks = 0;
        for (int i = 0; i < steps; i++) {
            sw.step();
            breaks += sw.world().profile().breaks();
        }
        return breaks;
    }

    /**
     * A soft body's contacts load a collection like a rigid body's (collision strain, docs/soft-bodies.md): a
     * 102 kg jelly block thrown down at 12 m/s (1 230 N·s) breaks a static intact slab whose pieces give at
     * 150 N·s (nothing else touches it: only the soft body can), while the same block laid on it (1.5 cm above,
     * so it lands at 0.54 m/s: at most 56 N·s) and left to rest for two seconds breaks nothing: resting contacts
     * give no strain, as rigid ones do not.
     */
    @Test
    void aSoftBlockThrownDownBreaksAFragileSlabAndOneLaidOnItDoesNot() {
        assertThat(breaksIn(slabAndBlock(0.61 + 0.005, 0), 120)).as("laid on the slab").isZero();
        assertThat(breaksIn(slabAndBlock(0.9, -12), 30)).as("thrown down at 12 m/s").isPositive();
    }

    /**
     * The same load on a welded wall: two slabs welded into a cluster union, floating (no gravity, so nothing but
     * the soft block touches them), the block thrown at one of them at 12 m/s. The union's body is one compound of
     * both slabs' pieces; the load goes to the member whose piece the block hit, and it breaks.
     */
    @Test
    void aSoftBlockThrownAtAWeldedSlabBreaksIt() {
        String slab = "\"recipe\": {\"box\": [1, 0.2, 1], \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 24}}],"
                + " \"seed\": 5}, \"destruction\": {\"damageOptions\": {\"thresholds\": [150]}}";
        String json = "{\"format\": \"rubble-scenario/1\", \"world\": {\"gravity\": [0, 0, 0]}, \"bodies\": [],"
                + " \"collections\": [{\"id\": \"a\", " + slab + ", \"position\": [0, 0.2, 0]},"
                + " {\"id\": \"b\", " + slab + ", \"position\": [2.05, 0.2, 0]}],"
                + " \"unions\": [{\"id\": 0, \"step\": 0, \"members\": [{\"collection\": \"a\"}, {\"collection\": \"b\"}]}],"
                + " \"softBodies\": [{\"id\": \"jelly\", \"source\": \"box:half=0.4,0.2,0.4\", \"spacing\": 0.2,"
                + " \"density\": 400, \"position\": [0, 0.9, 0], \"velocity\": [0, -12, 0], \"youngsModulus\": 2e5}]}";
        assertThat(breaksIn(json, 30)).as("the struck member breaks").isPositive();
    }

    @Test
    void badSoftBodiesNameTheFieldAndTheValue() {
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"edgeCompliance\": -1}]}"))
                .isInstanceOf(ScenarioException.class).hasMessageContaining("$.softBodies[0]")
                .hasMessageContaining("edgeCompliance = -1.0; allowed: [0, 1.0] m/N");
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"stiff\": 3}]}"))
                .hasMessageContaining("$.softBodies[0].stiff").hasMessageContaining("unknown key");
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"points:/nonexistent.xyz\"}]}"))
                .hasMessageContaining("$.softBodies[0].source");
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\","
                + " \"attach\": [{\"point\": 0, \"body\": \"nobody\"}]}]}"))
                .hasMessageContaining("no rigid body with id 'nobody'");
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"pins\": [99]}]}"))
                .hasMessageContaining("$.softBodies[0].pins[0]");
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,0,1\"}]}"))
                .hasMessageContaining("allowed: > 0 metres");
    }

    @Test
    void aFractionalSeedAndADensityOfZeroAreRefusedInPlainWords() {
        // the seed was cast to an integer (1.5 built the cage of seed 1) and the density's range was printed as
        // [2.2250738585072014E-308, 1.0E9]
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"spacing\": 0.5, \"seed\": 1.5}]}"))
                .isInstanceOf(ScenarioException.class).hasMessage("$.softBodies[0].seed: 1.5 is not allowed; allowed: an integer");
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"density\": 0}]}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessage("$.softBodies[0].density: 0.0 is out of range; allowed: > 0 and <= 1e9 kg/m³");
        assertThat(ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"spacing\": 0.5, \"seed\": 7}]}")
                .softBodies()).hasSize(1);
    }

    @Test
    void aDensityWhoseMassesUnderflowIsRefusedNamingTheDensity() {
        // 1e-300 kg/m³ on a 2 mm box: masses of about 1e-309 kg, whose inverse is infinite (the message was
        // "$.softBodies: soft point inverse mass = Infinity", naming neither the body nor the density)
        assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=0.001,0.001,0.001\", \"density\": 1e-300}]}"))
                .isInstanceOf(ScenarioException.class).hasMessageStartingWith("$.softBodies[0].source: density = 1.0E-300");
    }

    /**
     * Outsider fuzz (session 12): a cage point named twice among {@code pins} and {@code attach} loaded with no word,
     * and the solver got two targets for one point: {@code attach} of point 0 to a static hook and to a falling ball
     * (the point follows neither), or pinned where it starts and attached to a body. Each point at most once.
     */
    @Test
    void aPointPinnedOrAttachedTwiceIsRefused() {
        String ball = "{\"format\": \"rubble-scenario/1\", \"bodies\": [{\"id\": \"hook\", \"shape\": {\"type\": \"box\","
                + " \"halfExtents\": [0.1, 0.1, 0.1]}, \"state\": \"static\", \"position\": [3, 2, 0]},"
                + " {\"id\": \"ball\", \"shape\": {\"type\": \"sphere\", \"radius\": 0.2}, \"position\": [-3, 2, 0]}],"
                + " \"softBodies\": [{\"source\": \"box:half=1,1,1\", ";
        assertThatThrownBy(() -> ScenarioLoader.parse(ball + "\"attach\": [{\"point\": 0, \"body\": \"hook\"},"
                + " {\"point\": 0, \"body\": \"ball\"}]}]}"))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("$.softBodies[0].attach[1].point: 0 is already attached by attach[0]; allowed: each"
                        + " cage point at most once in pins and attach");
        assertThatThrownBy(() -> ScenarioLoader.parse(ball + "\"pins\": [3], \"attach\": [{\"point\": 3, \"body\": \"ball\"}]}]}"))
                .hasMessageContaining("$.softBodies[0].attach[0].point: 3 is already pinned by pins[0]");
        assertThatThrownBy(() -> ScenarioLoader.parse(ball + "\"pins\": [1, 2, 1]}]}"))
                .hasMessageContaining("$.softBodies[0].pins[2]: 1 is already pinned by pins[0]");
        Scenario ok = ScenarioLoader.parse(ball + "\"pins\": [1, 2], \"attach\": [{\"point\": 0, \"body\": \"hook\"},"
                + " {\"point\": 3, \"body\": \"ball\"}]}]}");
        assertThat(ok.softBodies()).hasSize(1);
    }

    /**
     * Outsider fuzz (session 12): a soft body's zero (or overflowing) orientation quaternion was refused only when the
     * world was built, naming "$.softBodies" and not the field ("soft body rotation = (0.0, 0.0, 0.0, 0.0)").
     */
    @Test
    void aSoftBodyOrientationThatIsNoRotationNamesItsPath() {
        for (String q : new String[] {"[0, 0, 0, 0]", "[1e200, 1e200, 0, 0]"}) {
            assertThatThrownBy(() -> ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"orientation\": " + q + "}]}"))
                    .as(q).isInstanceOf(ScenarioException.class).hasMessageStartingWith("$.softBodies[0].orientation: ")
                    .hasMessageContaining("is not a rotation; allowed: a finite non-zero quaternion [x, y, z, w] (it is normalised)");
        }
        assertThat(ScenarioLoader.parse(HEAD + "{\"source\": \"box:half=1,1,1\", \"orientation\": [0, 0, 0, 2]}]}").softBodies())
                .hasSize(1);
    }
}
