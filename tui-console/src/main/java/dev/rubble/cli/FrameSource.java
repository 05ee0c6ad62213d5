package dev.rubble.cli;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cache.playback.Playback;
import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.core.plugin.Stages;
import dev.rubble.authoring.export.CollectionFrame;
import dev.rubble.core.render.FrameBuilder;
import dev.rubble.scenario.Scenario;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.spi.render.FrameBuffer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Frames of something to draw or export, read forward: a scenario simulated live (frame k = the
 * state after k steps), a journal played back (frame k = the recorded state after step k-1, frame 0
 * the initial state) or a geometry collection (one frame: its leaves at rest).
 */
abstract class FrameSource implements AutoCloseable {

    /** The last frame there is, or {@link Long#MAX_VALUE} when frames are simulated on demand. */
    abstract long lastFrame();

    /** Default last frame for ranges when none is given. */
    abstract long defaultLastFrame();

    /** Moves forward to frame {@code k} (≥ the previous one) and fills {@code out}. */
    abstract void frame(long k, FrameBuffer out);

    @Override
    public void close() {
    }

    /**
     * Whether {@code source} is a collection ({@code .rbc} or collection JSON) rather than a scenario or journal.
     *
     * @param source the SOURCE argument
     * @return true for a collection file
     */
    static boolean isCollection(Path source) {
        return Files.isRegularFile(source) && (source.getFileName().toString().endsWith(".rbc")
                || dev.rubble.authoring.CollectionJson.isCollectionJson(source));
    }

    /** Opens a scenario JSON file, a journal directory or a collection (.rbc). */
    static FrameSource open(Path source, Stages stages) throws IOException {
        if (Files.isDirectory(source)) {
            return new JournalFrames(source, stages);
        }
        if (!Files.isRegularFile(source)) {
            throw new BadInputException("SOURCE " + source + " does not exist; allowed: a scenario .json file, a journal"
                    + " directory or a collection .rbc file");
        }
        if (source.getFileName().toString().endsWith(".rbc") || dev.rubble.authoring.CollectionJson.isCollectionJson(source)) {
            return new CollectionFrames(dev.rubble.authoring.CollectionJson.loadAny(source));
        }
        return new ScenarioFrames(ScenarioLoader.load(source), stages);
    }

    /**
     * Colours frames by the persistent field {@code name} ({@code --color field:NAME}; issue 24):
     * scenarios only, and only a name the scenario's {@code fields[]} gives a persistent field.
     */
    /**
     * The name of the body in {@code slot} for exports (issue 28: scenario ids become OBJ/glTF object
     * names): its scenario id, or for a collection piece the collection's id and the node
     * ({@code wall_node12}, {@code wall_cluster} for an internal cluster); null when it has none.
     */
    String name(int slot) {
        return null;
    }

    /**
     * A body's export name in {@code world} (the live and the played-back world alike); {@code collectionLabel} is
     * the label of {@code collection} (asked of the caller: a played-back world places no collections, and asking
     * its destruction runtime failed every export of a journal holding one with "collection = 0; allowed: [0, 0)").
     */
    static String name(dev.rubble.core.world.World world, int slot, int collection, String collectionLabel, int node) {
        String label = slot < world.bodies().label.length ? world.bodies().label[slot] : null;
        if (collection >= 0) {
            String c = collectionLabel;
            String base = c != null ? c : label != null ? label : "collection" + collection;
            return node >= 0 ? base + "_node" + node : base + "_cluster";
        }
        return label;
    }

    /**
     * The render meshes of placed collections' pieces (issue 33): {@code assets} are the drawn
     * world's, {@code collections} the same collections with their piece meshes (or none).
     */
    static dev.rubble.core.render.PieceMeshes pieceMeshes(java.util.List<dev.rubble.spi.collection.CollectionAsset> assets,
                                                         java.util.List<GeometryCollection> collections) {
        java.util.List<dev.rubble.spi.shape.TriangleMesh[]> tables = new java.util.ArrayList<>();
        for (GeometryCollection gc : collections) {
            dev.rubble.spi.shape.TriangleMesh[] t = null;
            for (int leaf : gc.leaves()) {
                if (gc.mesh(leaf) != null) {
                    if (t == null) {
                        t = new dev.rubble.spi.shape.TriangleMesh[gc.nodeCount()];
                    }
                    t[leaf] = CollectionFrame.meshShape(gc.mesh(leaf));
                }
            }
            tables.add(t);
        }
        return new dev.rubble.core.render.PieceMeshes(assets, tables);
    }

