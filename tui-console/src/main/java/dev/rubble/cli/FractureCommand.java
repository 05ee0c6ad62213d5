package dev.rubble.cli;

import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.authoring.CollectionBuilder;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.fracture.FractureMethod;
import dev.rubble.spi.geom.ConvexPolytope;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.graph.ConnectionGraphMethod;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code rubble fracture}: make a geometry collection from a source shape and print a summary
 * (pieces per level, leaf volume against the source, edges, smallest/largest leaf, coefficient
 * of variation of leaf volumes); optionally save it (docs/collection-format.md).
 */
@Command(mixinStandardHelpOptions = true, name = "fracture", description = "Fracture a source shape into a geometry collection and print a summary.")
final class FractureCommand implements Callable<Integer> {
    @Option(names = "--source", paramLabel = "SHAPE", defaultValue = "box:half=1,0.5,0.25",
            description = "source shape: box:half=HX,HY,HZ (half extents in metres, centred at the origin, as "
                    + "everywhere in Rubble), "
                    + "hull:X,Y,Z;X,Y,Z;... (convex hull of 4 or more points) or a closed triangle mesh file "
                    + "(.obj, .ply, .glb, .gltf; any shape, convex or not); default ${DEFAULT-VALUE}")
    String source;

    @Option(names = "--repair", description = "mesh sources: remove collapsed triangles and turn inverted shells "
            + "outside-in instead of refusing them")
    boolean repair;

    @Option(names = "--grout", paramLabel = "METRES", defaultValue = "0",
            description = "mesh sources: gap left between neighbouring pieces, removed from both sides of every cut (default 0)")
    double groutWidth;

    @Option(names = "--hull-concavity", paramLabel = "REL", defaultValue = "0.15",
            description = "mesh sources: split a piece's collision hull while it exceeds the piece's volume by more than REL (default 0.15)")
    double hullConcavity;

    @Option(names = "--cut-planes", paramLabel = "N",
            description = "mesh sources: the planar cutter as the first level: N planes in random directions through random"
                    + " points of the mesh (seeded by --seed); with --noise the cuts are noisy")
    Integer cutPlanes;

    @Option(names = "--cut-plane", paramLabel = "NX,NY,NZ,D",
            description = "mesh sources: a cutting plane n.x = d for the planar cutter (repeatable; with --cut-planes, added after the random ones)")
    List<String> cutPlaneList = new ArrayList<>();

    @Option(names = "--cutters", paramLabel = "N",
            description = "mesh sources: the mesh cutter as the first level: N copies of the cutter mesh at random points inside the"
                    + " source, randomly rotated and scaled (seeded by --seed); each splits what it reaches into its inside and the rest")
    Integer cutters;

    @Option(names = "--cutter-mesh", paramLabel = "FILE",
            description = "mesh cutter: a closed convex mesh (.obj, .ply, .glb, .gltf) placed about its own origin (default: an"
                    + " icosahedron of circumradius 1 m)")
    String cutterMesh;

    @Option(names = "--cutter-scale", paramLabel = "MIN[,MAX]",
            description = "mesh cutter: uniform scale of each copy, drawn in [MIN, MAX] (default 0.2 of the source's bounds diagonal"
                    + " for the icosahedron, 1 for a given mesh)")
    String cutterScale;

    @Option(names = "--noise", paramLabel = "AMP[,FREQ[,OCTAVES]]", defaultValue = "0",
            description = "mesh sources: Perlin noise on the cut surfaces of every method (planar cutter, voronoi, slice, ...),"
                    + " amplitude in metres (default 0 = flat), frequency per metre (default 2), octaves (default 3);"
                    + " neighbours share the noisy surface")
    String noiseSpec;

    @Option(names = "--noise-spacing", paramLabel = "METRES",
            description = "mesh sources: point spacing of noisy cut surfaces (default 1/60 of the mesh's bounds diagonal)")
    Double noiseSpacing;

    @Option(names = "--max-hulls", paramLabel = "N", defaultValue = "8",
            description = "mesh sources: at most N convex collision hulls per piece (1..64, default 8)")
    int maxHulls;

