package dev.rubble.plugin.render.png;

import dev.rubble.spi.StageConfig;

/**
 * Options of the pixel renderers: {@code color} = level | piece | strain | state | stress | cluster (default
 * level; {@code cluster} colours by piece id like {@code piece} and draws a swatch per cluster in the
 * legend, titled with {@code clusterLevel}: what {@code render x.rbc --color level} uses),
 * {@code shading} = lambert | flat (default lambert), {@code anchored} = hatch | outline (default
 * hatch), {@code grid} (ground grid, default true), {@code edges} (dark polygon edges, default true),
 * {@code overlay} (step, time, breaks text, default true), {@code field} (with {@code color = strain}: the strain
 * channel holds that field's value over the frame's largest, {@code rubble render --color field:NAME}, and the legend
 * says so instead of "1 = threshold"); the sheet and gif add {@code delay} (gif: milliseconds per frame, default 40).
 */
record RenderOptions(Color color, boolean lambert, boolean hatch, boolean grid, boolean edges, boolean overlay,
                     int delayMillis, int clusterLevel, String field) {
    enum Color { LEVEL, PIECE, STRAIN, STATE, STRESS, CLUSTER }

    static RenderOptions parse(StageConfig c, boolean animated) {
        if (animated) {
            c.requireOnly("color", "shading", "anchored", "grid", "edges", "overlay", "delay", "clusterLevel", "field");
        } else {
            c.requireOnly("color", "shading", "anchored", "grid", "edges", "overlay", "clusterLevel", "field");
        }
        Color color = switch (c.getString("color", "level")) {
            case "level" -> Color.LEVEL;
            case "piece" -> Color.PIECE;
            case "strain" -> Color.STRAIN;
            case "state" -> Color.STATE;
            case "stress" -> Color.STRESS;
            case "cluster" -> Color.CLUSTER;
            default -> throw new IllegalArgumentException("option 'color' = " + c.getString("color", "")
                    + "; allowed: level, piece, strain, state, stress, cluster");
        };
        boolean lambert = switch (c.getString("shading", "lambert")) {
            case "lambert" -> true;
            case "flat" -> false;
            default -> throw new IllegalArgumentException("option 'shading' = " + c.getString("shading", "")
                    + "; allowed: lambert, flat");
        };
        boolean hatch = switch (c.getString("anchored", "hatch")) {
            case "hatch" -> true;
            case "outline" -> false;
            default -> throw new IllegalArgumentException("option 'anchored' = " + c.getString("anchored", "")
                    + "; allowed: hatch, outline");
        };
        String field = c.getString("field", null);
        if (field != null && color != Color.STRAIN) {
            throw new IllegalArgumentException("option 'field' = " + field + " with color " + c.getString("color", "level")
                    + "; allowed: field with color strain (the field's value drawn in the strain channel)");
        }
        return new RenderOptions(color, lambert, hatch, c.getBoolean("grid", true), c.getBoolean("edges", true),
                c.getBoolean("overlay", true), animated ? c.getInt("delay", 40, 10, 10_000) : 40,
                c.getInt("clusterLevel", 1, 0, 1_000), field);
    }
}
