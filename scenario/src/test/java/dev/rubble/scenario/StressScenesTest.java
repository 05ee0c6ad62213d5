package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The stress scenes of examples/stress (docs/destruction.md "Stress"). */
final class StressScenesTest {
    static final Path DIR = Path.of("..", "examples", "stress");

    static ScenarioWorld load(String name) throws Exception {
        return ScenarioWorld.create(ScenarioLoader.load(DIR.resolve(name)), Stages.load());
    }

    /** The scenario's text with every stress limit multiplied by k. */
    static Scenario scaled(String name, double k) throws Exception {
        var mapper = new com.fasterxml.jackson.databind.ObjectMapper();
        var root = (com.fasterxml.jackson.databind.node.ObjectNode) mapper.readTree(DIR.resolve(name).toFile());
        for (var c : root.get("collections")) {
            var st = (com.fasterxml.jackson.databind.node.ObjectNode) c.get("stress");
            for (String key : new String[] {"compressionElastic", "compressionFatal", "tensionElastic", "tensionFatal",
                    "shearElastic", "shearFatal"}) {
                if (st.has(key)) {
                    st.put(key, st.get(key).doubleValue() * k);
                }
            }
        }
        return ScenarioLoader.parse(mapper.writeValueAsString(root));
    }

    @Test
    void diag() throws Exception {
        for (String name : new String[] {"wall-hole.json"}) {
            ScenarioWorld sw = ScenarioWorld.create(scaled(name, 1000), Stages.load());
            DestructionRuntime d = sw.world().destruction();
            for (int s = 0; s < 40; s++) {
                sw.step();
                double max = 0;
                for (int e = 0; e < d.asset(0).edgeCount(); e++) {
                    max = Math.max(max, d.bondStress(0, e));
                }
                if (s == 0 || s == 21) {
                    System.out.printf("%s step %d maxRatio x1000 %.3f cut %d%n", name, s, max * 1000, d.stressCounters()[2]);
                    var a = d.asset(0);
                    Integer[] idx = new Integer[a.edgeCount()];
                    for (int e = 0; e < idx.length; e++) {
                        idx[e] = e;
                    }
                    java.util.Arrays.sort(idx, (x, y) -> Double.compare(d.bondStress(0, y), d.bondStress(0, x)));
                    double[] l = new double[6];
                    for (int q = 0; q < 8; q++) {
                        int e = idx[q];
                        d.bondLoad(0, e, l);
                        int na = a.edgeA()[e], nb = a.edgeB()[e];
                        double[] com = a.com();
                        double nx = com[3 * nb] - com[3 * na], ny = com[3 * nb + 1] - com[3 * na + 1], nz = com[3 * nb + 2] - com[3 * na + 2];
                        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
                        double n = (l[0] * nx + l[1] * ny + l[2] * nz) / len;
                        double f = Math.sqrt(l[0] * l[0] + l[1] * l[1] + l[2] * l[2]);
                        double m = Math.sqrt(l[3] * l[3] + l[4] * l[4] + l[5] * l[5]);
                        System.out.printf("  bond %d ratio %.2f at (%.2f %.2f) dir (%.2f %.2f %.2f) area %.4f N %.0f |F| %.0f |M| %.0f  N/A %.0f%n", e,
                                d.bondStress(0, e) * 1000, (com[3 * na] + com[3 * nb]) / 2, (com[3 * na + 1] + com[3 * nb + 1]) / 2,
                                nx / len, ny / len, nz / len, a.edgeArea()[e], n, f, m, n / a.edgeArea()[e]);
                    }
                }
            }
        }
    }
}
