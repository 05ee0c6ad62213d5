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

    /** A body's export name in {@code world} (the live and the played-back world alike). */
    static String name(dev.rubble.core.world.World world, int slot, int collection, int node) {
        String label = slot < world.bodies().label.length ? world.bodies().label[slot] : null;
        if (collection >= 0) {
            String c = world.destruction().label(collection);
            String base = c != null ? c : label != null ? label : "collection" + collection;
            return node >= 0 ? base + "_node" + node : base + "_cluster";
        }
        return label;
    }

    void fieldColor(String name) {
        throw new BadInputException("--color field:" + name + ": field colours need a scenario SOURCE (its fields run live)");
    }

    static final class ScenarioFrames extends FrameSource {
        private String fieldName;

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
        private final long steps;
        /** Holders broken so far (the overlay's breaks counter). */
        private long breaks;

        ScenarioFrames(Scenario scenario, Stages stages) {
            this.sw = ScenarioWorld.create(scenario, stages, Map.of());
            this.steps = scenario.steps() > 0 ? scenario.steps() : 600;
        }

        @Override
        long lastFrame() {
            return Long.MAX_VALUE;
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
            return node < 0 ? name(w, slot, -1, -1)
                    : name(w, slot, w.destruction().store().collection[node], w.destruction().store().node[node]);
        }

        @Override
        void frame(long k, FrameBuffer out) {
            while (sw.world().stepIndex() < k) {
                sw.step();
                breaks += sw.world().profile().breaks();
            }
            FrameBuilder.fill(sw.world(), out);
            if (fieldName != null) {
                FrameBuilder.field(sw.world(), fieldName, out);
            }
            out.setBreaks(breaks);
        }
    }

    static final class JournalFrames extends FrameSource {
        private final Playback playback;
        private final long last;

        JournalFrames(Path dir, Stages stages) {
            long n = 0;
            try (JournalReader r = JournalReader.open(dir)) {
                StepRecord rec = new StepRecord();
                while (r.next(rec)) {
                    n++;
                }
            }
            this.last = n;
            this.playback = Playback.open(dir, stages);
        }

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
            return name(w, slot, c, c < 0 ? -1 : playback.pieceNode(slot));
        }

        @Override
        void frame(long k, FrameBuffer out) {
            while (playback.world().stepIndex() < k) {
                playback.step();
            }
            FrameBuilder.fill(playback.world().bodies(), playback.world().stepIndex(), playback.world().time(),
                    playback::isDriven, true, out);
            pieces(playback, out);
            FrameBuilder.softBodies(playback.world().softBodies().store(), out); // none unless the playback world has them
        }

        @Override
        public void close() {
            playback.close();
        }

        /**
         * What a journal tells about destruction pieces (issue 22): the breaks so far (BREAK events
         * played), each piece's cluster level, anchored = recorded kinematic, and strain 1 for a piece
         * released by a break (its load reached its threshold) and 0 otherwise: a journal records the
         * loads that broke pieces, not the near misses a live world's strain colours also show.
         */
        static void pieces(Playback playback, FrameBuffer out) {
            out.setBreaks(playback.breaksEntered());
            for (int i = 0, n = out.count(); i < n; i++) {
                int slot = out.piece(i);
                if (playback.pieceCollection(slot) < 0) {
                    continue;
                }
                out.setDestruction(i, playback.pieceLevel(slot), playback.recordedKinematic(slot),
                        playback.pieceBrokeAt(slot) >= 0 ? 1 : 0, playback.world().bodies().scale[slot]); // recorded shrink
            }
        }
    }

    static final class CollectionFrames extends FrameSource {
        final GeometryCollection collection;
        private final CollectionFrame frame;

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
            frame.fill(out);
        }
    }
}
