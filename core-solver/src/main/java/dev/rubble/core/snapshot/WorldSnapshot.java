package dev.rubble.core.snapshot;

import com.google.inject.Module;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.DestructionState;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.soft.SoftBodySnapshot;
import dev.rubble.core.soft.SoftBodyStore;
import dev.rubble.core.step.StepContext;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.broadphase.Broadphase;
import dev.rubble.spi.shape.Shape;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A saved world (docs/snapshot-format.md): {@link #save} writes everything the next step reads;
 * {@link #read} checks a file and decodes its settings; {@link #restore} builds a world with those
 * settings and loads the state into it, after which it steps bit for bit like the original.
 *
 * <p>What is saved: settings; the step counter and time; every body slot (free slots with their
 * generation, so handles stay valid and stale ones stay stale; live bodies with every array the step
 * reads, shape, label, kinematic target, bounds, sleep timer; the partition order and the free list
 * in reuse order); sleeping-island rings and the proxies made moving for one broadphase pass; the
 * contact store with its impulses and the narrowphase's warm-start arrays; the body-pair contact
 * cache; the parked manifolds and cache entries of sleeping islands; geometry collections with
 * their destruction state (DEST, version 2); soft bodies with their cages, points, constraints,
 * pins and attachments (SOFT, version 3; {@link SoftBodySnapshot}); commands queued for the next
 * step. Not saved, because the next step rebuilds them before reading them: the broadphase (its
 * proxies are re-added from the bodies: its pairs are sorted, so their order does not depend on its
 * internal structure, and every fixed proxy holds exactly the body's bounds), the pair buffer, the
 * solver's rows, islands, the profile of the last step.
 *
 * <p>Refused with a {@link SnapshotException} when saving: collections whose strain modifiers cannot
 * hand over their state or be re-created, soft bodies whose cage a cage file cannot hold or whose
 * store was changed by hand ({@link SoftBodySnapshot#refusal}), and worlds whose contact stage is
 * not the narrowphase plugin's (a test's replacement).
 */
public final class WorldSnapshot {
    private final String name;
    private final Map<String, byte[]> sections;
    private final WorldSettings settings;
    private final String origin;
    private final long stepIndex;
    private final double time;

    /** The number of event kinds the EVNT section carries (it depends on the format version: {@link SnapshotFile#eventKinds}). */
    private int eventKinds = dev.rubble.core.event.EventKinds.COUNT;
    /** Whether {@link #restoreInto} leaves the saved queued commands out ({@link #withoutQueuedCommands}). */
    private boolean dropQueued;

    private WorldSnapshot(String name, Map<String, byte[]> sections) {
        this.name = name;
        this.sections = sections;
        try {
            DataInputStream meta = section("META");
            this.origin = RecordCodec.readString(meta);
            this.settings = (WorldSettings) RecordCodec.readRecord(section("SETT"), WorldSettings.class, List.of(),
                    name + ": settings");
            DataInputStream clock = section("CLCK");
            this.stepIndex = clock.readLong();
            this.time = clock.readDouble();
        } catch (IOException e) {
            throw damaged(e);
        } catch (SnapshotException e) {
            throw e;
        } catch (IllegalArgumentException e) {
            throw new SnapshotException(name + " is damaged: " + e.getMessage(), e);
        }
    }

    // ---- saving ---------------------------------------------------------------------------------

    /**
     * Saves {@code world} (between steps) to {@code out}. {@code origin} (may be empty) names where
     * the world came from, e.g. the scenario name, and is checked by tools that restore it. Returns
     * the file's {@link #fingerprint()}.
     *
     * @throws SnapshotException when the world holds state snapshots cannot save yet
     */
    public static long save(World world, OutputStream out, String origin) throws IOException {
        return save(world, out, origin, true);
    }

    /**
     * As {@link #save(World, OutputStream, String)}, but with no queued commands: the world as the next step will
     * find it before its commands apply. A journal's keyframes are saved so, because the next step's document
     * lists every command that step applied, those queued before the keyframe too: a start keyframe that held
     * them as well had them applied twice on every verify (docs/journal-format.md, "Start keyframe").
     */
    public static long saveWithoutQueuedCommands(World world, OutputStream out, String origin) throws IOException {
        return save(world, out, origin, false);
    }

    private static long save(World world, OutputStream out, String origin, boolean withQueue) throws IOException {
        Objects.requireNonNull(world, "world is null");
        Objects.requireNonNull(out, "out is null");
        Objects.requireNonNull(origin, "origin is null");
        checkSavable(world);
        StepContext ctx = world.context();
        RecordCodec.ShapeTable shapes = new RecordCodec.ShapeTable();
        byte[] body = payload(o -> BodyCodec.write(world.bodies(), shapes, o));
        byte[] cmds = payload(o -> {
            List<Command> queued = withQueue ? ctx.queuedCommands() : List.of();
            o.writeInt(queued.size());
            for (Command c : queued) {
                if (c instanceof Command.ApplyField f) { // issue 24: a node tree is not a plain record value
                    o.writeByte('F');
                    dev.rubble.core.command.FieldCommands.write(o, f);
                } else if (c instanceof Command.AddConstraint k) { // issue 29: arrays are not plain record values
                    o.writeByte('K');
                    ConstraintSnapshot.writeCommand(o, k);
                } else {
                    RecordCodec.writeRecord(o, (Record) c, shapes);
                }
            }
        });
        byte[] shap = payload(o -> {
            o.writeInt(shapes.shapes.size());
            BodyStore b = world.bodies();
            for (int i = 0; i < shapes.shapes.size(); i++) {
                o.write(ShapeCodec.encodeExact(shapes.shapes.get(i), "shape " + i + " (" + firstUser(b, shapes.shapes.get(i)) + ")"));
            }
        });
        final dev.rubble.core.step.FrameState frames = world.context().frameState;
        SnapshotFile f = new SnapshotFile(frames != null ? SnapshotFile.VERSION : SnapshotFile.VERSION_NO_FRAMES);
        f.section("META", payload(o -> RecordCodec.writeString(o, origin)));
        f.section("SETT", payload(o -> RecordCodec.writeRecord(o, world.settings(), shapes)));
        f.section("CLCK", payload(o -> {
            o.writeLong(world.stepIndex());
            o.writeDouble(world.time());
        }));
        f.section("SHAP", shap);
        f.section("BODY", body);
        f.section("STAT", payload(o -> {
            BodyStates st = world.states();
            int[] rings = st.rings();
            o.writeInt(rings.length);
            for (int r : rings) {
                o.writeInt(r);
            }
            long[] unfixed = st.unfixedHandles();
            o.writeInt(unfixed.length);
            for (long h : unfixed) {
                o.writeLong(h);
            }
        }));
        f.section("CONT", payload(o -> world.narrowphaseStage().writeState(world.contacts(), o)));
        f.section("DEST", payload(o -> CollectionCodec.write(world.destruction(), o))); // version 2
        f.section("SOFT", payload(o -> SoftBodySnapshot.write(world.softBodies().store(), o))); // version 3
        f.section("FELD", payload(o -> writeFields(world, o))); // issue 24: persistent fields, per-body thresholds
        f.section("EVNT", payload(o -> EventSnapshot.write(world, o))); // version 5: event switches, filters, memory
        f.section("UNIO", payload(o -> world.destruction().unions().write(o))); // version 6: cluster unions (issue 29)
        f.section("JNTS", payload(o -> ConstraintSnapshot.write(ctx, o))); // version 7: constraints (issue 29)
        f.section("FILT", payload(o -> { // version 8 (issue 28): ignored body pairs, sorted by handles
            dev.rubble.core.body.IgnoredPairs ip = world.bodies().ignoredPairs;
            o.writeInt(ip.size());
            for (int i = 0; i < ip.size(); i++) {
                o.writeLong(ip.first(i));
                o.writeLong(ip.second(i));
            }
        }));
        f.section("STRS", payload(o -> world.destruction().writeStress(o,
                (oo, c) -> RecordCodec.writeValue(oo, c, null)))); // version 10 (issue 30): stress models and state
        if (frames != null) { // version 11: the game loop's state (PhysicsWorld.update), only for worlds that have it
            f.section("FRAM", payload(o -> frames.write(o, world.bodies().slotLimit())));
        }
        f.section("CMDS", cmds);
        return f.finish(out);
    }

    /**
     * Fails, saying why, when {@code world} holds state snapshots cannot save (see the class
     * comment: strain modifiers without saved state, soft bodies a cage file cannot hold, a replaced
     * contact stage) or is inside a step.
     *
     * @throws SnapshotException naming what is not supported
     */
    public static void checkSavable(World world) {
        StepContext ctx = world.context();
        if (ctx.stepping()) {
            throw new IllegalStateException("snapshot saved from inside a step; save between steps");
        }
        String refusal = DestructionState.refusal(world.destruction());
        if (refusal != null) {
            throw new SnapshotException("cannot save a snapshot: " + refusal);
        }
        String softRefusal = SoftBodySnapshot.refusal(world.softBodies().store()); // soft bodies are saved since format 3
        if (softRefusal != null) {
            throw new SnapshotException("cannot save a snapshot: " + softRefusal);
        }
        if (ctx.contactStage != world.narrowphaseStage()) {
            throw new SnapshotException("cannot save a snapshot: the NARROWPHASE slot is filled by "
                    + ctx.contactStage.getClass().getName() + ", not the narrowphase plugin's stage");
        }
    }

    /** Saves {@code world} to {@code file} (written beside it, then moved into place); returns its {@link #fingerprint()}. */
    public static long save(World world, Path file, String origin) throws IOException {
        Path abs = file.toAbsolutePath();
        Path tmp = abs.resolveSibling(abs.getFileName() + ".part");
        long fingerprint;
        try (OutputStream os = Files.newOutputStream(tmp)) {
            fingerprint = save(world, os, origin);
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
        return fingerprint;
    }

    private static String firstUser(BodyStore b, Shape s) {
        for (int i = 0; i < b.slotLimit(); i++) {
            if (b.isLive(i) && b.shape[i] == s) {
                return "body " + BodyStore.handleString(b.handle(i)) + (b.label[i] != null ? " '" + b.label[i] + "'" : "");
            }
        }
        return "a queued spawn";
    }

    private interface Writer {
        void write(DataOutputStream out) throws IOException;
    }

    private static byte[] payload(Writer w) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        DataOutputStream out = new DataOutputStream(bytes);
        w.write(out);
        out.flush();
        return bytes.toByteArray();
    }

    // ---- reading --------------------------------------------------------------------------------

    /** Reads and checks a snapshot file. @throws SnapshotException naming the file's problem */
    public static WorldSnapshot read(Path file) throws IOException {
        return read(Files.readAllBytes(file), file.toString());
    }

    /** Reads and checks a snapshot from {@code in} (read to its end); {@code name} appears in messages. */
    public static WorldSnapshot read(InputStream in, String name) throws IOException {
        return read(in.readAllBytes(), name);
    }

    static WorldSnapshot read(byte[] bytes, String name) {
        Map<String, byte[]> sections = SnapshotFile.parse(bytes, name);
        WorldSnapshot w = new WorldSnapshot(name, sections);
        w.eventKinds = SnapshotFile.eventKinds(SnapshotFile.version(bytes));
        w.fingerprint = SnapshotFile.fingerprint(bytes);
        return w;
    }

    private long fingerprint;

    /**
     * The number of commands the saved world had queued for its next step (section CMDS).
     * @throws SnapshotException when the section is damaged
     */
    public int queuedCommandCount() {
        try {
            return count(section("CMDS"), "command");
        } catch (IOException e) {
            throw damaged(e);
        } catch (IllegalArgumentException e) {
            throw new SnapshotException(name + " is damaged: " + e.getMessage(), e);
        }
    }

    /**
     * This snapshot, restoring without the commands the saved world had queued (they are still read and
     * checked). A journal's keyframe written before 2026-12-06 by {@code JournalWriter.attach} held the commands
     * queued at attach, which the first step's document lists too (docs/journal-format.md, "Start keyframe").
     * @return a snapshot of the same bytes whose restore queues no command
     */
    public WorldSnapshot withoutQueuedCommands() {
        WorldSnapshot w = new WorldSnapshot(name, sections);
        w.eventKinds = eventKinds;
        w.fingerprint = fingerprint;
        w.dropQueued = true;
        return w;
    }

    /** The file's CRC-32C and length as one value: equal for the bytes a {@link #save} returned it for. */
    public long fingerprint() {
        return fingerprint;
    }

    /** The settings the world was saved with. */
    public WorldSettings settings() {
        return settings;
    }

    /** Where the world came from (e.g. the scenario name), as given when saving; may be empty. */
    public String origin() {
        return origin;
    }

    /** Steps the saved world had taken. */
    public long stepIndex() {
        return stepIndex;
    }

    /** Simulated time of the saved world, seconds. */
    public double time() {
        return time;
    }

    /**
     * The first setting in which {@code other} differs from the saved ones, as one line
     * ("dynamics.gyroscopic: saved true, here false"), or null when they are equal. The thread count
     * is not compared: a world steps to the same bits on every count (docs/parallel.md), so a world
     * saved on one resumes on any.
     */
    public String settingsDifference(WorldSettings other) {
        return difference("", settings, other.withThreads(settings.threads()));
    }

    private static String difference(String prefix, Object a, Object b) {
        if (a instanceof Record ra && b instanceof Record rb && a.getClass() == b.getClass()) {
            for (RecordComponent c : a.getClass().getRecordComponents()) {
                try {
                    String d = difference(prefix + c.getName() + ".", c.getAccessor().invoke(ra), c.getAccessor().invoke(rb));
                    if (d != null) {
                        return d;
                    }
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return null;
        }
        if (Objects.equals(a, b)) {
            return null;
        }
        String field = prefix.isEmpty() ? "settings" : prefix.substring(0, prefix.length() - 1);
        return field + ": saved " + a + ", here " + b;
    }

    /**
     * A new world with the saved settings and {@code stages} (plus Guice {@code overrides}), holding
     * the saved state.
     */
    public World restore(Stages stages, Module... overrides) {
        return restore(stages, 0, overrides);
    }

    /**
     * As {@link #restore(Stages, Module...)}, stepping on {@code threads} threads (0: as saved); the
     * world continues to the same bits on any count.
     */
    public World restore(Stages stages, int threads, Module... overrides) {
        World w = World.create(threads > 0 ? settings.withThreads(threads) : settings, stages, overrides);
        restoreInto(w);
        return w;
    }

    /**
     * Loads the saved state into {@code world}, which must be freshly created with the same
     * settings and not stepped (no body, collection or soft body). The file was checked when it was
     * read; should decoding still fail, the world is left part-restored: discard it. (The soft
     * bodies are decoded and checked before anything is loaded, so a bad SOFT section fails first.)
     *
     * @throws SnapshotException when the settings differ (naming the first difference) or the world is not fresh
     */
    public void restoreInto(World world) {
        String diff = settingsDifference(world.settings());
        if (diff != null) {
            throw new SnapshotException(name + " was saved with other settings: " + diff);
        }
        BodyStore b = world.bodies();
        if (b.slotLimit() != 0 || world.stepIndex() != 0 || world.broadphase().size() != 0 || world.contacts().size() != 0
                || world.destruction().collectionCount() != 0 || world.softBodies().store().size() != 0) {
            throw new IllegalStateException("a snapshot restores into a fresh world (no bodies, never stepped)");
        }
        StepContext ctx = world.context();
        try {
            // version 3: the soft bodies are decoded and checked in full first, into a detached store
            SoftBodyStore soft = null;
            if (sections.containsKey("SOFT")) {
                DataInputStream in = section("SOFT");
                try {
                    soft = SoftBodySnapshot.read(in);
                } catch (IllegalArgumentException e) {
                    throw new SnapshotException(name + " is damaged: section SOFT: " + e.getMessage(), e);
                } catch (EOFException e) {
                    throw new SnapshotException(name + " is damaged: section SOFT ends before the data it describes", e);
                }
                end(in, "SOFT");
            }
            DataInputStream shap = section("SHAP");
            int ns = shap.readInt();
            if (ns < 0 || ns > (1 << 26)) {
                throw new IllegalArgumentException("shape count " + ns + " is out of range");
            }
            List<Shape> shapes = new ArrayList<>(Math.min(ns, 1 << 16));
            for (int i = 0; i < ns; i++) {
                shapes.add(ShapeCodec.read(shap));
            }
            end(shap, "SHAP");
            DataInputStream body = section("BODY");
            BodyCodec.read(b, shapes, body);
            end(body, "BODY");
            Broadphase bp = world.broadphase();
            double[] bo = b.bounds;
            for (int s = 0, n = b.slotLimit(); s < n; s++) {
                if (b.isLive(s) && b.state[s] != BodyState.DISABLED.ordinal()) {
                    int o = 6 * s;
                    bp.add(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5],
                            b.state[s] != BodyState.AWAKE.ordinal());
                }
            }
            DataInputStream stat = section("STAT");
            int nr = count(stat, "ring");
            int[] rings = new int[nr];
            for (int i = 0; i < nr; i++) {
                rings[i] = stat.readInt();
            }
            int nu = count(stat, "unfixed proxy");
            long[] unfixed = new long[nu];
            for (int i = 0; i < nu; i++) {
                unfixed[i] = stat.readLong();
            }
            end(stat, "STAT");
            world.states().restore(rings, unfixed);
            DataInputStream cont = section("CONT");
            ContactStore cs = world.contacts();
            world.narrowphaseStage().readState(cs, cont);
            end(cont, "CONT");
            for (int m = 0; m < cs.size(); m++) {
                // a body retired by destruction in the last step (a break, a removal) keeps its manifolds
                // until the next narrowphase, as in the saved world: the slot must exist, not be live
                if (cs.bodyA[m] < 0 || cs.bodyA[m] >= b.slotLimit() || cs.bodyB[m] < 0 || cs.bodyB[m] >= b.slotLimit()) {
                    throw new IllegalArgumentException("manifold " + m + " names a body slot out of range");
                }
            }
            if (sections.containsKey("DEST")) { // version 2; before CMDS, whose destruction commands name collections
                DataInputStream dest = section("DEST");
                CollectionCodec.read(world.destruction(), dest, world.stages(), world.settings(), name);
                end(dest, "DEST");
            }
            if (soft != null) {
                SoftBodySnapshot.install(soft, world.softBodies().store()); // same indices and arrays as saved
            }
            DataInputStream cmds = section("CMDS");
            int nc = count(cmds, "command");
            if (sections.containsKey("FELD")) {
                DataInputStream feld = section("FELD");
                readFields(world, feld);
                end(feld, "FELD");
            }
            if (sections.containsKey("EVNT")) { // version 5; older files restore with events off, as they were saved
                DataInputStream evnt = section("EVNT");
                EventSnapshot.read(world, evnt, eventKinds);
                end(evnt, "EVNT");
            }
            if (sections.containsKey("UNIO")) { // version 6; older files have no unions
                DataInputStream unio = section("UNIO");
                world.destruction().unions().read(unio);
                end(unio, "UNIO");
            }
            if (sections.containsKey("JNTS")) { // version 7; older files have no constraints
                DataInputStream jnts = section("JNTS");
                ConstraintSnapshot.read(ctx, jnts);
                end(jnts, "JNTS");
            }
            if (sections.containsKey("FILT")) { // version 8; older files had no ignored pairs
                DataInputStream filt = section("FILT");
                int np = count(filt, "ignored pair");
                for (int i = 0; i < np; i++) {
                    long lo = filt.readLong(), hi = filt.readLong();
                    b.slot(lo); // a pair must name live bodies
                    b.slot(hi);
                    if (lo >= hi || !b.ignoredPairs.set(lo, hi, true)) {
                        throw new IllegalArgumentException("ignored pair " + i + " is out of order or repeated");
                    }
                }
                end(filt, "FILT");
            }
            if (sections.containsKey("STRS")) { // version 10; older files had no stress models (refused when saving)
                DataInputStream strs = section("STRS");
                world.destruction().readStress(strs,
                        in -> (dev.rubble.spi.StageConfig) RecordCodec.readValue(in, dev.rubble.spi.StageConfig.class,
                                name + ": stress options"),
                        (m, o) -> world.stages().create(dev.rubble.core.plugin.StageFamily.STRESS_MODEL, m, o));
                if (strs.available() > 0) { // the stress limits per material and bond, written only when set
                    world.destruction().readStressLimits(strs);
                }
                end(strs, "STRS");
            }
            if (sections.containsKey("FRAM")) { // version 11; older files and worlds never stepped by update have none
                DataInputStream fram = section("FRAM");
                ctx.frameState = dev.rubble.core.step.FrameState.read(fram, b.slotLimit(), world.settings().dt());
                end(fram, "FRAM");
            }
            for (int i = 0; i < nc; i++) {
                cmds.mark(1);
                byte marker = cmds.readByte();
                Command c;
                if (marker == 'F') {
                    c = dev.rubble.core.command.FieldCommands.read(cmds);
                } else if (marker == 'K') {
                    Command.AddConstraint k = ConstraintSnapshot.readCommand(cmds);
                    ConstraintSnapshot.checkQueued(ctx, k);
                    c = k;
                } else {
                    cmds.reset();
                    c = (Command) RecordCodec.readRecord(cmds, Command.class, shapes, name + ": command " + i);
                }
                if (!dropQueued) {
                    world.queue(c);
                }
            }
            end(cmds, "CMDS");
            ctx.restoreClock(stepIndex, time);
        } catch (IOException e) {
            throw damaged(e);
        } catch (SnapshotException e) {
            throw e;
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            throw new SnapshotException(name + " is damaged: " + e.getMessage(), e);
        }
    }

    /**
     * Section FELD (issue 24): the running persistent fields with their creation times, in order,
     * then the bodies with their own sleep or disable threshold (slot, both values).
     */
    private static void writeFields(World world, java.io.DataOutputStream o) throws IOException {
        var active = world.context().fields.persistent();
        o.writeInt(active.size());
        for (var a : active) {
            o.writeDouble(a.created());
            dev.rubble.core.command.FieldCommands.write(o, a.command());
        }
        BodyStore b = world.bodies();
        int n = 0;
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s) && (b.sleepThreshold[s] == b.sleepThreshold[s] || b.disableThreshold[s] != 0)) {
                n++;
            }
        }
        o.writeInt(b.disableThresholds);
        o.writeInt(n);
        for (int s = 0; s < b.slotLimit(); s++) {
            if (b.isLive(s) && (b.sleepThreshold[s] == b.sleepThreshold[s] || b.disableThreshold[s] != 0)) {
                o.writeInt(s);
                o.writeDouble(b.sleepThreshold[s]);
                o.writeDouble(b.disableThreshold[s]);
            }
        }
        // a trailer only while some kill / dynamic-state release waits for the break budget (a file without
        // one is byte for byte the layout before): i32 'FREL', i32 count, per piece i32 node, u8 kind
        int[] pending = world.destruction().pendingFieldReleases();
        if (pending.length > 0) {
            o.writeInt(FREL);
            o.writeInt(pending.length / 2);
            for (int i = 0; i < pending.length; i += 2) {
                o.writeInt(pending[i]);
                o.writeByte(pending[i + 1]);
            }
        }
    }

    /** The FELD trailer's tag: field releases waiting for the break budget. */
    private static final int FREL = 0x4652454C;

    private void readFields(World world, DataInputStream in) throws IOException {
        int n = count(in, "persistent field");
        for (int i = 0; i < n; i++) {
            double created = in.readDouble();
            world.context().fields.restore(dev.rubble.core.command.FieldCommands.read(in), created);
        }
        BodyStore b = world.bodies();
        b.disableThresholds = in.readInt();
        int m = count(in, "body threshold");
        for (int i = 0; i < m; i++) {
            int s = in.readInt();
            if (!b.isLive(s)) {
                throw new IllegalArgumentException("section FELD names body slot " + s + ", which holds no body");
            }
            b.sleepThreshold[s] = in.readDouble();
            b.disableThreshold[s] = in.readDouble();
        }
        if (in.available() > 0) { // the trailer: releases waiting for the break budget
            int tag = in.readInt();
            if (tag != FREL) {
                throw new IllegalArgumentException("section FELD has a trailer tagged " + Integer.toHexString(tag)
                        + "; allowed: FREL (field releases waiting for the break budget)");
            }
            int k = count(in, "pending field release");
            for (int i = 0; i < k; i++) {
                int g = in.readInt();
                world.destruction().restoreFieldRelease(g, in.readByte());
            }
        }
    }

    private DataInputStream section(String tag) {
        return new DataInputStream(new ByteArrayInputStream(sections.get(tag)));
    }

    private void end(DataInputStream in, String tag) throws IOException {
        if (in.available() != 0) {
            throw new IllegalArgumentException("section " + tag + " has " + in.available() + " bytes more than it describes");
        }
    }

    private static int count(DataInputStream in, String what) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > (1 << 28)) {
            throw new IllegalArgumentException(what + " count " + n + " is out of range");
        }
        return n;
    }

    private SnapshotException damaged(IOException e) {
        if (e instanceof EOFException) {
            return new SnapshotException(name + " is damaged: a section ends before the data it describes", e);
        }
        throw new UncheckedIOException(e);
    }
}
