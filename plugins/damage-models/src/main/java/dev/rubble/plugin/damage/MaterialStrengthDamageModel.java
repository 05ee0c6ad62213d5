package dev.rubble.plugin.damage;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.damage.BondState;
import dev.rubble.spi.damage.DamageModel;
import dev.rubble.spi.damage.DamageModelFactory;
import java.util.Locale;

/**
 * Material strength and connectivity (SPEC §5; reference: chaos-clusters-strain-runtime §5.1):
 * {@code threshold = tensileStrength × A}, A combined over the node's live bonds by {@code mode}:
 * sum, max, min (the smallest live bond's area — Chaos starts its minimum at 0 so it is always 0;
 * we start at +∞) or avg. Thresholds are forces (N): the kernel divides collision impulses by dt.
 * A node with no live bond has threshold 0 (it holds by nothing). After a node loses neighbours its
 * threshold is recomputed over the bonds it has left, so unsupported pieces get weaker.
 *
 * <p>Per-bond strength (issue 23): a bond the asset gives its own strength ({@code Strengths.bondStrength},
 * Pa) holds {@code strength_e × area_e} instead of {@code tensileStrength × area_e}; the node's bonds then
 * combine as capacities (sum, max, min or avg of {@code s_e A_e}), and such a bond also fails on its own
 * when its node's load reaches its capacity ({@link #bondCapacity}). Assets without per-bond strengths
 * get exactly the values above.
 *
 * <p>Options: {@code tensileStrength} (Pa, ≥ 0, default 2 MPa), {@code mode} (sum|max|min|avg,
 * default sum).
 */
public final class MaterialStrengthDamageModel implements DamageModel {
    /** How bond areas combine. */
    public enum Mode { SUM, MAX, MIN, AVG }

    private final double strength;
    private final Mode mode;
    // the per-bond strengths of the last asset seen (one instance serves one placed collection)
    private CollectionAsset seen;
    private double[] seenStrengths;

    public MaterialStrengthDamageModel(double tensileStrength, Mode mode) {
        this.strength = tensileStrength;
        this.mode = mode;
    }

    @Override
    public boolean loadsAreForces() {
        return true;
    }

    @Override
    public void thresholds(CollectionAsset asset, BondState bonds, double[] out) {
        for (int i = 0; i < out.length; i++) {
            out[i] = asset.level()[i] == 0 ? Double.POSITIVE_INFINITY : threshold(asset, bonds, i);
        }
    }

    @Override
    public void bondsLost(CollectionAsset asset, BondState bonds, int[] nodes, int count, double[] thresholds) {
        for (int k = 0; k < count; k++) {
            thresholds[nodes[k]] = threshold(asset, bonds, nodes[k]);
        }
    }

    @Override
    public double bondCapacity(CollectionAsset asset, int e) {
        double[] bs = asset.strengths() == null ? null : asset.strengths().bondStrength();
        return bs == null || Double.isNaN(bs[e]) ? Double.POSITIVE_INFINITY : bs[e] * asset.edgeArea()[e];
    }

    private double threshold(CollectionAsset a, BondState bonds, int i) {
        double[] bs = bondStrengths(a);
        if (bs != null) {
            return capacities(a, bonds, i, bs);
        }
        int[] es = a.edgeStart(), el = a.edgeList();
        double[] area = a.edgeArea();
        double sum = 0, max = 0, min = Double.POSITIVE_INFINITY;
        int n = 0;
        for (int k = es[i]; k < es[i + 1]; k++) {
            int e = el[k];
            if (!bonds.alive(e)) {
                continue;
            }
            double ar = area[e];
            sum += ar;
            max = Math.max(max, ar);
            min = Math.min(min, ar);
            n++;
        }
        if (n == 0) {
            return 0;
        }
        double combined = switch (mode) {
            case SUM -> sum;
            case MAX -> max;
            case MIN -> min;
            case AVG -> sum / n;
        };
        return strength * combined;
    }

    /** The asset's per-bond strengths when some bond has one, else null (checked once per asset). */
    private double[] bondStrengths(CollectionAsset a) {
        if (a != seen) {
            seen = a;
            seenStrengths = a.strengths() != null && a.strengths().anyBondStrength() ? a.strengths().bondStrength() : null;
        }
        return seenStrengths;
    }

    /** Node i's threshold from its live bonds' capacities {@code s_e A_e} (s_e = the bond's strength, else tensileStrength). */
    private double capacities(CollectionAsset a, BondState bonds, int i, double[] bs) {
        int[] es = a.edgeStart(), el = a.edgeList();
        double[] area = a.edgeArea();
        double sum = 0, max = 0, min = Double.POSITIVE_INFINITY;
        int n = 0;
        for (int k = es[i]; k < es[i + 1]; k++) {
            int e = el[k];
            if (!bonds.alive(e)) {
                continue;
            }
            double cap = (Double.isNaN(bs[e]) ? strength : bs[e]) * area[e];
            sum += cap;
            max = Math.max(max, cap);
            min = Math.min(min, cap);
            n++;
        }
        if (n == 0) {
            return 0;
        }
        return switch (mode) {
            case SUM -> sum;
            case MAX -> max;
            case MIN -> min;
            case AVG -> sum / n;
        };
    }

    /** The factory ({@code material-strength}). */
    public static final class Factory implements DamageModelFactory {
        @Override
        public String name() {
            return "material-strength";
        }

        @Override
        public String description() {
            return "tensile strength x bond area (sum/max/min/avg), forces; weakens as bonds go";
        }

        @Override
        public DamageModel create(StageConfig config) {
            config.requireOnly("tensileStrength", "mode");
            double s = config.getDouble("tensileStrength", 2e6, 0, Double.MAX_VALUE);
            String m = config.getString("mode", "sum");
            Mode mode;
            try {
                mode = Mode.valueOf(m.toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("option 'mode' = " + m + "; allowed: sum, max, min, avg");
            }
            return new MaterialStrengthDamageModel(s, mode);
        }
    }
}