    @Option(names = "--cluster-hulls", paramLabel = "N", defaultValue = "4",
            description = "collision proxies: every cluster (a node with children, the root included) whose own geometry"
                    + " is more than N hulls collides with at most N, each the convex hull of a group of nearby ones"
                    + " (Chaos's cluster convex hulls; 0: every hull, or 1..64, default 4). Mass, bonds and drawing keep the pieces")
    int clusterHullCount;

    @Option(names = "--method", paramLabel = "NAME",
            description = "fracture method per level (repeat for later levels; the last one repeats), default voronoi")
    List<String> methods = new ArrayList<>();

    @Option(names = "--option", parameterConsumer = KeyValueOnce.class, paramLabel = "KEY=VALUE",
            description = "an option for the fracture methods of every level, e.g. --option sites=radial, or for one "
                    + "level only with a level prefix, e.g. --option 2:x=4 (repeatable)")
    Map<String, String> options = new java.util.LinkedHashMap<>();

    @Option(names = "--sites", paramLabel = "N", description = "shorthand for --option count=N (voronoi)")
    Integer sites;

    @Option(names = "--threads", paramLabel = "N",
            description = "threads that compute the Voronoi cells (1.." + MAX_THREADS + ", default 1); the collection is"
                    + " byte for byte the same on any count")
    Integer threads;

    @Option(names = "--levels", paramLabel = "N", defaultValue = "1", description = "fracture levels (default 1)")
    int levels;

