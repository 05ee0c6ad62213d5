package dev.rubble.cli;

import dev.rubble.bake.BakeProgress;
import dev.rubble.bake.BakeReport;
import dev.rubble.bake.LocalBake;
import dev.rubble.bake.Manifest;
import dev.rubble.bake.Sweep;
import dev.rubble.bake.SweepLoader;
import dev.rubble.bake.VariantResult;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code rubble bake SWEEP --out DIR [--workers N]} and {@code rubble bake report DIR} (docs/bake.md). */
@Command(name = "bake", mixinStandardHelpOptions = true, subcommands = BakeCommand.Report.class,
        description = {"Run every variant of a sweep file (docs/bake.md) on N worker threads: one reproducible journal"
                + " per variant under DIR/variants/ID/, then DIR/manifest.jsonl, manifest.csv and hashes.tsv.",
                "Run it again on the same DIR to resume: variants already complete and verified are kept.",
                "Exit 0 when every variant is ok, 1 when any failed (the manifest lists why), 2 for a bad sweep file."})
final class BakeCommand implements Callable<Integer> {
    @Parameters(index = "0", arity = "0..1", paramLabel = "SWEEP", description = "sweep file (rubble-sweep/1, docs/bake.md)")
    Path sweepFile;

    @Option(names = "--out", paramLabel = "DIR", description = "bake directory (created; reused to resume)")
    Path out;

    @Option(names = "--workers", paramLabel = "N", description = "worker threads (default: every core, ${DEFAULT-VALUE})")
    int workers = Runtime.getRuntime().availableProcessors();

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        // not picocli's required=: that would also demand them for `rubble bake report DIR`
        if (sweepFile == null || out == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), sweepFile == null
                    ? "missing SWEEP (a sweep file, docs/bake.md)" : "missing --out DIR (the bake directory)");
        }
        if (workers < 1 || workers > 4096) {
            throw new BadInputException("--workers " + workers + " is not allowed; allowed: 1..4096");
        }
        OutputFiles.checkDirectory("--out", out, "a new or earlier bake directory");
        checkBakeDirectory(out);
        Sweep sweep = SweepLoader.load(sweepFile);
        plugins.load(); // an unusable plugin directory is bad input now, not in every variant
        PrintWriter err = spec.commandLine().getErr();
        BakeProgress progress = new BakeProgress(err, System.console() != null, 2.0);
        LocalBake.Summary s = LocalBake.run(sweep, out, workers, plugins::load, progress, () -> false);
        err.printf("rubble: baked '%s' into %s: %d variants (%d run, %d reused and verified), %d failed, in %.1f s;"
                        + " manifest %s%n", sweep.name(), out, s.results().size(), s.ran(), s.reused(), s.failed(),
                s.millis() / 1000.0, out.resolve(Manifest.JSONL));
        err.flush();
        return s.failed() == 0 ? 0 : 1;
    }

    /**
     * An existing {@code --out} must be empty or a bake's (it holds {@code variants/} or a manifest): a bake into any
     * other directory wrote its variants and manifest among that directory's files and removed a {@code
     * manifest.csv} or {@code hashes.tsv} it held (a bake starts by removing the earlier manifest); {@code bake S
     * --out J} wrote a bake into the journal directory J, exit 0.
     */
    static void checkBakeDirectory(Path out) {
        if (!Files.isDirectory(out) || Files.exists(out.resolve(LocalBake.VARIANTS)) || Files.exists(out.resolve(Manifest.JSONL))) {
            return;
        }
        try (java.util.stream.Stream<Path> s = Files.list(out)) {
            java.util.Optional<Path> other = s.map(Path::getFileName).sorted().findFirst();
            if (other.isPresent()) {
                throw new BadInputException("--out " + out + " holds " + other.get() + " and no bake (no " + LocalBake.VARIANTS
                        + "/ nor " + Manifest.JSONL + "); allowed: a new or empty directory, or an earlier bake directory");
            }
        } catch (java.io.IOException e) {
            throw new BadInputException("--out " + out + ": cannot list it (" + e.getMessage() + ")");
        }
    }

    private static final String PLOTS_ALLOWED = "a new or empty directory, or one holding only an earlier report's plots"
            + " (.png), outside any journal";

    /**
     * An existing {@code --plots} must be empty or hold only an earlier report's plots (PNG files), and no {@code --plots}
     * may lie in a journal directory: {@code bake report B --plots J}, J a journal, wrote the plots among the journal's
     * files with exit 0 (as {@code bake --out J} wrote a bake there before it was refused).
     */
    static void checkPlotsDirectory(Path plots) {
        if (plots == null) {
            return;
        }
        for (Path p = plots.toAbsolutePath().normalize(); p != null; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("metadata.cq4t"))) {
                throw new BadInputException("--plots " + plots + (p.equals(plots.toAbsolutePath().normalize()) ? " is"
                        : " is inside") + " the journal directory " + p + "; allowed: " + PLOTS_ALLOWED);
            }
        }
        if (!Files.isDirectory(plots)) {
            return;
        }
        try (java.util.stream.Stream<Path> s = Files.list(plots)) {
            java.util.Optional<Path> other = s.filter(f -> !Files.isRegularFile(f)
                    || !f.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".png"))
                    .map(Path::getFileName).sorted().findFirst();
            if (other.isPresent()) {
                throw new BadInputException("--plots " + plots + " holds " + other.get() + ", which is not a plot; allowed: "
                        + PLOTS_ALLOWED);
            }
        } catch (java.io.IOException e) {
            throw new BadInputException("--plots " + plots + ": cannot list it (" + e.getMessage() + ")");
        }
    }

    @Command(name = "report", mixinStandardHelpOptions = true,
            description = "Summarise a finished bake (breaks, peak pieces, step time, failures) and plot breaks and peak"
                    + " pieces against every numeric parameter as PNG files.")
    static final class Report implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "DIR", description = "a bake directory (rubble bake --out)")
        Path dir;

        @Option(names = "--plots", paramLabel = "DIR", description = "where the PNG plots go (default: DIR/report): a new or empty directory, or one holding only"
                + " an earlier report's plots; never in a journal")
        Path plots;

        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            OutputFiles.checkDirectory("--plots", plots, PLOTS_ALLOWED);
            checkPlotsDirectory(plots);
            List<VariantResult> rows;
            try {
                rows = Manifest.read(dir);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(e.getMessage());
            }
            PrintWriter out = spec.commandLine().getOut();
            out.print(BakeReport.summary(dir, rows));
            for (Path p : BakeReport.plots(rows, plots != null ? plots : dir.resolve("report"))) {
                out.println("plot: " + p);
            }
            out.flush();
            return 0;
        }
    }
}
