package dev.rubble.cli;

import dev.rubble.core.soft.cage.Cage;
import dev.rubble.core.soft.cage.CageBuilder;
import dev.rubble.core.soft.cage.CageFile;
import dev.rubble.core.soft.cage.CageSource;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rubble softbody}: author a soft body's cage (convex hull, tetrahedralisation, masses,
 * edges, surface, skin binding; docs/soft-bodies.md), print a summary and optionally save it as an
 * {@code .rbsb} file. {@code --check FILE} validates an existing cage file instead.
 */
@Command(name = "softbody", description = "Build a soft body's tetrahedral cage from a model and print a summary.")
final class SoftBodyCommand implements Callable<Integer> {
    @Option(names = "--source", paramLabel = "SOURCE",
            description = "box:half=HX,HY,HZ (half extents, m, as everywhere in Rubble), sphere:R[,N], obj:FILE or points:FILE")
    String source;

    @Option(names = "--check", paramLabel = "FILE", description = "validate a cage file (.rbsb) and print its summary")
    Path check;

    @Option(names = "--spacing", paramLabel = "M", defaultValue = "0",
            description = "sample spacing in metres for interior and surface control points (0 = hull vertices only)")
    double spacing;

    @Option(names = "--density", paramLabel = "KG_M3", defaultValue = "1000", description = "density, kg/m^3, > 0 to 1e9 (default 1000)")
    double density;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1", description = "seed of the interior jitter (default 1)")
    long seed;

    @Option(names = "--out", paramLabel = "FILE", description = "save the cage here (.rbsb)")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        if ((source == null) == (check == null)) {
            throw new BadInputException("give exactly one of --source and --check");
        }
        for (String o : new String[] {"--spacing", "--density", "--seed"}) {
            OptionNeeds.check(spec, o, source != null, "--source (it shapes a cage being built; --check reads one as it is)");
        }
        OutputFiles.check("--out", out); // before the cage is built (issue 28)
        OutputFiles.checkDistinct("--out", out, "--check", check);
        if (out != null && !out.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".rbsb")) {
            // scenarios ("cage") and --check read cages by this name; any other name was written without a word
            throw new BadInputException("--out " + out + ": unknown extension; allowed: .rbsb (the cage file a scenario's"
                    + " \"cage\" and softbody --check read)");
        }
        Cage cage;
        long t0 = System.nanoTime();
        if (check != null) {
            InputFiles.requireFile("--check", check, "a cage file (.rbsb)");
            try {
                cage = CageFile.read(check);
                // what run does with it: a world adds the cage (the same checks as a scenario's soft body)
                new dev.rubble.core.soft.SoftBodyStore().add(cage, dev.rubble.core.soft.SoftMaterial.rubber(),
                        0, 0, 0, 0, 0, 0, 1, 0, 0, 0, null);
            } catch (IllegalArgumentException e) {
                throw new BadInputException(e.getMessage());
            }
        } else {
            if (!(spacing >= 0) || !Double.isFinite(spacing)) {
                throw new BadInputException("--spacing " + spacing + " is out of range; allowed: >= 0 metres");
            }
            // a scenario's softBodies[].density range: 1e308 gave an infinite mass, saved in a cage every scenario refused
            if (!(density >= Double.MIN_NORMAL && density <= 1e9)) {
                throw new BadInputException("--density " + density + " is out of range; allowed: > 0 to 1e9 kg/m^3 (as a"
                        + " scenario's softBodies[].density)");
            }
            try {
                CageSource src = CageSource.parse(source, Path.of(""));
                cage = CageBuilder.build(src.vertices(), src.indices(), density, spacing, seed);
            } catch (IllegalArgumentException e) {
                throw new BadInputException("--source " + source + ": " + e.getMessage());
            }
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        PrintWriter o = spec.commandLine().getOut();
        double volume = 0, minV = Double.POSITIVE_INFINITY;
        for (int t = 0; t < cage.tetCount(); t++) {
            volume += cage.tetVolume(t);
            minV = Math.min(minV, cage.tetVolume(t));
        }
        o.printf(Locale.ROOT, "control points: %d%n", cage.pointCount());
        o.printf(Locale.ROOT, "tetrahedra:     %d (volume %.6g m^3, smallest %.3g m^3)%n", cage.tetCount(), volume, minV);
        o.printf(Locale.ROOT, "edges:          %d%n", cage.edgeCount());
        o.printf(Locale.ROOT, "surface:        %d triangles%n", cage.surfaceCount());
        o.printf(Locale.ROOT, "mass:           %.6g kg%n", cage.mass());
        o.printf(Locale.ROOT, "skinned mesh:   %d vertices, %d triangles%n", cage.skinVertexCount(), cage.meshIndices().length / 3);
        o.printf(Locale.ROOT, "time:           %.1f ms%n", ms);
        if (out != null) {
            CageFile.write(cage, out);
            o.println("wrote " + out);
        }
        o.flush();
        return 0;
    }
}