    void fieldColor(String name) {
        throw new BadInputException("--color field:" + name + ": field colours need a scenario or journal SOURCE (its"
                + " fields run live)");
    }

    /**
     * Colours frames by support-graph stress ({@code --color stress}; issue 30): scenarios, and journals (re-simulated:
     * they record no bond stress); not collections.
     */
    void stressColor() {
        throw new BadInputException("--color stress: stress colours need a scenario or journal SOURCE (its stress model"
                + " runs live; a collection has no loads)");
    }

    /**
     * Colours a collection's leaves by their cluster at {@code level} ({@code --color level} on a {@code .rbc}):
     * collections only.
     *
     * @param level the cluster level, checked against the collection's levels
     */
    void clusterLevel(int level) {
        throw new BadInputException("--cluster-level " + level + ": clusters are drawn for a collection SOURCE (.rbc or"
                + " collection JSON) only");
    }

    static final class ScenarioFrames extends FrameSource {
        private String fieldName;
        private boolean stress;

        @Override
        void stressColor() {
            boolean any = false;
            for (int c = 0; c < sw.world().destruction().collectionCount(); c++) {
                any |= sw.world().destruction().stress().hasStressModel(c);
            }
            if (!any) {
                throw new BadInputException("--color stress: the scenario has no collection with a stress model; allowed:"
                        + " a scenario whose collections[i].stress names one (e.g. \"model\": \"support-graph\")");
            }
            stress = true;
        }

        @Override
        void fieldColor(String name) {
            java.util.TreeSet<String> names = new java.util.TreeSet<>();
            for (var c : sw.scenario().commands()) {
                if (c.command() instanceof dev.rubble.core.command.Command.ApplyField f && f.persistent()) {
                    names.add(f.name());
                }
            }
            if (!names.contains(name)) {
                throw new BadInputException("--color field:" + name + ": the scenario has no persistent field '" + name
                        + "'; allowed: " + (names.isEmpty() ? "(none: give fields[] a persistent field with a name)"
                        : "field:" + String.join(", field:", names)));
            }
            fieldName = name;
        }

        private final ScenarioWorld sw;
        private final dev.rubble.core.render.PieceMeshes meshes;
        private final long steps;
        /** Pieces broken off so far (BREAK events; the overlay's breaks counter). */
        private long breaks;

        ScenarioFrames(Scenario scenario, Stages stages) {
            this.sw = ScenarioWorld.create(scenario, stages, Map.of());
            java.util.List<dev.rubble.spi.collection.CollectionAsset> assets = new java.util.ArrayList<>();
            java.util.List<GeometryCollection> gcs = new java.util.ArrayList<>();
            for (int i = 0; i < sw.collectionCount(); i++) {
                assets.add(sw.world().destruction().asset(i));
                gcs.add(sw.collection(i));
            }
            this.meshes = pieceMeshes(assets, gcs);
            this.steps = scenario.steps() > 0 ? scenario.steps() : 600;
        }

        /**
         * A scenario is simulated to its frames: at most the steps any command runs ({@link StepCounts#MAX_RUN}).
         * {@code render S --frames 2000000000} (and export) was accepted and simulated for days.
         */
        @Override
        long lastFrame() {
            return StepCounts.MAX_RUN;
        }

        @Override
        long defaultLastFrame() {
            return steps;
        }

        @Override
        String name(int slot) {
            var w = sw.world();
            if (!w.bodies().isLive(slot)) {
                return null;
            }
            int node = w.destruction().nodeOfBody(w.bodies().handle(slot));
            if (node < 0) {
                return name(w, slot, -1, null, -1);
            }
            int c = w.destruction().store().collection[node];
            return name(w, slot, c, w.destruction().label(c), w.destruction().store().node[node]);
        }

        @Override
        void frame(long k, FrameBuffer out) {
            while (sw.world().stepIndex() < k) {
                sw.step();
                // pieces broken off (BREAK events), as the demo's summary, the console, the viewer and
                // journal playback count them
                dev.rubble.core.destruction.BreakEvents ev = sw.world().destruction().events();
                for (int e = 0; e < ev.count(); e++) {
                    breaks += ev.kind[e] == dev.rubble.core.destruction.BreakEvents.BREAK ? 1 : 0;
                }
            }
            FrameBuilder.fill(sw.world(), out);
            meshes.apply(out); // issue 33: mesh-fractured pieces drawn with their render meshes
            if (fieldName != null) {
                FrameBuilder.field(sw.world(), fieldName, out);
            }
            if (stress) {
                FrameBuilder.stress(sw.world(), out);
            }
            out.setBreaks(breaks);
        }
    }

