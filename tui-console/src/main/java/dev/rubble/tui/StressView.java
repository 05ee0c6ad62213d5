package dev.rubble.tui;

import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.destruction.StressReadout;
import dev.rubble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The console's view of support-graph bond stress (issue 30; docs/console.md): two rows in the
 * destruction panel while some collection has a stress model —
 *
 * <pre>
 *  stress max 1.42 wall#37  3 solves 5 it res 2e-05  cut 1
 *  bonds <.5 120  <1 14  <2 5  >=2 0  damaged 3
 * </pre>
 *
 * the worst live bond's ratio (0..1 up to the elastic limit, 1..2 between the limits, 2 fatal) and
 * where it is, the last step's solves, iterations, worst residual and bonds cut, and how many live
 * bonds lie in each band of the {@code --color stress} scale (green, red, magenta) with how many
 * carry damage. Reads the runtime's last solve; nothing is solved here.
 */
final class StressView {
    private StressView() {
    }

    static List<String> lines(World world, int pw) {
        DestructionRuntime d = world.destruction();
        StressReadout rd = d.stress();
        List<String> out = new ArrayList<>(2);
        double worst = -1;
        int worstC = -1, worstE = -1, damaged = 0;
        int[] bands = new int[4];
        boolean any = false;
        for (int c = 0; c < d.collectionCount(); c++) {
            if (!rd.hasStressModel(c)) {
                continue;
            }
            any = true;
            for (int e = 0, n = d.asset(c).edgeCount(); e < n; e++) {
                if (!d.bondAlive(c, e)) {
                    continue;
                }
                double r = rd.bondStress(c, e);
                bands[r < 0.5 ? 0 : r < 1 ? 1 : r < 2 ? 2 : 3]++;
                if (rd.bondDamage(c, e) > 0) {
                    damaged++;
                }
                if (r > worst) {
                    worst = r;
                    worstC = c;
                    worstE = e;
                }
            }
        }
        if (!any) {
            return out;
        }
        long[] k = rd.stressCounters();
        String where = worstC < 0 ? "" : " " + (d.label(worstC) != null ? d.label(worstC) : "c" + worstC) + "#" + worstE;
        out.add(fit(String.format(Locale.ROOT, "stress max %.2f%s  %d solves %d it res %.0e  cut %d", Math.max(worst, 0), where,
                k[0], k[1], rd.stressResidual(), k[2]), pw));
        out.add(fit("bonds <.5 " + bands[0] + "  <1 " + bands[1] + "  <2 " + bands[2] + "  >=2 " + bands[3] + "  damaged "
                + damaged, pw));
        return out;
    }

    private static String fit(String s, int pw) {
        return s.length() > pw ? s.substring(0, Math.max(0, pw)) : s;
    }
}
