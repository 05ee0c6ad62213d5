package dev.rubble.bake;

import com.fasterxml.jackson.databind.JsonNode;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import javax.imageio.ImageIO;

/**
 * {@code rubble bake report DIR}: a summary of a finished bake's manifest (counts, breaks, peak
 * pieces, step time, the mean breaks per value of each parameter, the failures) and one PNG plot
 * per numeric parameter of breaks and of peak pieces against it ({@code DIR/report/}).
 */
public final class BakeReport {
    private static final int W = 720, H = 440, LEFT = 80, RIGHT = 24, TOP = 40, BOTTOM = 60;

    private BakeReport() {
    }

    /** The summary text. */
    public static String summary(Path dir, List<VariantResult> rows) {
        StringBuilder sb = new StringBuilder();
        List<VariantResult> ok = new ArrayList<>();
        for (VariantResult r : rows) {
            if (r.ok()) {
                ok.add(r);
            }
        }
        sb.append(String.format(Locale.ROOT, "bake %s: %d variants, %d ok, %d failed%n", dir, rows.size(), ok.size(),
                rows.size() - ok.size()));
        if (!ok.isEmpty()) {
            double[] breaks = new double[ok.size()], rel = new double[ok.size()], pieces = new double[ok.size()];
            double[] ms = new double[ok.size()];
            long steps = 0;
            for (int i = 0; i < ok.size(); i++) {
                breaks[i] = ok.get(i).breaks();
                rel[i] = ok.get(i).releases();
                pieces[i] = ok.get(i).peakPieces();
                ms[i] = ok.get(i).stepMillis();
                steps += ok.get(i).steps();
            }
            sb.append(String.format(Locale.ROOT, "%-12s %10s %10s %10s %10s%n", "", "min", "median", "mean", "max"));
            row(sb, "breaks", breaks);
            row(sb, "releases", rel);
            row(sb, "peak pieces", pieces);
            row(sb, "step ms", ms);
            sb.append(String.format(Locale.ROOT, "%d steps simulated%n", steps));
            for (String p : Manifest.paramNames(ok.get(0))) {
                TreeMap<String, double[]> by = new TreeMap<>(); // value -> {count, breaks, releases, pieces (sums)}
                for (VariantResult r : ok) {
                    JsonNode v = Manifest.params(r).get(p);
                    double[] acc = by.computeIfAbsent(label(v), k -> new double[4]);
                    acc[0]++;
                    acc[1] += r.breaks();
                    acc[2] += r.releases();
                    acc[3] += r.peakPieces();
                }
                if (by.size() > 12) {
                    sb.append(String.format(Locale.ROOT, "%s: %d values (see the plots)%n", p, by.size()));
                    continue;
                }
                sb.append(String.format(Locale.ROOT, "%-34s %10s %10s %10s%n", p + ": by value", "breaks", "releases",
                        "peak pieces"));
                for (var e : sortedByNumber(by)) {
                    double[] a = e.getValue();
                    sb.append(String.format(Locale.ROOT, "  %-20s %4d variants %10.1f %10.1f %10.1f%n", e.getKey(),
                            (int) a[0], a[1] / a[0], a[2] / a[0], a[3] / a[0]));
                }
            }
        }
        for (VariantResult r : rows) {
            if (!r.ok()) {
                sb.append(String.format(Locale.ROOT, "failed: variant %d (%s) %s after %d steps: %s%n", r.index(), r.id(),
                        r.paramsJson(), r.steps(), r.error()));
            }
        }
        return sb.toString();
    }

    private static List<java.util.Map.Entry<String, double[]>> sortedByNumber(TreeMap<String, double[]> by) {
        List<java.util.Map.Entry<String, double[]>> es = new ArrayList<>(by.entrySet());
        es.sort((a, b) -> {
            Double x = number(a.getKey()), y = number(b.getKey());
            return x != null && y != null ? Double.compare(x, y) : a.getKey().compareTo(b.getKey());
        });
        return es;
    }

    private static Double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private static String label(JsonNode v) {
        return v == null ? "" : v.isTextual() ? v.textValue() : VariantIds.canonical(v);
    }

    private static void row(StringBuilder sb, String name, double[] xs) {
        double[] s = xs.clone();
        Arrays.sort(s);
        double mean = Arrays.stream(s).sum() / s.length;
        double median = s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
        sb.append(String.format(Locale.ROOT, "%-12s %10.3g %10.3g %10.3g %10.3g%n", name, s[0], median, mean, s[s.length - 1]));
    }