    static final class JournalFrames extends FrameSource {
        private final Playback playback;
        private final dev.rubble.core.render.PieceMeshes meshes;
        private final long last;
        private final Path dir;
        private final Stages stages;
        /**
         * The journal's world re-simulated from its recorded inputs (rebuilt as {@code rubble verify} rebuilds it, each
         * step's recorded inputs applied and its state hash checked against the recorded one), for what a journal
         * does not record but a live world has: bond stress ({@code --color stress}) and persistent fields'
         * values ({@code --color field:NAME}). Null when the frames are played back.
         */
        private dev.rubble.core.world.World sim;
        private JournalReader simReader;
        private final StepRecord simRec = new StepRecord();
        private boolean stress;
        private String fieldName;
        /** Pieces broken off so far in the re-simulation (BREAK events; the overlay's breaks counter). */
        private long simBreaks;

        @Override
        void stressColor() {
            resimulate("--color stress");
            boolean any = false;
            for (int c = 0; c < sim.destruction().collectionCount(); c++) {
                any |= sim.destruction().stress().hasStressModel(c);
            }
            if (!any) {
                throw new BadInputException("--color stress: the journal's world has no collection with a stress model;"
                        + " allowed: a journal of a scenario whose collections[i].stress names one (e.g. \"model\": \"support-graph\")");
            }
            stress = true;
        }

        @Override
        void fieldColor(String name) {
            resimulate("--color field:" + name);
            String json;
            try (JournalReader r = JournalReader.open(dir)) {
                json = r.header().scenarioJson();
            }
            java.util.TreeSet<String> names = new java.util.TreeSet<>();
            for (var c : ScenarioLoader.parse(json).commands()) {
                if (c.command() instanceof dev.rubble.core.command.Command.ApplyField f && f.persistent()) {
                    names.add(f.name());
                }
            }
            if (!names.contains(name)) {
                throw new BadInputException("--color field:" + name + ": the journal's scenario has no persistent field '"
                        + name + "'; allowed: " + (names.isEmpty() ? "(none: give fields[] a persistent field with a name)"
                        : "field:" + String.join(", field:", names)));
            }
            fieldName = name;
        }

        /** Switches to re-simulated frames ({@link #sim}); {@code what} names the option that needs it in errors. */
        private void resimulate(String what) {
            if (sim != null) {
                return;
            }
            JournalReader r = JournalReader.open(dir);
            try {
                if (r.lossyTracks() != null) {
                    throw new BadInputException(what + ": the journal " + dir + " is lossy; this colour re-simulates the"
                            + " journal from its recorded inputs, which needs the exact journal it was compressed from");
                }
                if (r.header().scenarioJson().isEmpty()) {
                    throw new BadInputException(what + ": the journal " + dir + " has no scenario text (recorded from the"
                            + " Java API); allowed: a journal recorded by rubble run SCENARIO --journal DIR, or the scenario itself");
                }
                sim = dev.rubble.cache.verify.Verifier.rebuild(r, stages);
            } catch (BadInputException e) {
                r.close();
                throw e;
            } catch (RuntimeException e) {
                r.close();
                throw new BadInputException(what + ": the journal " + dir + " cannot be re-simulated: " + e.getMessage());
            }
            r.setSlotLimit(sim.settings().maxBodies());
            simReader = r;
            java.util.List<dev.rubble.spi.collection.CollectionAsset> assets = new java.util.ArrayList<>();
            for (int i = 0; i < sim.destruction().collectionCount(); i++) {
                assets.add(sim.destruction().asset(i));
            }
            simMeshes = pieceMeshes(assets, playback.collections());
        }

        /** The re-simulated world's piece meshes ({@link #pieceMeshes}: keyed by its own assets). */
        private dev.rubble.core.render.PieceMeshes simMeshes;

        JournalFrames(Path dir, Stages stages) {
            this.dir = dir;
            this.stages = stages;
            long n = 0;
            try (JournalReader r = JournalReader.open(dir)) {
                StepRecord rec = new StepRecord();
                while (r.next(rec)) {
                    n++;
                }
            }
            this.last = n;
            this.playback = Playback.open(dir, stages);
            this.meshes = pieceMeshes(playback.collectionAssets(), playback.collections());
            this.anchors = dev.rubble.cache.playback.PlaybackPieces.of(playback, dir, stages);
        }

        /** Which pieces of partly anchored holders to hatch (a journal records kinematic bodies, not anchors). */
        private final dev.rubble.cache.playback.PlaybackPieces anchors;