    @Option(names = "--chance", paramLabel = "P", defaultValue = "1",
            description = "levels after the first fracture each piece with probability P (default 1)")
    double chance;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "0", description = "random seed (default 0)")
    long seed;

    @Option(names = "--cluster", paramLabel = "K", description = "auto-cluster the root's children (the first level's pieces) into about K clusters; K from 1 to"
                    + " their count (groups of one stay unclustered, groups under --min-cluster-size join a neighbour)")
    Integer cluster;

    @Option(names = "--min-cluster-size", paramLabel = "N", defaultValue = "2",
            description = "auto-cluster: smaller components are merged into a neighbour (default 2)")
    int minClusterSize;

    @Option(names = "--fix-tiny", paramLabel = "REL",
            description = "merge leaves under REL x the largest leaf volume into a neighbour; off unless given (the SPEC suggests 0.01)")
    Double fixTiny;

    @Option(names = "--graph", paramLabel = "NAME", description = "connection-graph method (default minimal-spanning-subset-delaunay)")
    String graph;

    @Option(names = "--max-connections", paramLabel = "N", description = "at most N edges per node, shortest first (default no cap)")
    Integer maxConnections;

    @Option(names = "--density", paramLabel = "KG_M3", defaultValue = "2500", description = "density, kg/m^3 (default 2500)")
    double density;

    @Option(names = "--out", paramLabel = "FILE",
            description = "save the collection here: .rbc (the collection file), .json (the JSON collection format), or .obj, .ply, .glb (its leaves at rest,"
                    + " for other tools)")
    Path out;

    @Option(names = "--preview", paramLabel = "FILE.png", description = "also draw the leaves at rest as a PNG image")
    Path preview;

    @Option(names = "--explode", paramLabel = "F", defaultValue = "0",
            description = "preview: move each leaf away from the centre of mass by F times its offset (default 0), to show the cut faces")
    double explode;

    @Option(names = "--color", paramLabel = "MODE", defaultValue = "piece",
            description = "preview colours: piece (default), level, strain or state")
    String previewColor;

    @Mixin
    PluginOptions plugins;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        OutputFiles.check("--out", out); // before the fracture: "--out /proc/x.rbc" failed after it, "internal error"
        OutputFiles.check("--preview", preview);
        OutputFiles.checkDistinct(List.of(OutputFiles.named("--out", out), OutputFiles.named("--preview", preview)),
                List.of(OutputFiles.named("--source", MeshSources.isMeshFile(source) ? Path.of(source) : null),
                        OutputFiles.named("--cutter-mesh", cutterMesh == null ? null : Path.of(cutterMesh))));
        dev.rubble.authoring.mesh.TriMesh mesh = MeshSources.isMeshFile(source) ? MeshSources.load(source, repair) : null;
        OptionNeeds.check(spec, "--color", preview != null, "--preview FILE.png (it colours the preview)");
        OptionNeeds.check(spec, "--explode", preview != null, "--preview FILE.png (it spreads the preview's pieces)");
        OptionNeeds.check(spec, "--min-cluster-size", cluster != null, "--cluster K (it tunes the auto-clustering)");
        OptionNeeds.check(spec, "--chance", levels >= 2, "--levels 2 or more (it applies to the levels after the first)");
        OptionNeeds.check(spec, "--max-hulls", mesh != null, "a mesh source (.obj, .ply, .glb, .gltf; a box or hull piece"
                + " is one hull)");
        OptionNeeds.check(spec, "--hull-concavity", mesh != null, "a mesh source (.obj, .ply, .glb, .gltf; a box or hull"
                + " piece is one hull)");
        if (mesh == null && (repair || groutWidth != 0)) {
            throw new BadInputException("--repair and --grout apply to mesh sources (.obj, .ply, .glb, .gltf); --source is '" + source + "'");
        }
        if (!(groutWidth >= 0) || !Double.isFinite(groutWidth)) {
            throw new BadInputException("--grout " + groutWidth + " is out of range; allowed: finite and >= 0 metres");
        }
        if (!(hullConcavity >= 0) || !Double.isFinite(hullConcavity)) {
            throw new BadInputException("--hull-concavity " + hullConcavity + " is out of range; allowed: finite and >= 0");
        }
        if (maxHulls < 1 || maxHulls > 64) {
            throw new BadInputException("--max-hulls " + maxHulls + " is out of range; allowed: 1..64");
        }
        if (clusterHullCount < 0 || clusterHullCount > 64) {
            throw new BadInputException("--cluster-hulls " + clusterHullCount + " is out of range; allowed: 0 (every hull) or 1..64");
        }
        ConvexPolytope src = mesh != null ? null : parseSource(source);
        double[] planesCut = null;
        dev.rubble.authoring.mesh.MeshNoise noise = dev.rubble.authoring.mesh.MeshNoise.NONE;
        if (cutPlanes != null || !cutPlaneList.isEmpty() || !"0".equals(noiseSpec) || noiseSpacing != null) {
            if (mesh == null) {
                throw new BadInputException("--cut-planes, --cut-plane, --noise and --noise-spacing apply to mesh sources"
                        + " (.obj, .ply, .glb, .gltf); --source is '" + source + "'");
            }
            if (cutPlanes != null || !cutPlaneList.isEmpty()) {
                planesCut = MeshSources.cutPlanes(mesh, cutPlanes, cutPlaneList, seed);
            }
            noise = MeshSources.noise(mesh, noiseSpec, noiseSpacing, seed);
        }
        java.util.List<double[]> placedCutters = null;
        if (cutters != null || cutterMesh != null || cutterScale != null) {
            if (mesh == null) {
                throw new BadInputException("--cutters, --cutter-mesh and --cutter-scale apply to mesh sources"
                        + " (.obj, .ply, .glb, .gltf); --source is '" + source + "'");
            }
            if (planesCut != null) {
                throw new BadInputException("--cutters and --cut-planes/--cut-plane both make the first level; allowed: one of them");
            }
            placedCutters = MeshSources.cutters(mesh, cutters, cutterMesh, cutterScale, seed, repair);
        }
        if (levels < 1 || levels > 8) {
            throw new BadInputException("--levels " + levels + " is out of range; allowed: 1..8");
        }
        if (!(chance >= 0 && chance <= 1)) {
            throw new BadInputException("--chance " + chance + " is out of range; allowed: [0, 1]");
        }
        if (maxConnections != null && maxConnections < 1) {
            throw new BadInputException("--max-connections " + maxConnections + " is out of range; allowed: >= 1");
        }
        if (cluster != null && cluster < 1) {
            throw new BadInputException("--cluster " + cluster + " is out of range; allowed: >= 1");
        }
        if (minClusterSize < 1) {
            throw new BadInputException("--min-cluster-size " + minClusterSize + " is out of range; allowed: >= 1");
        }
        if (fixTiny != null && !(fixTiny >= 0 && fixTiny <= 1)) {
            throw new BadInputException("--fix-tiny " + fixTiny + " is out of range; allowed: [0, 1]");
        }
        if (!(density >= 1e-9 && density <= 1e9)) { // a scenario recipe's "density" range: 1e308 wrote a 1e308 kg collection
            throw new BadInputException("--density " + density + " is out of range; allowed: [1e-9, 1e9] kg/m^3");
        }
        if (threads != null && (threads < 1 || threads > MAX_THREADS)) {
            throw new BadInputException("--threads " + threads + " is out of range; allowed: 1.." + MAX_THREADS);
        }
        if (sites != null && sites < 1) {
            throw new BadInputException("--sites " + sites + " is out of range; allowed: >= 1");
        }
        for (Map.Entry<String, String> o : options.entrySet()) { // --sites won without a word
            if (sites != null && o.getKey().equals("count")) {
                throw new BadInputException("--sites " + sites + " with --option " + o.getKey() + "=" + o.getValue()
                        + ": both set the Voronoi site count; allowed: one of them");
            }
        }
        if (out != null) {
            if (Files.isDirectory(out)) {
                throw new BadInputException("--out " + out + " is a directory; allowed: a file name ending in .rbc, "
                        + Exports.ALLOWED);
            }
            Path parent = out.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new BadInputException("--out " + out + ": directory " + parent + " does not exist");
            }
            String lower = out.getFileName().toString().toLowerCase(Locale.ROOT);
            if (!lower.endsWith(".rbc") && !lower.endsWith(".json") && Exports.format(out) == null) {
                throw new BadInputException("--out " + out + ": unknown extension; allowed: .rbc, .json, " + Exports.ALLOWED);
            }
            if (lower.endsWith(".json") && MeshSources.isMeshFile(source)) {
                throw new BadInputException("--out " + out + ": a collection fractured from a mesh keeps its piece meshes,"
                        + " which JSON collections do not; allowed: .rbc");
            }
        }
        if (!(explode >= 0 && explode <= 10)) {
            throw new BadInputException("--explode " + explode + " is out of range; allowed: 0..10");
        }
        if (preview != null) {
            if (!preview.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".png")) {
                throw new BadInputException("--preview " + preview + ": allowed: a .png file");
            }
            RenderCommand.checkWritable(preview);
        }
        Stages stages = plugins.load();
        // the preview renderer is made before the (possibly long) fracture so a bad option fails fast
        dev.rubble.spi.render.Renderer previewRenderer = preview == null ? null
                : stages.create(StageFamily.RENDERER, "png", StageConfig.of(Map.of("color", previewColor, "overlay", false)));
        List<String> names = methods.isEmpty() ? List.of(StageFamily.FRACTURE.defaultName()) : methods;
        boolean voronoi = false;
        for (int l = 0; l < levels; l++) {
            voronoi |= "voronoi".equals(names.get(Math.min(l, names.size() - 1)));
        }
        if (!voronoi && (sites != null || threads != null)) {
            // --method brick --sites 100000 made 24 bricks, the --sites dropped without a word
            String opt = sites != null ? "--sites " + sites : "--threads " + threads;
            throw new BadInputException(opt + " applies to voronoi levels, and no level uses voronoi (--method "
                    + String.join(", ", names.subList(0, Math.min(levels, names.size()))) + "); allowed: the method's own"
                    + " --option KEY=VALUE, or --method voronoi");
        }
        List<FractureMethod> perLevel = new ArrayList<>();
        for (int l = 0; l < levels; l++) {
            String name = names.get(Math.min(l, names.size() - 1));
            Map<String, Object> opts = parseOptions(options, l + 1, levels);
            if (sites != null && "voronoi".equals(name) && !options.containsKey((l + 1) + ":count")) {
                opts.put("count", sites); // --sites is every level's count; a level's own --option L:count wins
            }
            if (threads != null && "voronoi".equals(name)) {
                opts.put("threads", threads);
            }
            if (mesh != null && l == 0) {
                MeshSources.sitesInside(mesh, name, opts, seed);
            }
            perLevel.add(stages.create(StageFamily.FRACTURE, name, StageConfig.of(opts)));
        }
        String graphName = graph != null ? graph : StageFamily.CONNECTION_GRAPH.defaultName();
        ConnectionGraphMethod g = stages.create(StageFamily.CONNECTION_GRAPH, graphName, StageConfig.empty());

        long t0 = System.nanoTime();
        CollectionBuilder b = mesh != null
                ? new CollectionBuilder(mesh).grout(groutWidth).hulls(hullConcavity, maxHulls).density(density)
                        .cellNoise(noise)
                : new CollectionBuilder(src).density(density);
        int firstLevel = 0;
        if (planesCut != null) {
            b.cutPlanes(0, planesCut, noise);
            firstLevel = 1;
        } else if (placedCutters != null) {
            if (b.cutMeshes(0, placedCutters, noise) == 0) {
                // every copy enclosed the whole mesh or left no piece of material: the mesh was written unbroken
                throw new BadInputException("--cutters " + cutters + (cutterScale == null ? "" : " --cutter-scale "
                        + cutterScale) + ": no copy of the cutter cut the mesh (each enclosed it whole, or what it cut"
                        + " held no material); allowed: copies smaller than the mesh (it is " + across(mesh)
                        + " m across), or another --seed");
            }
            firstLevel = 1;
        }
        GeometryCollection c;
        int clusters, merged;
        try {
            for (int l = firstLevel; l < levels; l++) {
                if (l > 0 && b.leaves().length > MAX_LEAVES_BEFORE_LEVEL) {
                    throw new BadInputException("--levels " + levels + ": level " + l + " already made " + b.leaves().length
                            + " pieces; fracturing each again is refused (allowed: at most " + MAX_LEAVES_BEFORE_LEVEL
                            + " pieces before a further level)");
                }
                b.fractureLevel(perLevel.get(l), seed + l, l == 0 ? 1.0 : chance);
            }
            if (cluster != null && cluster > b.children(0).length) {
                // k-means takes at most one group per piece: --cluster 100 over 8 pieces made what --cluster 8 makes
                throw new BadInputException("--cluster " + cluster + " is more than the pieces it groups: the root has "
                        + b.children(0).length + " children (the first level's pieces); allowed: 1.."
                        + b.children(0).length);
            }
            clusters = cluster == null ? 0 : b.autoCluster(0, cluster, minClusterSize, seed);
            merged = fixTiny == null ? 0 : b.fixTiny(fixTiny);
            b.clusterHulls(clusterHullCount);
            c = b.build(g, maxConnections == null ? Integer.MAX_VALUE : maxConnections);
        } catch (IllegalStateException e) {
            if (noise.flat()) {
                throw e;
            }
            // noisy cut surfaces that cross each other leave a piece that is not closed ("open cut loop")
            throw new BadInputException("--noise " + noiseSpec + ": the noisy cuts cross each other (" + e.getMessage()
                    + "); allowed: a smaller amplitude, well under the pieces' size (the mesh is " + across(mesh) + " m across)");
        }
        checkPieces(c, noise, mesh);
        checkMasses(c);
        long ms = (System.nanoTime() - t0) / 1_000_000;
        printSummary(spec.commandLine().getOut(), c, mesh != null ? mesh.volume() : src.volume(), graphName, clusters,
                merged, ms);
        if (mesh != null) {
            MeshSources.printSummary(spec.commandLine().getOut(), c);
        }
        if (clusterHullCount > 0) {
            spec.commandLine().getOut().printf(java.util.Locale.ROOT, "cluster collision: at most %d hulls per cluster; the root collides with %d%n",
                    clusterHullCount, c.hullCount(0));
        }
        if (out != null) {
            String format = Exports.format(out);
            if (mesh != null && "glb".equals(format)) {
                MeshSources.writeGlb(c, out);
            } else if (format == null) {
                // .json: the JSON collection format, else .rbc (decided by --out's name, written to a hidden file first)
                boolean json = dev.rubble.authoring.CollectionJson.isJson(out);
                OutputFiles.writeReplacingPath(out, part -> {
                    if (json) {
                        dev.rubble.authoring.CollectionJson.save(c, part);
                    } else {
                        dev.rubble.authoring.CollectionFile.save(c, part);
                    }
                });
            } else {
                Exports.collection(c, format, out);
            }
            spec.commandLine().getOut().println("wrote " + out);
        }
        if (preview != null) {
            dev.rubble.spi.render.FrameBuffer frame = new dev.rubble.spi.render.FrameBuffer();
            new dev.rubble.authoring.export.CollectionFrame(c).fill(frame, explode);
            OutputFiles.writeReplacing(preview, os -> {
                dev.rubble.spi.render.FrameWriter w = previewRenderer.open(os, 1, 960, 540);
                w.add(frame, dev.rubble.spi.render.RenderView.auto());
                w.finish();
            });
            spec.commandLine().getOut().println("wrote " + preview);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    /** A mesh's bounds diagonal, metres, to 3 digits (errors name it as the mesh's size). */
    private static String across(dev.rubble.authoring.mesh.TriMesh mesh) {
        double[] b = mesh.bounds();
        double diag = Math.sqrt((b[3] - b[0]) * (b[3] - b[0]) + (b[4] - b[1]) * (b[4] - b[1]) + (b[5] - b[2]) * (b[5] - b[2]));
        return String.format(Locale.ROOT, "%.3g", diag);
    }

    /**
     * Refuses a collection with a piece that cannot be simulated, before anything is written: a noise amplitude far
     * larger than the pieces ({@code --noise 1e6} on a 2 m cube) made noisy cut surfaces cross each other, and pieces of
     * negative volume and a collection of -17 134 kg were written with exit 0; a grout wider than the pieces ({@code
     * --grout 2} on a 2 m cube in 8 pieces) removed every one and wrote the unbroken source with no collision hull, a
     * collection that collides with nothing, exit 0.
     */
    /**
     * Every node's mass in [1e-9, 1e15] kg, a scenario body's range and the collection formats' (docs/collection-format.md):
     * before fuzz13 `--source box:half=500000,500000,500000 --density 1e9` wrote 1e27 kg pieces and a tiny box at
     * 1e-9 kg/m³ 1e-21 kg ones, whose JSON form (`collection convert`, "lossless") did not read back.
     */
    private void checkMasses(GeometryCollection c) {
        for (int i = 0; i < c.nodeCount(); i++) {
            double m = c.mass(i);
            if (!(m >= 1e-9 && m <= 1e15)) {
                throw new BadInputException(String.format(java.util.Locale.ROOT, "--density %s with --source %s gives %s %d"
                        + " a mass of %.6g kg; allowed: every piece in [1e-9, 1e15] kg (a scenario body's range)", density,
                        source, c.childCount(i) == 0 ? "piece" : "node", i, m));
            }
        }
    }

    private void checkPieces(GeometryCollection c, dev.rubble.authoring.mesh.MeshNoise noise,
                             dev.rubble.authoring.mesh.TriMesh mesh) {
        for (int leaf : c.leaves()) {
            double v = c.volume(leaf);
            boolean badVolume = !(v > 0) || !Double.isFinite(v);
            if (!badVolume && c.hullCount(leaf) > 0) {
                continue;
            }
            String what = "piece (node " + leaf + ") " + (badVolume ? "has a volume of " + v + " m3" : "has no collision hull");
            if (mesh != null && !noise.flat() && badVolume) {
                throw new BadInputException("--noise " + noiseSpec + ": the noisy cuts cross each other: " + what
                        + "; allowed: a smaller amplitude, well under the pieces' size (the mesh is " + across(mesh) + " m across)");
            }
            if (mesh != null && groutWidth > 0) {
                throw new BadInputException("--grout " + groutWidth + ": " + (c.leaves().length == 1 && leaf == 0
                        ? "the grout removed every piece, and the " : "the ") + what + "; allowed: a grout narrower than"
                        + " the pieces");
            }
            throw new IllegalStateException("the collection's " + what);
        }
    }

    static void printSummary(PrintWriter o, GeometryCollection c, double sourceVolume, String graphName, int clusters,
            int merged, long ms) {
        int[] perLevel = new int[c.maxLevel() + 1];
        for (int i = 0; i < c.nodeCount(); i++) {
            perLevel[c.level(i)]++;
        }
        int[] leaves = c.leaves();
        double sum = 0, min = Double.POSITIVE_INFINITY, max = 0;
        for (int leaf : leaves) {
            double v = c.volume(leaf);
            sum += v;
            min = Math.min(min, v);
            max = Math.max(max, v);
        }
        double mean = sum / leaves.length, var = 0;
        for (int leaf : leaves) {
            var += (c.volume(leaf) - mean) * (c.volume(leaf) - mean);
        }
        double cv = leaves.length > 1 ? Math.sqrt(var / leaves.length) / mean : 0;
        StringBuilder lv = new StringBuilder();
        for (int l = 0; l < perLevel.length; l++) {
            lv.append(l == 0 ? "" : ", ").append("L").append(l).append('=').append(perLevel[l]);
        }
        o.println("nodes:        " + c.nodeCount() + " (" + lv + ")");
        o.println("leaves:       " + leaves.length + (clusters > 0 ? "; auto-clusters: " + clusters : "")
                + (merged > 0 ? "; tiny pieces merged: " + merged : ""));
        o.println(String.format(Locale.ROOT, "volume:       leaves %.9g m3, source %.9g m3, relative error %.3e",
                sum, sourceVolume, Math.abs(sum - sourceVolume) / sourceVolume));
        o.println(String.format(Locale.ROOT, "leaf volume:  smallest %.6g m3, largest %.6g m3, mean %.6g m3, CV %.4f",
                min, max, mean, cv));
        o.println("contacts:     " + c.contactCount() + " sibling face contacts");
        o.println("edges:        " + c.edgeCount() + " (" + graphName + ")");
        o.println(String.format(Locale.ROOT, "mass:         %.6g kg; built in %d ms", c.mass(0), ms));
    }

    /** Most threads {@code --threads} accepts (the voronoi method's own limit). */
    static final int MAX_THREADS = 256;

    /** Most pieces a level may leave when another level follows (each is fractured again). */
    static final int MAX_LEAVES_BEFORE_LEVEL = CollectionBuilder.MAX_LEAVES_BEFORE_LEVEL;

    /** Smallest and largest box side accepted by {@code box:}, metres (smaller ones underflow mass and inertia). */
    static final double MIN_SIZE = 1e-4, MAX_SIZE = 1e6;
    /** Smallest and largest half extent of a {@code box:half=} source: half the sides above. */
    static final double MIN_HALF = MIN_SIZE / 2, MAX_HALF = MAX_SIZE / 2;

    /** Most points accepted by {@code hull:} on the command line. */
    static final int MAX_HULL_POINTS = 100_000;

    static ConvexPolytope parseSource(String s) {
        if (s.startsWith("hull:")) {
            return hull(s, parseHullPoints(s));
        }
        if (!dev.rubble.spi.shape.BoxSpelling.isBox(s)) {
            throw new BadInputException("--source '" + s + "' is not allowed; allowed: "
                    + dev.rubble.spi.shape.BoxSpelling.FORM + ", hull:X,Y,Z;X,Y,Z;... (metres) or a mesh file");
        }
        double[] h;
        try {
            h = dev.rubble.spi.shape.BoxSpelling.halfExtents(s, dev.rubble.spi.shape.BoxSpelling.OldMeaning.FULL_SIZES,
                    MIN_HALF, MAX_HALF);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--source " + e.getMessage());
        }
        return ConvexPolytope.box(0, 0, 0, h[0], h[1], h[2]);
    }

    private static double[] parseHullPoints(String s) {
        String[] items = s.substring(5).split(";");
        if (items.length < 4 || items.length > MAX_HULL_POINTS) {
            throw new BadInputException("--source '" + s + "' has " + items.length + " points; allowed: 4.."
                    + MAX_HULL_POINTS);
        }
        double[] p = new double[3 * items.length];
        for (int i = 0; i < items.length; i++) {
            String[] f = items[i].trim().split(",");
            if (f.length != 3) {
                throw new BadInputException("--source '" + s + "': point '" + items[i] + "' needs X,Y,Z");
            }
            for (int k = 0; k < 3; k++) {
                try {
                    p[3 * i + k] = Double.parseDouble(f[k].trim());
                } catch (NumberFormatException e) {
                    throw new BadInputException("--source '" + s + "': '" + f[k] + "' is not a number");
                }
                if (!Double.isFinite(p[3 * i + k])) {
                    throw new BadInputException("--source '" + s + "': '" + f[k] + "' is not finite");
                }
            }
        }
        return p;
    }

    /**
     * The convex hull of the points (the narrowphase's quickhull, {@link ConvexHull}) as a
     * polytope to fracture: same vertices, face loops and planes.
     */
    static ConvexPolytope hull(String spec, double[] p) {
        ConvexHull h;
        try {
            h = QuickHull.of(p);
        } catch (IllegalArgumentException e) {
            throw new BadInputException("--source '" + spec + "': " + e.getMessage());
        }
        ConvexPolytope poly = dev.rubble.authoring.mesh.MeshFracture.toPolytope(h); // same vertices, faces, planes
        double[] bb = poly.bounds();
        double minSide = Math.min(bb[3] - bb[0], Math.min(bb[4] - bb[1], bb[5] - bb[2]));
        double maxSide = Math.max(bb[3] - bb[0], Math.max(bb[4] - bb[1], bb[5] - bb[2]));
        if (!(minSide >= MIN_SIZE && maxSide <= MAX_SIZE && poly.volume() >= MIN_SIZE * MIN_SIZE * MIN_SIZE)) {
            throw new BadInputException("--source '" + spec + "': the hull is degenerate or absurd (bounds "
                    + minSide + " to " + maxSide + " m, volume " + poly.volume() + " m3); allowed: sides in ["
                    + MIN_SIZE + ", " + MAX_SIZE + "] m");
        }
        return poly;
    }

    /** The options for level {@code level} (1-based): unprefixed ones, then those prefixed {@code level:} (which win). */
    static Map<String, Object> parseOptions(Map<String, String> options, int level, int levels) {
        Map<String, Object> m = new TreeMap<>();
        Map<String, Object> own = new TreeMap<>(); // this level's prefixed options: they win whatever the order given
        for (Map.Entry<String, String> kv : options.entrySet()) {
            String k = kv.getKey(), v = kv.getValue(), o = k + "=" + v;
            if (k.isEmpty()) {
                throw new BadInputException("--option '" + o + "' is not allowed; allowed: [LEVEL:]KEY=VALUE, e.g. sites=radial");
            }
            int colon = k.indexOf(':');
            if (colon >= 0) {
                int l;
                try {
                    l = Integer.parseInt(k.substring(0, colon));
                } catch (NumberFormatException e) {
                    l = -1;
                }
                if (l < 1 || l > levels) {
                    throw new BadInputException("--option '" + o + "': level '" + k.substring(0, colon)
                            + "' is not allowed; allowed: 1.." + levels);
                }
                if (l != level) {
                    continue;
                }
                k = k.substring(colon + 1);
            }
            Map<String, Object> into = colon >= 0 ? own : m;
            Object val;
            if ("true".equals(v) || "false".equals(v)) {
                val = Boolean.valueOf(v);
            } else {
                try {
                    val = Double.valueOf(v);
                } catch (NumberFormatException e) {
                    val = v;
                }
            }
            into.put(k, val);
        }
        m.putAll(own);
        return m;
    }
}