    /**
     * Writes {@code breaks-vs-P.png}, {@code releases-vs-P.png} and {@code peak-pieces-vs-P.png} into {@code outDir} for every
     * parameter P whose values are all numbers; returns the files written.
     */
    public static List<Path> plots(List<VariantResult> rows, Path outDir) {
        List<Path> out = new ArrayList<>();
        List<VariantResult> ok = new ArrayList<>();
        for (VariantResult r : rows) {
            if (r.ok()) {
                ok.add(r);
            }
        }
        if (ok.isEmpty()) {
            return out;
        }
        try {
            Files.createDirectories(outDir);
            for (String p : Manifest.paramNames(ok.get(0))) {
                double[] x = new double[ok.size()];
                boolean numeric = true;
                for (int i = 0; i < ok.size() && numeric; i++) {
                    JsonNode v = Manifest.params(ok.get(i)).get(p);
                    numeric = v != null && v.isNumber();
                    x[i] = numeric ? v.doubleValue() : 0;
                }
                if (!numeric) {
                    continue;
                }
                double[] breaks = new double[ok.size()], rel = new double[ok.size()], pieces = new double[ok.size()];
                for (int i = 0; i < ok.size(); i++) {
                    breaks[i] = ok.get(i).breaks();
                    rel[i] = ok.get(i).releases();
                    pieces[i] = ok.get(i).peakPieces();
                }
                int failed = rows.size() - ok.size();
                out.add(write(outDir.resolve("breaks-vs-" + p + ".png"), scatter("breaks vs " + p, p, "breaks", x, breaks, failed)));
                out.add(write(outDir.resolve("releases-vs-" + p + ".png"), scatter("releases vs " + p, p, "releases", x, rel, failed)));
                out.add(write(outDir.resolve("peak-pieces-vs-" + p + ".png"),
                        scatter("peak pieces vs " + p, p, "peak pieces", x, pieces, failed)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write plots to " + outDir + ": " + e.getMessage(), e);
        }
        return out;
    }

    private static Path write(Path f, BufferedImage img) throws IOException {
        ImageIO.write(img, "png", f.toFile());
        return f;
    }

    /** A scatter plot of (x, y) with axes, five ticks each and labels. */
    static BufferedImage scatter(String title, String xName, String yName, double[] x, double[] y, int failed) {
        BufferedImage img = new BufferedImage(W, H, BufferedImage.TYPE_INT_RGB);
        PixelFont.fill(img, 0, 0, W, H, 0xFFFFFF);
        double x0 = Arrays.stream(x).min().orElse(0), x1 = Arrays.stream(x).max().orElse(1);
        if (x1 - x0 < 1e-12) {
            x0 -= 1;
            x1 += 1;
        }
        double pad = (x1 - x0) * 0.05;
        x0 -= pad;
        x1 += pad;
        double y0 = Math.min(0, Arrays.stream(y).min().orElse(0)), y1 = Arrays.stream(y).max().orElse(1);
        if (y1 - y0 < 1e-12) {
            y1 = y0 + 1;
        }
        y1 += (y1 - y0) * 0.05;
        int pw = W - LEFT - RIGHT, ph = H - TOP - BOTTOM;
        int axis = 0x000000, grid = 0xE0E0E0, dot = 0x1F5FBF;
        for (int k = 0; k <= 4; k++) {
            int gx = LEFT + pw * k / 4, gy = TOP + ph - ph * k / 4;
            PixelFont.fill(img, gx, TOP, 1, ph, grid);
            PixelFont.fill(img, LEFT, gy, pw, 1, grid);
            String xl = tick(x0 + (x1 - x0) * k / 4), yl = tick(y0 + (y1 - y0) * k / 4);
            PixelFont.draw(img, xl, gx - PixelFont.width(xl, 2) / 2, TOP + ph + 8, 2, axis);
            PixelFont.draw(img, yl, LEFT - 8 - PixelFont.width(yl, 2), gy - 5, 2, axis);
        }
        PixelFont.fill(img, LEFT, TOP, 2, ph, axis);
        PixelFont.fill(img, LEFT, TOP + ph, pw, 2, axis);
        for (int i = 0; i < x.length; i++) {
            int px = LEFT + (int) Math.round((x[i] - x0) / (x1 - x0) * pw);
            int py = TOP + ph - (int) Math.round((y[i] - y0) / (y1 - y0) * ph);
            PixelFont.fill(img, px - 3, py - 3, 7, 7, dot);
        }
        String head = title + " (" + x.length + " variants" + (failed > 0 ? ", " + failed + " failed not shown" : "") + ")";
        PixelFont.draw(img, head, LEFT, 12, 2, axis);
        PixelFont.draw(img, xName, LEFT + pw / 2 - PixelFont.width(xName, 2) / 2, H - 22, 2, axis);
        PixelFont.draw(img, yName, 6, TOP - 18 + 0, 2, 0x555555);
        return img;
    }

    static String tick(double v) {
        if (Math.abs(v) < 1e-9) {
            return "0";
        }
        if (Math.abs(v) >= 1e5 || Math.abs(v) < 1e-2) {
            return String.format(Locale.ROOT, "%.2e", v);
        }
        String s = String.format(Locale.ROOT, "%.2f", v);
        s = s.replaceAll("0+$", "");
        return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    }
}
