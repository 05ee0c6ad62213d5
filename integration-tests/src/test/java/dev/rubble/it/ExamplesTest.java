package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.rubble.cli.Main;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every scenario in {@code examples/} runs clean with `rubble run` and does what its name says,
 * checked against what physics predicts (issue 17: a new user's first runs).
 */
final class ExamplesTest {
    private static final Path EXAMPLES = Path.of("..", "examples");

    /** Runs an example and returns its final bodies by id. */
    private static Map<String, JsonNode> run(Path tmp, String name) throws Exception {
        Path out = tmp.resolve(name + ".state.json");
        StringWriter o = new StringWriter(), e = new StringWriter();
        int code = Main.execute(new String[] {"run", EXAMPLES.resolve(name).toString(), "--out", out.toString()},
                new PrintWriter(o), new PrintWriter(e));
        assertThat(code).as(e.toString()).isZero();
        assertThat(e.toString()).doesNotContain("WARNING");
        Map<String, JsonNode> byId = new HashMap<>();
        for (JsonNode b : new ObjectMapper().readTree(out.toFile()).get("bodies")) {
            byId.put(b.get("id").asText(), b);
        }
        return byId;
    }

    private static double c(JsonNode b, String field, int i) {
        return b.get(field).get(i).asDouble();
    }

    @Test
    void everyExampleIsListedHere() throws Exception {
        try (var s = Files.list(EXAMPLES)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList())
                    .containsExactly("anchored-union.json", "bowling.json", "bridge.json", "card-house.json", "fields-anchor.json", "fields-explosion.json", "fields-kill-plane.json",
                            "fields-wave-erosion.json", "joints.json", "ramp-friction.json", "soft-on-terrain.json", "soft-on-wall.json", "stack.json", "statue.json", "tall-stack.json", "thin-wall.json",
                            "union-bridge.json", "wall.json");
        }
    }

    @Test
    void stackStands(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> b = run(tmp, "stack.json");
        for (int i = 0; i < 8; i++) {
            JsonNode box = b.get("box" + i);
            // soft contacts sag a little under load (docs/dynamics.md); the column must not lean or fall
            assertThat(Math.hypot(c(box, "position", 0), c(box, "position", 2))).as("box%d drift", i).isLessThan(0.03);
            assertThat(c(box, "position", 1)).as("box%d height", i).isCloseTo(0.5 + i, within(0.03));
        }
        // examples/README.md: "sag the column about 4 mm in all" (it said 2 cm; the top box ends 3.6 mm low)
        assertThat(7.5 - c(b.get("box7"), "position", 1)).as("the column's sag, m").isBetween(0.002, 0.006);
    }

    /**
     * Box2D's and PEEL's card house (docs/dynamics.md "The peers' sample scenes"): 40 cards 0.4 m tall and 2 mm thick,
     * leaning in pairs at 25° with flat cards across, friction 0.7, at 4 sub-steps. It stands, as Box2D's does at its
     * 4 sub-steps: no card moves more than 4 cm from where it was set (measured 2.5 cm), and all fall asleep.
     */
    @Test
    void cardHouseStands(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> end = run(tmp, "card-house.json");
        Map<String, JsonNode> start = new HashMap<>();
        for (JsonNode b : new ObjectMapper().readTree(EXAMPLES.resolve("card-house.json").toFile()).get("bodies")) {
            start.put(b.get("id").asText(), b);
        }
        for (int i = 0; i < 40; i++) {
            JsonNode a = start.get("card" + i), b = end.get("card" + i);
            double d = Math.sqrt(Math.pow(c(b, "position", 0) - c(a, "position", 0), 2)
                    + Math.pow(c(b, "position", 1) - c(a, "position", 1), 2) + Math.pow(c(b, "position", 2) - c(a, "position", 2), 2));
            assertThat(d).as("card%d moved, m", i).isLessThan(0.04);
            assertThat(b.get("state").asText()).as("card%d", i).isEqualTo("sleeping");
        }
    }

    @Test
    void tallStackStandsWithTheTallStackSettings(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> b = run(tmp, "tall-stack.json");
        JsonNode top = b.get("box14");
        assertThat(Math.hypot(c(top, "position", 0), c(top, "position", 2))).isLessThan(0.01);
        assertThat(c(top, "position", 1)).isCloseTo(14.5, within(0.02));
    }

    @Test
    void rampHoldsTheGrippyBoxAndTheSlipperyOneSlidesAsCoulombFrictionPredicts(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> b = run(tmp, "ramp-friction.json");
        double th = Math.toRadians(20), g = 9.81, t = 1.0;
        // both start at rest 3 m up the ramp; friction combines as sqrt(mu_a mu_b) (ContactSolver)
        double sx = 0.5 * -Math.sin(th) + 3 * Math.cos(th), sy = 3 + 0.5 * Math.cos(th) + 3 * Math.sin(th);
        JsonNode sticky = b.get("sticky"), slippery = b.get("slippery");
        // mu = sqrt(0.4 * 1.0) = 0.63 > tan 20° = 0.36: static friction holds it
        assertThat(Math.hypot(c(sticky, "position", 0) - sx, c(sticky, "position", 1) - sy)).isLessThan(0.01);
        // mu = sqrt(0.4 * 0.05) = 0.141 < tan 20°: it slides with a = g (sin θ - mu cos θ), d = a t² / 2
        double a = g * (Math.sin(th) - Math.sqrt(0.4 * 0.05) * Math.cos(th));
        double d = Math.hypot(c(slippery, "position", 0) - sx, c(slippery, "position", 1) - sy);
        assertThat(d).isCloseTo(a * t * t / 2, within(0.05 * a * t * t / 2));
        double v = Math.hypot(c(slippery, "linearVelocity", 0), c(slippery, "linearVelocity", 1));
        assertThat(v).isCloseTo(a * t, within(0.05 * a * t));
        assertThat(c(slippery, "linearVelocity", 0)).as("down the slope").isNegative();
    }

    @Test
    void bowlingKnocksDownMostPins(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> b = run(tmp, "bowling.json");
        int down = 0;
        for (int i = 1; i <= 10; i++) {
            JsonNode q = b.get("pin" + i).get("orientation");
            double x = q.get(0).asDouble(), z = q.get(2).asDouble();
            double up = 1 - 2 * (x * x + z * z); // y component of the pin's rotated axis
            if (up < Math.cos(Math.toRadians(45))) {
                down++;
            }
        }
        assertThat(down).as("pins down").isGreaterThanOrEqualTo(7);
        assertThat(c(b.get("ball"), "position", 0)).as("the ball went through the pins").isGreaterThan(11);
    }

    @Test
    void statueFracturedFromAMeshBreaksUnderTheBall(@TempDir Path tmp) throws Exception {
        run(tmp, "statue.json");
        int pieces = 0, onTheGround = 0;
        for (JsonNode b : new ObjectMapper().readTree(tmp.resolve("statue.json.state.json").toFile()).get("bodies")) {
            if (b.get("id").asText().equals("statue")) {
                pieces++;
                // the plinth's pieces are anchored; released pieces of the figure come to rest low
                if (c(b, "position", 1) < 0.5 && !b.get("state").asText().equals("kinematic")) {
                    onTheGround++;
                }
            }
        }
        assertThat(pieces).as("bodies of the statue").isGreaterThan(10);
        assertThat(onTheGround).as("released pieces that fell").isGreaterThan(5);
    }

    /**
     * Issue 23: a hand-made JSON collection (examples/collections/bridge.json): the glass keystone, held
     * by weak bonds (strength 20 kPa), gives under the 200 kg ball and falls; the two halves, each
     * standing on its static pier, stay where they were: the deck above the piers' tops.
     */
    @Test
    void bridgeFromAHandMadeJsonCollectionLosesItsKeystone(@TempDir Path tmp) throws Exception {
        double keystoneY = Double.NaN;
        int halves = 0;
        // a half: its pier (0.5 x 0.85 x 1 m, centre 0.425 m up, under the end block) and three 0.5 x 0.3 x 1 m
        // deck blocks at 1 m, all 2 400 kg/m3: the centre of mass of the intact half where it was built
        double pier = 0.5 * 0.85 * 1, block = 0.5 * 0.3 * 1;
        double comY = (pier * 0.425 + 3 * block * 1.0) / (pier + 3 * block);
        double comX = (pier * 1.5 + block * (1.5 + 1.0 + 0.5)) / (pier + 3 * block);
        for (JsonNode b : all(tmp, "bridge.json")) {
            if (!b.get("id").asText().equals("bridge")) {
                continue;
            }
            if (b.get("node").asInt() == 4) {
                keystoneY = c(b, "position", 1);
            } else {
                assertThat(b.get("node").asInt()).as("an internal cluster of the rest").isEqualTo(-1);
                assertThat(Math.abs(c(b, "position", 0))).as("a half's centre of mass x").isCloseTo(comX, within(1e-6));
                assertThat(c(b, "position", 1)).as("a half's centre of mass y: it did not sag").isCloseTo(comY, within(1e-6));
                halves++;
            }
        }
        assertThat(halves).isEqualTo(2);
        assertThat(keystoneY).as("the keystone lies on the ground (half height 0.15 m)").isCloseTo(0.15, within(0.02));
    }

    /**
     * What a user sees first of examples/bridge.json: a bridge standing on its piers. Every static block of its
     * collection rests on the ground (y = 0, the scene's ground plane) or on the top of another static block
     * under it; before 2026-12-05 the two fixed end blocks hung 0.85 m above the ground on nothing.
     */
    @Test
    void bridgeStandsOnPiersThatReachTheGround() throws Exception {
        JsonNode scene = new ObjectMapper().readTree(EXAMPLES.resolve("bridge.json").toFile());
        JsonNode placed = scene.get("collections").get(0);
        double baseY = placed.get("position").get(1).asDouble();
        java.util.List<double[]> fixed = new java.util.ArrayList<>();
        for (JsonNode n : new ObjectMapper().readTree(EXAMPLES.resolve(placed.get("file").asText()).toFile()).get("nodes")) {
            if (n.has("state") && n.get("state").asText().equals("static")) {
                double[] box = new double[6];
                for (int k = 0; k < 6; k++) {
                    box[k] = n.get("box").get(k).asDouble();
                }
                box[1] += baseY;
                fixed.add(box);
            }
        }
        assertThat(fixed).as("static blocks").hasSizeGreaterThanOrEqualTo(2);
        for (double[] b : fixed) {
            double bottom = b[1] - b[4];
            boolean onGround = Math.abs(bottom) < 1e-9, onBlock = false;
            for (double[] u : fixed) {
                onBlock |= u != b && Math.abs(u[1] + u[4] - bottom) < 1e-9
                        && Math.abs(u[0] - b[0]) < u[3] + b[3] && Math.abs(u[2] - b[2]) < u[5] + b[5];
            }
            assertThat(onGround || onBlock).as("the static block at (%s, %s) (bottom %s m) stands on the ground or on a block",
                    b[0], b[1], bottom).isTrue();
        }
    }

    /**
     * examples/wall.json (issue 28, item 8): anchored by a box, not a node list, default thresholds;
     * the 200 kg ball at 60 m/s (12 000 N·s) brings most of the wall's middle down. What the default
     * thresholds mean (docs/destruction.md, "What it takes to break a wall"): a level-1 cluster breaks
     * when one step's impulse on it reaches 5 000 N·s, so the same ball at 24 m/s (4 800 N·s) leaves
     * the wall whole and at 26 m/s (5 200 N·s) breaks it.
     */
    @Test
    void wallAnchoredByABoxCollapsesUnderTheBallAndTheDefaultThresholdIsTheBallsMomentum(@TempDir Path tmp) throws Exception {
        JsonNode scene = new ObjectMapper().readTree(EXAMPLES.resolve("wall.json").toFile());
        JsonNode wall = scene.get("collections").get(0);
        assertThat(wall.get("anchors").has("boxes")).isTrue();
        assertThat(wall.get("anchors").has("nodes")).isFalse();
        assertThat(wall.get("destruction").has("damageOptions")).as("default thresholds").isFalse();
        java.util.List<JsonNode> pieces = all(tmp, "wall.json").stream().filter(b -> b.get("id").asText().equals("wall")).toList();
        long fallen = pieces.stream().filter(b -> c(b, "position", 1) < 0.6).count();
        assertThat(pieces.size()).as("bodies of the wall").isGreaterThan(10);
        assertThat(fallen).as("pieces lying on the ground").isGreaterThanOrEqualTo(10);
        String text = Files.readString(EXAMPLES.resolve("wall.json"));
        for (int speed : new int[] {24, 26}) {
            Path variant = tmp.resolve("wall" + speed + ".json");
            Files.writeString(variant, text.replace("\"linearVelocity\": [0, 0, 60]", "\"linearVelocity\": [0, 0, " + speed + "]"));
            Path out = tmp.resolve("wall" + speed + ".state.json");
            StringWriter o = new StringWriter(), e = new StringWriter();
            assertThat(Main.execute(new String[] {"run", variant.toString(), "--out", out.toString()}, new PrintWriter(o),
                    new PrintWriter(e))).as(e.toString()).isZero();
            long wallBodies = 0;
            for (JsonNode b : new ObjectMapper().readTree(out.toFile()).get("bodies")) {
                wallBodies += b.get("id").asText().equals("wall") ? 1 : 0;
            }
            if (speed == 24) {
                assertThat(wallBodies).as("4 800 N s < 5 000 N s: whole").isEqualTo(1);
            } else {
                assertThat(wallBodies).as("5 200 N s >= 5 000 N s: broken").isGreaterThan(1);
            }
        }
    }

    /**
     * examples/thin-wall.json: a 30 kg ball at 15 m/s (450 N s) into a thin anchored wall of 25 kg pieces whose
     * bonds hold 50 N s punches a hole and carries on (docs/destruction.md "Local failure", rule 1). What mechanics
     * says without a model of the wedge: the ball needs a few pieces out of its way, each far lighter in bond
     * strength than its momentum, so it leaves through the far face moving forward; and what it lost went into
     * the pieces it pushed (the anchors take at most the thresholds of what held), so the pieces that flew carry
     * forward momentum too. Before 2026-12-07 the ball stopped in the hole it had started and rolled back.
     */
    @Test
    void thinWallIsPunchedThroughAndTheBallCarriesOn(@TempDir Path tmp) throws Exception {
        java.util.List<JsonNode> end = all(tmp, "thin-wall.json");
        JsonNode ball = end.stream().filter(b -> b.get("id").asText().equals("ball")).findFirst().orElseThrow();
        assertThat(c(ball, "position", 2) - 0.2).as("the ball's back after 2 s, past the wall's far face (z 0.05)")
                .isGreaterThan(0.05);
        assertThat(c(ball, "linearVelocity", 2)).as("still moving away from the wall").isPositive();
        long through = end.stream().filter(b -> b.get("id").asText().equals("wall") && c(b, "position", 2) > 0.2).count();
        assertThat(through).as("pieces knocked out past the far face").isGreaterThanOrEqualTo(2);
    }

    /** Every body of an example's final state (collection pieces have no unique id). */
    private static java.util.List<JsonNode> all(Path tmp, String name) throws Exception {
        run(tmp, name);
        java.util.List<JsonNode> list = new java.util.ArrayList<>();
        new ObjectMapper().readTree(tmp.resolve(name + ".state.json").toFile()).get("bodies").forEach(list::add);
        return list;
    }

    @Test
    void fieldsKillPlaneDisablesWhatFallsBelowTheFloor(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> b = run(tmp, "fields-kill-plane.json");
        assertThat(b.get("lost1").get("state").asText()).isEqualTo("disabled");
        assertThat(b.get("lost2").get("state").asText()).isEqualTo("disabled");
        assertThat(b.get("kept").get("state").asText()).isNotEqualTo("disabled");
        assertThat(c(b.get("kept"), "position", 1)).isCloseTo(0.3, within(0.02));
    }

    @Test
    void fieldsAnchorMakesTheBodiesInsideTheSphereStatic(@TempDir Path tmp) throws Exception {
        Map<String, JsonNode> b = run(tmp, "fields-anchor.json");
        for (String id : new String[] {"a0", "a1"}) {
            assertThat(b.get(id).get("state").asText()).as(id).isEqualTo("static");
            assertThat(c(b.get(id), "position", 1)).as(id).isEqualTo(3.0);
        }
        for (String id : new String[] {"a2", "a3", "a4"}) {
            assertThat(c(b.get(id), "position", 1)).as(id + " fell").isLessThan(0.5);
        }
        // the slab hangs from the leaves its initialisation field anchored: still intact where it was placed
        boolean hanging = false;
        for (JsonNode body : all(tmp, "fields-anchor.json")) {
            if (Math.abs(c(body, "position", 0) + 4) < 0.5 && c(body, "position", 1) > 2) {
                hanging = true;
            }
        }
        assertThat(hanging).as("the slab hangs where it was placed").isTrue();
    }

    @Test
    void unionBridgeBreaksTheStruckWallAndPassesTheImpactOn(@TempDir Path tmp) throws Exception {
        java.util.List<JsonNode> all = all(tmp, "union-bridge.json");
        // wall A broke into pieces; the union (its body and the beam, a disabled member) is still there
        java.util.List<JsonNode> a = all.stream().filter(x -> "wallA".equals(x.get("id").asText())).toList();
        assertThat(a.size()).isGreaterThan(2);
        Map<String, JsonNode> b = run(tmp, "union-bridge.json");
        assertThat(b).containsKey("union 0");
        assertThat(b.get("beam").get("state").asText()).isEqualTo("disabled");
        // issue 29 (reference §8.3): the pieces that touched the beam stay welded as auxiliary members, the
        // others leave and fall free
        java.util.List<JsonNode> welded = a.stream().filter(x -> "disabled".equals(x.get("state").asText())).toList();
        java.util.List<JsonNode> free = a.stream().filter(x -> !"disabled".equals(x.get("state").asText())).toList();
        assertThat(welded).isNotEmpty();
        assertThat(free).isNotEmpty();
        assertThat(free.stream().mapToDouble(x -> c(x, "position", 1)).min().orElseThrow())
                .as("the lowest free piece lies on the ground").isLessThan(0.5);
        // impactMode resolve (issue 22) on a union member: the ball meets the released pieces, not the
        // whole welded structure, and drives them through: they lie past the wall's inner face (z = -1.35),
        // where the 0.74 m/s the whole structure took in Chaos's mode could not have carried them
        assertThat(free.stream().filter(x -> c(x, "position", 2) > -1.2).count())
                .as("free pieces of wall A thrown in past its inner face").isGreaterThanOrEqualTo(2);
    }

    /**
     * examples/anchored-union.json: a 300 kg balcony welded to a wall anchored along its base hangs from it
     * (the union is kinematic while an anchored member holds it: Chaos's UpdateKinematicProperties) until a
     * ball breaks the wall, then falls to the ground with the pieces still welded to it.
     */
    @Test
    void anchoredUnionHoldsTheBalconyUntilTheWallBreaks(@TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("held.json");
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(Main.execute(new String[] {"run", EXAMPLES.resolve("anchored-union.json").toString(), "--steps", "8",
                "--out", out.toString()}, new PrintWriter(o), new PrintWriter(e))).as(e.toString()).isZero();
        JsonNode held = null;
        for (JsonNode b : new ObjectMapper().readTree(out.toFile()).get("bodies")) {
            if ("balcony".equals(b.get("id").asText())) {
                held = b;
            }
        }
        // free, it would have fallen g (8 9 / 2) / 60^2 = 9.8 cm in these 8 steps
        assertThat(c(held, "position", 1)).as("balcony height before the ball arrives").isCloseTo(2.1, within(1e-9));
        Map<String, JsonNode> end = run(tmp, "anchored-union.json");
        assertThat(c(end.get("balcony"), "position", 1)).as("balcony height at the end").isLessThan(1.0);
        assertThat(end).containsKey("union 0"); // it fell welded to the wall's top pieces
    }

    @Test
    void fieldsExplosionBlowsTheWallApartInOneStep(@TempDir Path tmp) throws Exception {
        java.util.List<JsonNode> bodies = all(tmp, "fields-explosion.json");
        // the ground and all 40 Voronoi pieces: the strain field released every piece
        assertThat(bodies).hasSize(41);
        int thrown = 0;
        for (JsonNode b : bodies) {
            double x = c(b, "position", 0), z = c(b, "position", 2);
            if (Math.hypot(x, z) > 1.5) {
                thrown++;
            }
        }
        assertThat(thrown).as("pieces thrown more than 1.5 m from the wall's axis").isGreaterThanOrEqualTo(20);
    }

    /**
     * examples/fields-wave-erosion.json: the wave erodes the tower from its foot up and washes the loosened
     * pieces off. A user sees pieces come off and the tower come down: most of its 30 pieces end outside its
     * 1 x 1 m footprint and none is left at half its 4 m height (before 2026-12-05 the erosion alone released
     * 23 pieces that stayed stacked in place, resting on one another: only their colour changed).
     */
    @Test
    void fieldsWaveErodesTheTower(@TempDir Path tmp) throws Exception {
        int pieces = 0, off = 0;
        double highest = Double.NEGATIVE_INFINITY;
        for (JsonNode b : all(tmp, "fields-wave-erosion.json")) {
            if (b.get("id").asText().equals("tower")) {
                pieces++;
                highest = Math.max(highest, c(b, "position", 1));
                if (Math.max(Math.abs(c(b, "position", 0)), Math.abs(c(b, "position", 2))) > 0.5) {
                    off++;
                }
            }
        }
        assertThat(pieces).as("the tower broke into pieces").isGreaterThan(5);
        assertThat(off).as("pieces that came off: centre outside the tower's footprint").isGreaterThanOrEqualTo(10);
        assertThat(highest).as("the highest piece's centre: the tower came down").isLessThan(2.0);
    }

    /**
     * examples/bowling.json drawn with the default (automatic) camera: the pins and the ball are big enough to
     * see the strike. Drawn by state (moving bodies orange, static grey), the 11 moving bodies of frame 0
     * cover at least 2 000 of the 960 x 540 pixels, about 180 each (a standing 0.38 m pin at least ~40 pixels
     * tall); with the ball 10 m up the lane the framing had to hold the whole lane and they covered 847 (now 6 641).
     */
    @Test
    void bowlingDefaultFrameShowsThePinsAndTheBall(@TempDir Path tmp) throws Exception {
        Path png = tmp.resolve("bowling.png");
        StringWriter o = new StringWriter(), e = new StringWriter();
        assertThat(Main.execute(new String[] {"render", EXAMPLES.resolve("bowling.json").toString(), "--frames", "0", "--color",
                "state", "--out", png.toString()}, new PrintWriter(o), new PrintWriter(e))).as(e.toString()).isZero();
        java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(png.toFile());
        assertThat(img.getWidth()).isEqualTo(960);
        int moving = 0;
        for (int y = 0; y < img.getHeight(); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                int p = img.getRGB(x, y), r = p >> 16 & 0xFF, g = p >> 8 & 0xFF, bl = p & 0xFF;
                // the awake colour is orange (0xE8963C, shaded); the floor, the background and static bodies are grey
                if (r - bl > 60 && r > g) {
                    moving++;
                }
            }
        }
        assertThat(moving).as("pixels of the pins and the ball").isGreaterThanOrEqualTo(2000);
    }
}