        @Override
        long lastFrame() {
            return last;
        }

        @Override
        long defaultLastFrame() {
            return last;
        }

        @Override
        String name(int slot) {
            var w = playback.world();
            if (!w.bodies().isLive(slot)) {
                return null;
            }
            int c = playback.pieceCollection(slot);
            return name(w, slot, c, playback.collectionLabel(c), c < 0 ? -1 : playback.pieceNode(slot));
        }

        @Override
        void frame(long k, FrameBuffer out) {
            if (sim != null) {
                simFrame(k, out);
                return;
            }
            while (playback.world().stepIndex() < k) {
                playback.step();
            }
            FrameBuilder.fill(playback.world().bodies(), playback.world().stepIndex(), playback.world().time(),
                    playback::isDriven, true, out);
            int bodies = out.count();
            playback.drawUnions(out); // issue 29: union bodies member by member, as live frames
            anchors.anchoredParts(out, bodies); // only the anchored pieces of a partly anchored holder are hatched
            meshes.apply(out); // issue 33: a journal recorded with --journal-meshes draws the pieces' meshes
            pieces(playback, out, bodies);
            FrameBuilder.softBodies(playback.world().softBodies().store(), out); // none unless the playback world has them
        }

        /** Frame {@code k} of the re-simulated world, drawn as a scenario's live frame is. */
        private void simFrame(long k, FrameBuffer out) {
            while (sim.stepIndex() < k) {
                if (!simReader.next(simRec)) {
                    throw new BadInputException("journal " + dir + " ended before step " + (sim.stepIndex() + 1));
                }
                String[] made = dev.rubble.cache.journal.StepInputs.before(sim, simRec); // between-steps changes, hook, commands
                if (made != null) {
                    throw new BadInputException("journal " + dir + " does not re-simulate: before step " + simRec.step + ", "
                            + made[0] + " field " + made[1] + " recorded " + made[2] + ", re-made " + made[3]);
                }
                dev.rubble.cache.journal.StepInputs.step(sim);
                if (sim.profile().stateHash() != simRec.stateHash) {
                    throw new BadInputException("journal " + dir + " does not re-simulate bit for bit: step " + simRec.step
                            + " has state hash " + Long.toHexString(sim.profile().stateHash()) + ", the journal recorded "
                            + Long.toHexString(simRec.stateHash) + " (recorded by another build? `rubble verify` names the body)");
                }
                dev.rubble.core.destruction.BreakEvents ev = sim.destruction().events();
                for (int e = 0; e < ev.count(); e++) {
                    simBreaks += ev.kind[e] == dev.rubble.core.destruction.BreakEvents.BREAK ? 1 : 0;
                }
            }
            FrameBuilder.fill(sim, out);
            simMeshes.apply(out);
            if (fieldName != null) {
                FrameBuilder.field(sim, fieldName, out);
            }
            if (stress) {
                FrameBuilder.stress(sim, out);
            }
            out.setBreaks(simBreaks);
        }

        @Override
        public void close() {
            try {
                playback.close();
            } finally {
                if (simReader != null) {
                    simReader.close();
                }
            }
        }

        /** What a journal tells about destruction pieces ({@link dev.rubble.cache.playback.PlaybackPieces#destruction}). */
        static void pieces(Playback playback, FrameBuffer out) {
            pieces(playback, out, out.count());
        }

        /** As {@link #pieces(Playback, FrameBuffer)}, for the first {@code n} drawables (the bodies; not a union's members). */
        static void pieces(Playback playback, FrameBuffer out, int n) {
            dev.rubble.cache.playback.PlaybackPieces.destruction(playback, out, n);
        }
    }

    static final class CollectionFrames extends FrameSource {
        final GeometryCollection collection;
        private final CollectionFrame frame;
        private int clusterLevel = -1;

        @Override
        void clusterLevel(int level) {
            int max = collection.maxLevel();
            if (level < 0 || level > max) {
                throw new BadInputException("--cluster-level " + level + "; allowed: 0.." + max + " (this collection's"
                        + " levels: 0 = the whole collection, " + max + " = every leaf on its own)");
            }
            clusterLevel = level;
        }

        CollectionFrames(GeometryCollection c) {
            this.collection = c;
            this.frame = new CollectionFrame(c);
        }

        @Override
        long lastFrame() {
            return 0;
        }

        @Override
        long defaultLastFrame() {
            return 0;
        }

        @Override
        void frame(long k, FrameBuffer out) {
            frame.fill(out, 0, clusterLevel);
        }
    }
}
