package dev.rubble.it.apiuse;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.EventFilter;
import dev.rubble.api.EventKind;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.QueryHit;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.verify.VerifyResult;
import dev.rubble.cache.verify.Verifier;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.geometry.hull.QuickHull;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A hostile embedder: seeded random sequences of public API calls ({@code dev.rubble.api}) mixing valid calls
 * with invalid ones, each invalid argument drawn from a catalogue of edge values for that parameter (NaN, ±∞,
 * negative, zero, beyond the coordinate range, indices out of range, ids of removed bodies, calls from inside
 * listeners). Two twin worlds are built alike: world A gets every call, twin B only the valid ones. The rules
 * checked, each one a user relies on (docs/java-api.md):
 *
 * <ul>
 *   <li>a rejected call throws an {@link IllegalArgumentException} or {@link IllegalStateException} (never an
 *       NPE without a name, an index or cast exception, an assertion, or a NaN later) whose message names the
 *       parameter and the bad value;</li>
 *   <li>a rejected call changes nothing: A's snapshot bytes (bodies, queued commands, settings) and the facade's
 *       settings equal B's right after it, and both step on to the same state hash;</li>
 *   <li>a valid call is accepted by both twins alike, and every live body stays finite;</li>
 *   <li>snapshot → restore (on the other thread count) → step gives the same bits as stepping on, a snapshot
 *       taken from a break listener mid-step too;</li>
 *   <li>a journal attached and closed at random steps of A verifies bit for bit.</li>
 * </ul>
 *
 * {@link #run} returns the problems found (empty: every rule held), so that many seeds can be triaged at once.
 */
final class ApiFuzz {
    private ApiFuzz() {
    }

    /** A call on one world: the twins get the same call, resolving ids by label in their own world. */
    @FunctionalInterface
    interface Call {
        void on(PhysicsWorld w, Twin t) throws Exception;
    }

    /** An invalid call: what is called, the parameter its message must name, the bad value it must show. */
    record Bad(String call, String name, String value, Call c) {
    }

    /** What a run exercised, so a test can tell that the checks ran (a fuzz that reaches nothing finds nothing). */
    static final class Tally {
        int rejected, valid, steps, restores, midBreakRestores, midUpdateRefusals, journals, hookRejections, contactPushes, edges;
        long breaks;

        @Override
        public String toString() {
            return rejected + " rejected calls, " + valid + " valid calls, " + edges + " at the largest and smallest values, " + steps + " steps, " + breaks + " breaks, "
                    + restores + " snapshot restores (" + midBreakRestores + " saved from a break listener, "
                    + midUpdateRefusals + " refused in the middle of an update), " + journals + " journals verified, "
                    + hookRejections + " pairs the pre-solve hook rejected, " + contactPushes + " pushes from a contact listener";
        }
    }

    /** One world's per-world handles: constraint ids in creation order (the twins create them alike). */
    static final class Twin {
        final PhysicsWorld w;
        final List<ConstraintId> constraints = new ArrayList<>();
        byte[] midBreak;
        Tally tally;
        final List<String> edgeCalls = new ArrayList<>();
        long midBreakStep;
        String midBreakFrame;

        Twin(PhysicsWorld w) {
            this.w = w;
        }

        BodyId body(String label) {
            return w.find(label);
        }

        CollectionId wall() {
            return w.destruction().collection(0);
        }
    }

    private static final String[] DYNAMIC = {"s", "b", "c", "h"};
    /**
     * Whether {@link #run(long, int, Path, Tally)} includes {@link #edge} calls at the largest and smallest finite
     * values ({@code -Drubble.apifuzz.edges=true}; {@code ApiFuzzTest}'s edge test always does). They found, and
     * 250 seeds no longer find (2026-12-07, thirty-ninth session): a body given a velocity too large to square had
     * infinite look-ahead bounds, which its world saved and every restore refused (seed 18031), and a capsule 1e30 m
     * long and 1e-30 m thick spun up to 7e101 rad/s and turned everything it touched NaN (18013, 18017, 18020,
     * 22008, 22035, 22047; now refused at {@code addBody}: docs/java-api.md, "What is checked").
     */
    static final boolean EDGES = Boolean.getBoolean("rubble.apifuzz.edges");
    private static final double[] NON_FINITE = {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};
    private static final double[] FAR = {Double.NaN, Double.POSITIVE_INFINITY, -Double.MAX_VALUE, 1.0000001e9, -2e9};
    private static final double[] NOT_NON_NEGATIVE = {-1, -Double.MIN_VALUE, Double.NaN, Double.NEGATIVE_INFINITY};
    private static final double[] NOT_POSITIVE = {0, -1, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    static CollectionAsset asset(long seed) {
        SplittableRandom g = new SplittableRandom(seed ^ 0xA5A5L);
        return WorldDestruction.fracture(String.format(Locale.ROOT, "{\"box\": [0.8, 0.6, 0.15], \"seed\": %d,"
                + " \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": %d}}]}", g.nextInt(1000), 5 + g.nextInt(5)));
    }

    /** The scene both twins start from: ground, four dynamic shapes, a kinematic and a static body, a wall, a joint. */
    static Twin build(long seed, int threads, CollectionAsset asset) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withThreads(threads));
        w.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)).withLabel("ground"));
        w.addBody(BodySpec.dynamic(new Sphere(0.3)).withPosition(new Vector3d(-2, 1, 0)).withLabel("s"));
        w.addBody(BodySpec.dynamic(new Box(0.3, 0.2, 0.25)).withPosition(new Vector3d(-1, 0.5, 1)).withLabel("b"));
        w.addBody(BodySpec.dynamic(new Capsule(0.15, 0.3)).withPosition(new Vector3d(1, 2, 1)).withLabel("c"));
        w.addBody(BodySpec.dynamic(QuickHull.of(new double[] {0, 0, 0, 0.5, 0, 0, 0, 0.5, 0, 0, 0, 0.5, 0.4, 0.4, 0.4}))
                .withPosition(new Vector3d(2, 1, -1)).withLabel("h"));
        w.addBody(BodySpec.kinematic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(0, 3, -2))
                .withLinearVelocity(new Vector3d(0.3, 0, 0)).withLabel("k"));
        w.addBody(BodySpec.fixed(new Box(0.2, 1, 2)).withPosition(new Vector3d(4, 1, 0)).withLabel("wall"));
        double t = 5 + new SplittableRandom(seed).nextInt(80);
        w.destruction().place("wall", asset, new Vector3d(0, 0.61, 0), new Quaterniond(), new double[] {t, t / 4}, null);
        Twin tw = new Twin(w);
        tw.constraints.add(w.addConstraint(w.find("s"), w.find("b"),
                ConstraintSpec.distance(new Vector3d(-2, 1, 0), new Vector3d(-1, 0.5, 1)).breakForce(400)));
        for (EventKind k : EventKind.values()) {
            w.setEvents(k, true);
        }
        return tw;
    }

    // ---- the run ---------------------------------------------------------------------------------------------

    /**
     * One seeded sequence of {@code steps} steps.
     * @param journalDir an empty directory for the journal, or null for none
     * @return the problems found, each one line naming the seed, the step and the call
     */
    static List<String> run(long seed, int steps, Path journalDir, Tally tally) {
        return run(seed, steps, journalDir, tally, EDGES);
    }

    /** As {@link #run(long, int, Path, Tally)}, with or without {@link #edge} calls. */
    static List<String> run(long seed, int steps, Path journalDir, Tally tally, boolean edges) {
        SplittableRandom r = new SplittableRandom(seed);
        int threads = 1 + r.nextInt(2);
        CollectionAsset asset = asset(seed);
        Twin a = build(seed, threads, asset);
        Twin b = build(seed, threads, asset);
        List<String> found = new ArrayList<>();
        String where = "seed " + seed + " (threads " + threads + ")";
        if (!Arrays.equals(snapshot(a.w), snapshot(b.w))) {
            found.add(where + ": the twins differ before any call (the fuzz cannot compare them)");
            return found;
        }
        a.tally = tally;
        listeners(a, seed, found, where, true);
        listeners(b, seed, found, where, false);
        int attachAt = journalDir == null ? -1 : r.nextInt(Math.max(1, steps / 2));
        int closeAt = attachAt < 0 ? -1 : attachAt + 1 + r.nextInt(steps - attachAt);
        JournalWriter journal = null;
        for (int step = 0; step < steps && found.size() < 20; step++) {
            String at = where + " step " + a.w.stepIndex();
            if (step == attachAt) {
                journal = JournalWriter.attach(journalDir, a.w, "apifuzz " + seed);
            }
            int calls = 1 + r.nextInt(4);
            for (int i = 0; i < calls; i++) {
                if (edges && r.nextInt(8) == 0) {
                    edge(r, a, b, found, at);
                    tally.edges++;
                } else if (r.nextInt(3) == 0) {
                    valid(r, a, b, found, at);
                    tally.valid++;
                } else {
                    tally.rejected++;
                    Bad bad = bad(r, a);
                    if (!rejected(bad, a, b, found, at)) {
                        return found; // the twins differ from here on: later findings would be about this one
                    }
                }
            }
            // step both alike: a whole step, or a frame of a game loop (the same frame time for both)
            double frame = r.nextInt(4) == 0 ? r.nextDouble() * 0.05 : -1;
            a.midBreak = null; // only this step's (an update may take none)
            try {
                if (frame >= 0) {
                    if (Boolean.getBoolean("rubble.apifuzz.debug")) {
                        System.err.println("update(" + frame + ") from " + frame(a.w));
                    }
                    int na = a.w.update(frame), nb = b.w.update(frame);
                    if (Boolean.getBoolean("rubble.apifuzz.debug")) {
                        System.err.println(" -> " + na + " steps, " + frame(a.w));
                    }
                    if (na != nb) {
                        found.add(at + ": update(" + frame + ") took " + na + " steps in A, " + nb + " in its twin");
                    }
                } else {
                    a.w.step();
                    b.w.step();
                }
            } catch (RuntimeException e) {
                found.add(at + ": a valid sequence's step threw " + e);
                return found;
            }
            tally.steps++;
            tally.breaks += a.w.lastProfile().breaks();
            if (a.w.stateHash() != b.w.stateHash()) {
                found.add(at + ": after the step A's state hash " + Long.toHexString(a.w.stateHash()) + " differs from its twin's "
                        + Long.toHexString(b.w.stateHash()) + " (a rejected call changed something, or a valid one acted differently)");
                return found;
            }
            String nf = nonFinite(a.w);
            if (nf != null) {
                found.add(at + ": " + nf + " (edge calls " + a.edgeCalls + ")");
                return found;
            }
            if (a.midBreak != null && a.midBreakStep == a.w.stepIndex() && !Arrays.equals(a.midBreak, snapshot(a.w))) {
                found.add(at + ": a snapshot saved from a break listener differs from one saved after the step returned"
                        + (Boolean.getBoolean("rubble.apifuzz.debug") ? firstDifference(a.midBreak, snapshot(a.w))
                        + " frame then " + a.midBreakFrame + " now " + frame(a.w) : ""));
            }
            if (a.midBreak != null && a.midBreakStep == a.w.stepIndex()) {
                restoredStepsAlike(a.midBreak, a, b, 3 - threads, seed, found, at + " (snapshot from a break listener)");
                tally.midBreakRestores++;
                a.midBreak = null;
                b.midBreak = null;
            }
            if (step % 9 == 8) {
                restoredStepsAlike(snapshot(a.w), a, b, 3 - threads, seed, found, at);
                tally.restores++;
            }
            if (step == closeAt && journal != null) {
                journal.close();
                journal.close(); // a second close is harmless
                journal = null;
            }
        }
        if (journal != null) {
            journal.close();
        }
        if (journalDir != null && attachAt >= 0 && found.isEmpty()) {
            try {
                VerifyResult v = Verifier.verify(journalDir, Stages.load());
                if (!v.ok() || v.stepsChecked() == 0) {
                    found.add(where + ": the journal attached before step " + attachAt + " does not verify: " + v);
                } else {
                    tally.journals++;
                }
            } catch (RuntimeException e) {
                found.add(where + ": verifying the journal threw " + e);
            }
        }
        return found;
    }

    /** A valid call, applied to both twins: both must accept it alike. */
    private static void valid(SplittableRandom r, Twin a, Twin b, List<String> found, String at) {
        long s = r.nextLong();
        Call c = validCall(r);
        String ea = apply(c, a, s), eb = apply(c, b, s);
        if (ea != null || eb != null) {
            found.add(at + ": a valid call was refused: A " + ea + ", twin " + eb);
        }
    }

    /**
     * A call at the largest or smallest finite values (both twins): accepted by both (and then every body stays finite
     * and every snapshot restores, checked after the step), or refused by both with one line saying what is allowed.
     */
    private static void edge(SplittableRandom r, Twin a, Twin b, List<String> found, String at) {
        double big = pick(r, new double[] {1e300, Double.MAX_VALUE, 1e30});
        double tiny = pick(r, new double[] {1e-300, Double.MIN_VALUE, 1e-30});
        int p = r.nextInt(14);
        String label = "edge" + (added++);
        Vector3d far = new Vector3d(0, 5, 0);
        Call c = switch (p) {
            case 0 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMass(big).withPosition(far).withLabel(label));
            case 1 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMass(tiny).withPosition(far).withLabel(label));
            case 2 -> (w, t) -> w.addBody(BodySpec.dynamic(new Box(big, 0.2, 0.2)).withPosition(far).withLabel(label));
            case 3 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(tiny)).withPosition(far).withLabel(label));
            case 4 -> (w, t) -> w.addBody(BodySpec.dynamic(new Capsule(tiny, big)).withPosition(far).withLabel(label));
            case 5 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withMaterial(big, big).withPosition(far).withLabel(label));
            case 6 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withGravityScale(-big).withPosition(far).withLabel(label));
            case 7 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withDamping(big, big).withPosition(far).withLabel(label));
            case 8 -> (w, t) -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withLinearVelocity(new Vector3d(big, -big, 0))
                    .withAngularVelocity(new Vector3d(0, big, 0)).withPosition(far).withLabel(label));
            case 9 -> (w, t) -> live(t, "s", id -> w.applyTorque(id, new Vector3d(big, 0, 0)));
            case 10 -> (w, t) -> live(t, "b", id -> w.setVelocity(id, new Vector3d(-big, 0, 0), new Vector3d(0, 0, big)));
            case 11 -> (w, t) -> w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(0, 1, 0), big),
                    FieldOptions.once());
            case 12 -> (w, t) -> w.destruction().applyStrainAt(new Vector3d(0, 0.6, 0), big, big, Integer.MAX_VALUE, big);
            default -> (w, t) -> t.constraints.add(w.addConstraint(t.body("c"), null, ConstraintSpec.spring(
                    new Vector3d(1, 2, 1), new Vector3d(1, 3, 1), big, big)));
        };
        Throwable ea = null, eb = null;
        try {
            c.on(a.w, a);
        } catch (Throwable e) {
            ea = e;
        }
        try {
            c.on(b.w, b);
        } catch (Throwable e) {
            eb = e;
        }
        String what = at + ": edge call " + p + " (big " + big + ", tiny " + tiny + ")";
        a.edgeCalls.add(a.w.stepIndex() + ":" + p + "(" + big + "," + tiny + (ea == null ? "" : ",refused") + ")");
        if ((ea == null) != (eb == null)) {
            found.add(what + ": A " + ea + ", its twin " + eb);
        } else if (ea != null && !(ea instanceof IllegalArgumentException
                && String.valueOf(ea.getMessage()).contains("allowed") && !ea.getMessage().contains("\n"))) {
            found.add(what + " threw " + ea);
        }
    }

    private static String apply(Call c, Twin t, long s) {
        try {
            c.on(t.w, t);
            return null;
        } catch (Exception e) {
            return e.toString();
        }
    }

    /** A rejected call on A only: the exception, its message, and that nothing changed (A against its twin). */
    private static boolean rejected(Bad bad, Twin a, Twin b, List<String> found, String at) {
        Throwable thrown = null;
        try {
            bad.c().on(a.w, a);
        } catch (Throwable e) {
            thrown = e;
        }
        String what = at + ": " + bad.call() + " with " + bad.name() + " = " + bad.value();
        if (thrown == null) {
            found.add(what + " was accepted");
        } else if (!(thrown instanceof IllegalArgumentException || thrown instanceof IllegalStateException)) {
            found.add(what + " threw " + thrown + " (allowed: IllegalArgumentException or IllegalStateException)");
        } else {
            String m = String.valueOf(thrown.getMessage());
            if (m.contains("\n")) {
                found.add(what + ": the message is not one line: " + m);
            } else if (!m.toLowerCase(Locale.ROOT).contains(bad.name().toLowerCase(Locale.ROOT))) {
                found.add(what + ": the message does not name '" + bad.name() + "': " + m);
            } else if (!m.contains(bad.value())) {
                found.add(what + ": the message does not show the value '" + bad.value() + "': " + m);
            } else if (!m.contains("allowed") && !m.contains("known")) {
                found.add(what + ": the message does not say what is allowed: " + m);
            }
        }
        String diff = difference(a.w, b.w);
        if (diff != null) {
            found.add(what + " changed the world: " + diff);
            return false;
        }
        return true;
    }

    /** Where two twins differ now (snapshot bytes, the facade's settings), or null. */
    static String difference(PhysicsWorld a, PhysicsWorld b) {
        if (!Arrays.equals(snapshot(a), snapshot(b))) {
            return "the snapshot bytes differ";
        }
        String fa = facade(a), fb = facade(b);
        return fa.equals(fb) ? null : "facade " + fa + " against " + fb;
    }

    private static String facade(PhysicsWorld w) {
        StringBuilder s = new StringBuilder();
        s.append(w.bodyCount()).append(' ').append(w.constraintCount()).append(' ').append(w.collectionCount())
                .append(' ').append(w.maxStepsPerUpdate()).append(' ').append(w.breakBudget()).append(' ')
                .append(w.releaseThrottleMin()).append(' ').append(w.releaseThrottleMax()).append(' ')
                .append(w.removalTimerMultiplier()).append(' ').append(w.interpolationAlpha()).append(' ')
                .append(w.droppedSteps());
        for (EventKind k : EventKind.values()) {
            s.append(' ').append(w.eventFilter(k));
        }
        return s.toString();
    }

    static byte[] snapshot(PhysicsWorld w) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            w.saveSnapshot(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    /** Restores {@code bytes} on {@code threads} threads; it must step on like A (and A's twin). */
    private static void restoredStepsAlike(byte[] bytes, Twin a, Twin b, int threads, long seed, List<String> found,
                                           String at) {
        PhysicsWorld c;
        try {
            c = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(bytes), threads);
        } catch (IOException | RuntimeException e) {
            found.add(at + ": restoring A's snapshot threw " + e + " (edge calls " + a.edgeCalls + ")");
            return;
        }
        if (c.stateHash() != a.w.stateHash()) {
            found.add(at + ": the restored world's hash differs before stepping");
            return;
        }
        listeners(new Twin(c), seed, found, at, false); // listeners are not saved: add them again, as the docs say
        for (int i = 0; i < 2; i++) {
            a.w.step();
            b.w.step();
            c.step();
            if (c.stateHash() != a.w.stateHash() || b.w.stateHash() != a.w.stateHash()) {
                found.add(at + ": " + (i + 1) + " steps after a snapshot, the restored world (threads " + threads
                        + ") differs from stepping on" + (Boolean.getBoolean("rubble.apifuzz.debug") ? debug(bytes, i + 1, seed, a) : ""));
                return;
            }
        }
    }

    private static String frame(PhysicsWorld w) {
        dev.rubble.core.step.FrameState f = w.kernel().context().frameState;
        return f == null ? "none" : "acc " + f.accumulator + " havePrev " + f.havePrev + " keptAt " + f.keptAt + " teleportsAt "
                + f.teleportsAt + " teleports " + f.teleports + " slots " + f.prevGeneration.length + " step " + w.stepIndex();
    }

    private static String firstDifference(byte[] x, byte[] y) {
        int i = Arrays.mismatch(x, y);
        return " (lengths " + x.length + ", " + y.length + "; first difference at byte " + i + ": "
                + new String(x, Math.max(0, i - 40), Math.min(80, x.length - Math.max(0, i - 40)), java.nio.charset.StandardCharsets.ISO_8859_1)
                .replaceAll("[^ -~]", ".") + ")";
    }

    /** For triage: whether a restore on A's own thread count, stepped as often, matches A. */
    private static String debug(byte[] bytes, int steps, long seed, Twin a) {
        try {
            StringBuilder sb = new StringBuilder();
            for (int th = 1; th <= 2; th++) {
                PhysicsWorld c = Rubble.defaultPlugins().restoreWorld(new ByteArrayInputStream(bytes), th);
                listeners(new Twin(c), seed, new ArrayList<>(), "", false);
                c.step(steps);
                sb.append(" [restored on ").append(th).append(": ").append(c.stateHash() == a.w.stateHash() ? "same" : "differs")
                        .append(", bodies ").append(c.bodyCount()).append(" vs ").append(a.w.bodyCount())
                        .append(", queued after restore ").append(c.kernel().queuedCommands()).append("]");
            }
            return sb.toString();
        } catch (IOException e) {
            return e.toString();
        }
    }

    /** The first live body whose state is not finite, or null. */
    static String nonFinite(PhysicsWorld w) {
        BodyStore s = w.kernel().bodies();
        for (int i = 0; i < s.slotLimit(); i++) {
            if (!s.isLive(i)) {
                continue;
            }
            double sum = s.px[i] + s.py[i] + s.pz[i] + s.vx[i] + s.vy[i] + s.vz[i] + s.wx[i] + s.wy[i] + s.wz[i]
                    + s.qx[i] + s.qy[i] + s.qz[i] + s.qw[i];
            if (!Double.isFinite(sum) && !Double.isFinite(s.px[i] + s.py[i] + s.pz[i])) {
                return "body " + BodyStore.handleString(s.handle(i)) + " has a non-finite position"
                        + (s.state(i) == dev.rubble.core.body.BodyState.DISABLED ? " (disabled by the guard)" : "");
            }
            if (!Double.isFinite(sum)) {
                return "body " + BodyStore.handleString(s.handle(i)) + " has a non-finite state";
            }
        }
        return null;
    }

    /**
     * What is refused before there is a world: configurations, restores on a bad thread count, warm-ups, throttles.
     * Each must be an IllegalArgumentException naming the field and the value.
     */
    static List<String> outsideAWorld(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        List<String> found = new ArrayList<>();
        byte[] bytes = snapshot(Rubble.newWorld(WorldConfig.defaults()));
        double v = pick(r, NOT_POSITIVE);
        double neg = pick(r, NOT_NON_NEGATIVE);
        double cell = pick(r, new double[] {0, -1, Double.NaN});
        int n = r.nextBoolean() ? 0 : r.nextBoolean() ? -1 : WorldConfig.MAX_THREADS + 1;
        List<Bad> bads = List.of(
                new Bad("withTimeStep", "dt", s(v), (w, t) -> WorldConfig.defaults().withTimeStep(v, 1)),
                new Bad("withTimeStep", "subSteps", String.valueOf(n <= 0 ? n : -5), (w, t) ->
                        WorldConfig.defaults().withTimeStep(1.0 / 60, n <= 0 ? n : -5)),
                new Bad("withIterations", "velocity", "-1", (w, t) -> WorldConfig.defaults().withIterations(-1, 2)),
                new Bad("withGravity", "gravity", "NaN", (w, t) -> WorldConfig.defaults().withGravity(new Vector3d(0, Double.NaN, 0))),
                new Bad("withSpeedLimits", "linear", s(v), (w, t) -> WorldConfig.defaults().withSpeedLimits(v, 100)),
                new Bad("withThreads", "threads", String.valueOf(n), (w, t) -> WorldConfig.defaults().withThreads(n)),
                new Bad("withStage", "broadphase", "nonsense", (w, t) -> Rubble.newWorld(WorldConfig.defaults().withStage("broadphase", "nonsense"))),
                new Bad("withStage", "stage family", "nofamily", (w, t) -> Rubble.newWorld(WorldConfig.defaults().withStage("nofamily", "grid"))),
                new Bad("restoreWorld", "threads", String.valueOf(n), (w, t) -> Rubble.defaultPlugins()
                        .restoreWorld(new ByteArrayInputStream(bytes), n)),
                new Bad("warmUp", "budget", "-1", (w, t) -> Rubble.warmUp(java.time.Duration.ofSeconds(-1))),
                new Bad("EventThrottle.every", "seconds", s(neg), (w, t) -> dev.rubble.api.EventThrottle.every(neg)),
                new Bad("EventThrottle.maxPerBatch", "maxPerBatch", "-1", (w, t) -> dev.rubble.api.EventThrottle.every(0.1).maxPerBatch(-1)),
                new Bad("EventThrottle.spatialHash", "cellSize", s(cell), (w, t) -> dev.rubble.api.EventThrottle.every(0.1).spatialHash(cell, 2)),
                new Bad("setMaxStepsPerUpdate", "maxStepsPerUpdate", "0", (w, t) -> Rubble.newWorld(WorldConfig.defaults()).setMaxStepsPerUpdate(0)),
                new Bad("FieldOptions.persistent", "name", "empty", (w, t) -> FieldOptions.persistent("")));
        for (Bad bad : bads) {
            Throwable thrown = null;
            try {
                bad.c().on(null, null);
            } catch (Throwable e) {
                thrown = e;
            }
            String what = "seed " + seed + ": " + bad.call() + " with " + bad.name() + " = " + bad.value();
            if (thrown == null) {
                found.add(what + " was accepted");
            } else if (!(thrown instanceof IllegalArgumentException || thrown instanceof IllegalStateException)) {
                found.add(what + " threw " + thrown);
            } else {
                String m = String.valueOf(thrown.getMessage());
                if (m.contains("\n") || !m.toLowerCase(Locale.ROOT).contains(bad.name().toLowerCase(Locale.ROOT))
                        || !m.contains(bad.value()) || !(m.contains("allowed") || m.contains("known"))) {
                    found.add(what + ": the message does not name the field, show the value and what is allowed: " + m);
                }
            }
        }
        return found;
    }

    // ---- listeners: calls from inside the step ----------------------------------------------------------------

    /**
     * A step listener and a break listener on each twin. At seeded steps they try what is refused inside a step
     * (step, update, addBody, place, setPreSolveHook: an IllegalStateException naming the call; checked on A), and
     * queue a valid impulse (both twins). The break listener of A saves a snapshot mid-step (allowed), which must
     * restore to a world that steps on alike.
     */
    static void listeners(Twin t, long seed, List<String> found, String where, boolean check) {
        PhysicsWorld w = t.w;
        w.addStepListener((step, time, profile) -> {
            SplittableRandom r = new SplittableRandom(seed * 31 + step);
            if (r.nextInt(4) != 0) {
                return;
            }
            int k = r.nextInt(5);
            String call = new String[] {"step", "update", "addBody", "place", "setPreSolveHook"}[k];
            try {
                switch (k) {
                    case 0 -> w.step();
                    case 1 -> w.update(0.1);
                    case 2 -> w.addBody(BodySpec.dynamic(new Sphere(0.1)).withLabel("never"));
                    case 3 -> w.destruction().place("never", w.destruction().asset(t.wall()), new Vector3d(0, 5, 0),
                            new Quaterniond(), null, null);
                    default -> w.setPreSolveHook(c -> true);
                }
                if (check) {
                    found.add(where + " step " + step + ": " + call + " from a step listener was accepted");
                }
            } catch (IllegalStateException e) {
                if (check && !String.valueOf(e.getMessage()).contains(call)) {
                    found.add(where + " step " + step + ": " + call + " from a listener: the message does not name it: "
                            + e.getMessage());
                }
            } catch (RuntimeException e) {
                if (check) {
                    found.add(where + " step " + step + ": " + call + " from a step listener threw " + e);
                }
            }
        });
        // a contact listener that pushes one body of the step's first contact (both twins) and reads past its points
        long[] lastContact = {-1};
        w.addContactListener(c -> {
            if (lastContact[0] == w.stepIndex() || (w.stepIndex() + seed) % 5 != 0) {
                return;
            }
            lastContact[0] = w.stepIndex();
            BodyId body = c.bodyB();
            if (body != null && w.contains(body) && w.mass(body) < Double.POSITIVE_INFINITY) {
                w.applyImpulse(body, new Vector3d(0, 0.2, 0));
                if (check) {
                    t.tally.contactPushes++;
                }
            }
            try {
                c.point(c.pointCount(), new Vector3d());
                if (check) {
                    found.add(where + " step " + w.stepIndex() + ": contact point " + c.pointCount() + " of " + c.pointCount() + " was read");
                }
            } catch (IndexOutOfBoundsException e) {
                if (check && !String.valueOf(e.getMessage()).contains("allowed")) {
                    found.add(where + ": a contact point past the last: " + e);
                }
            }
        });
        // an event listener that reads one past the last event of each kind
        w.addEventListener(e -> {
            for (EventKind k : EventKind.values()) {
                try {
                    e.of(k).handleA(e.of(k).count());
                    if (check) {
                        found.add(where + " step " + w.stepIndex() + ": " + k + " event " + e.of(k).count() + " was read");
                    }
                } catch (IndexOutOfBoundsException x) {
                    if (check && !String.valueOf(x.getMessage()).contains(String.valueOf(e.of(k).count()))) {
                        found.add(where + ": an event past the last: " + x);
                    }
                }
            }
        });
        // a pre-solve hook (both twins): rejects and softens pairs by their handles and the step, tries what is refused
        w.setPreSolveHook(c -> {
            long h = c.bodyA().handle() * 31 + c.bodyB().handle() + w.stepIndex() * 7 + seed;
            if (h % 11 == 0) {
                try {
                    if (h % 2 == 0) {
                        w.addBody(BodySpec.dynamic(new Sphere(0.1)));
                    } else {
                        snapshot(w);
                    }
                    if (check) {
                        found.add(where + " step " + w.stepIndex() + ": addBody or saveSnapshot from the pre-solve hook was accepted");
                    }
                } catch (IllegalStateException | IllegalArgumentException refused) {
                    // refused, as documented
                }
            }
            if (h % 7 == 0) {
                c.setFriction(0.1);
            }
            if (h % 13 == 0 && check) {
                t.tally.hookRejections++;
            }
            return h % 13 != 0;
        });
        long[] lastQueued = {-1};
        w.destruction().addBreakListener(e -> {
            if (lastQueued[0] == w.stepIndex()) {
                return;
            }
            lastQueued[0] = w.stepIndex();
            BodyId s = w.find("s");
            if (s != null && w.contains(s)) {
                w.applyImpulse(s, new Vector3d(0, 0.5, 0.1));
            }
            if (check && t.midBreak == null) {
                try {
                    t.midBreak = snapshot(w);
                    t.midBreakStep = w.stepIndex();
                    t.midBreakFrame = frame(w);
                    if (Boolean.getBoolean("rubble.apifuzz.debug")) {
                        System.err.println(" break listener saved at " + t.midBreakFrame);
                    }
                } catch (IllegalStateException refused) {
                    t.tally.midUpdateRefusals++;
                    // in the middle of an update() that steps on after this step: refused, the message names the call
                    if (!String.valueOf(refused.getMessage()).startsWith("saveSnapshot called from a listener in the middle of update()")) {
                        found.add(where + " step " + w.stepIndex() + ": saveSnapshot from a break listener: " + refused);
                    }
                }
            }
        });
    }

    // ---- valid calls, edges included --------------------------------------------------------------------------

    private static int added;

    private static Call validCall(SplittableRandom r) {
        String label = DYNAMIC[r.nextInt(DYNAMIC.length)];
        double x = r.nextDouble() * 2 - 1, y = r.nextDouble() * 2 - 1;
        int pick = r.nextInt(30);
        int node = r.nextInt(4);
        String late = "late" + (added++);
        return switch (pick) {
            case 0 -> (w, t) -> live(t, label, id -> w.applyImpulse(id, new Vector3d(x, 2 + y, 0)));
            case 1 -> (w, t) -> live(t, label, id -> w.setVelocity(id, new Vector3d(x, y, 0), new Vector3d()));
            case 2 -> (w, t) -> live(t, label, id -> w.applyForce(id, new Vector3d(0, 30 * y, 0)));
            case 3 -> (w, t) -> live(t, label, id -> w.applyTorque(id, new Vector3d(x, 0, 0)));
            case 4 -> (w, t) -> live(t, label, id -> w.setPose(id, new Vector3d(3 * x, 2, 3 * y), new Quaterniond().rotateY(x)));
            case 5 -> (w, t) -> w.addBody(BodySpec.dynamic(new Capsule(0.1, 0)).withLabel(late)
                    .withPosition(new Vector3d(3 * x, 3, 3 * y)).withMass(1e-3 + Math.abs(y)));
            case 6 -> (w, t) -> live(t, "late", id -> w.removeBody(id));
            case 7 -> (w, t) -> w.setBreakBudget(r(x, 3));
            case 8 -> (w, t) -> w.setReleaseThrottle(r(x, 3), 3 + r(y, 3));
            case 9 -> (w, t) -> w.destruction().applyStrain(t.wall(), 1 + node, 500 * Math.abs(x));
            case 10 -> (w, t) -> w.destruction().crumble(t.wall(), 0);
            case 11 -> (w, t) -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(0, 1, 0), 1),
                    FieldOptions.once());
            case 12 -> (w, t) -> w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN,
                    Fields.radialFalloff(new Vector3d(x, 0.6, 0), 0.5).magnitude(1000), FieldOptions.once());
            case 13 -> (w, t) -> live(t, label, id -> live(t, "wall", other -> t.constraints.add(
                    w.addConstraint(id, null, ConstraintSpec.ball(w.centerOfMass(id, new Vector3d())).breakForce(50))))); 
            case 14 -> (w, t) -> {
                if (!t.constraints.isEmpty()) {
                    w.removeConstraint(t.constraints.get(node % t.constraints.size()));
                }
            };
            case 15 -> (w, t) -> w.setRemoveOnBreak(0, x > 0, 0, 0.1, 0.1, 0.2);
            case 16 -> (w, t) -> w.setCrumbleSize(0, Math.abs(x));
            case 17 -> (w, t) -> w.setMaxStepsPerUpdate(1 + r(y, 4));
            case 18 -> (w, t) -> live(t, label, id -> w.setPose(id, new Vector3d(0, 1e9, 0), new Quaterniond())); // the edge
            case 19 -> (w, t) -> live(t, label, id -> w.applyImpulse(id, new Vector3d(0, 1e300, 0))); // finite: disabled
            case 20 -> (w, t) -> w.setEvents(EventKind.values()[node % EventKind.values().length], x > 0);
            case 21 -> (w, t) -> w.destruction().cutBond(t.wall(), node % Math.max(1, w.destruction().bondCount(t.wall())));
            // odd sequences within one step: a body removed, then acted on by commands queued after the removal
            case 22 -> (w, t) -> live(t, "late", id -> {
                w.removeBody(id);
                w.applyImpulse(id, new Vector3d(0, 1, 0));
                w.setPose(id, new Vector3d(0, 2, 0), new Quaterniond());
                w.setVelocity(id, new Vector3d(1, 0, 0), new Vector3d());
            });
            case 23 -> (w, t) -> live(t, "late", id -> {
                w.removeBody(id);
                t.constraints.add(w.addConstraint(id, t.body("s"), ConstraintSpec.ball(w.centerOfMass(id, new Vector3d()))));
            });
            case 24 -> (w, t) -> live(t, "late", id -> {
                w.removeBody(id);
                w.removeBody(id);
            });
            case 25 -> (w, t) -> live(t, "late", id -> {
                w.unions().add(node, id);
                w.unions().add(node, t.body(label));
                if (x > 0) {
                    w.removeBody(id);
                }
            });
            case 26 -> (w, t) -> live(t, "late", id -> live(t, label, other -> {
                w.setIgnoreCollision(id, other, true);
                w.removeBody(id);
                w.setIgnoreCollision(id, other, false);
            }));
            case 27 -> (w, t) -> { // a union's own body removed, then its members touched
                int[] ids = w.unions().ids();
                if (ids.length > 0) {
                    BodyId u = w.unions().body(ids[0]);
                    if (u != null && w.contains(u)) {
                        w.removeBody(u);
                        for (BodyId m : w.unions().members(ids[0])) {
                            if (w.contains(m)) {
                                w.unions().remove(ids[0], m);
                            }
                        }
                    }
                }
            };
            case 28 -> (w, t) -> { // the wall's pieces: whatever holds a node now, pushed, joined and welded
                BodyId piece = w.destruction().bodyOf(t.wall(), 1 + node);
                if (piece != null && w.contains(piece)) {
                    w.applyImpulse(piece, new Vector3d(x, 1, y));
                    if (w.unions().unionOf(piece) < 0) {
                        w.unions().add(7, piece);
                    }
                }
            };
            default -> (w, t) -> { // a persistent field, then removed in the same step (or not)
                w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(0, 1, 0), 5),
                        FieldOptions.persistent("lift"));
                if (x > 0) {
                    w.removeField("lift");
                }
            };
        };
    }

    private static int r(double x, int n) {
        return (int) Math.floor(Math.abs(x) * n);
    }

    @FunctionalInterface
    private interface OnBody {
        void on(BodyId id);
    }

    /** Calls {@code f} with the body labelled {@code label} (the newest "late" body for "late") when it lives. */
    private static void live(Twin t, String label, OnBody f) {
        BodyId id = null;
        if (label.equals("late")) {
            for (int i = added; i >= 0 && id == null; i--) {
                id = t.w.find("late" + i);
            }
        } else {
            id = t.body(label);
        }
        if (id != null && t.w.contains(id) && !t.w.isDisabled(id)) {
            f.on(id);
        }
    }

    // ---- invalid calls: a catalogue of edge values per parameter -----------------------------------------------

    private static double pick(SplittableRandom r, double[] values) {
        return values[r.nextInt(values.length)];
    }

    /** A vector with {@code v} in one of its coordinates (the others ordinary). */
    private static Vector3d vec(SplittableRandom r, double v) {
        Vector3d out = new Vector3d(0.5, 1, -0.25);
        out.setComponent(r.nextInt(3), v);
        return out;
    }

    private static String s(double v) {
        return String.valueOf(v);
    }

    /** A body id no live body has: a removed one, one never created, one from another world. */
    private static BodyId staleId(SplittableRandom r, Twin a) {
        return switch (r.nextInt(3)) {
            case 0 -> new BodyId(9999);
            case 1 -> new BodyId(-1);
            default -> new BodyId(1L << 32); // slot 0 at generation 1: the ground's slot, never reused
        };
    }

    static Bad bad(SplittableRandom r, Twin a) {
        String label = DYNAMIC[r.nextInt(DYNAMIC.length)];
        int kind = r.nextInt(48);
        switch (kind) {
            case 0: {
                double v = pick(r, NON_FINITE);
                return new Bad("applyImpulse", "impulse", s(v), (w, t) -> w.applyImpulse(t.body(label), vec(r, v)));
            }
            case 1: {
                double v = pick(r, FAR);
                return new Bad("applyImpulse at a point", "impulse point", s(v),
                        (w, t) -> w.applyImpulse(t.body(label), new Vector3d(0, 1, 0), vec(r, v)));
            }
            case 2: {
                double v = pick(r, NON_FINITE);
                boolean lin = r.nextBoolean();
                return new Bad("setVelocity", lin ? "linear velocity" : "angular velocity", s(v), (w, t) -> w.setVelocity(
                        t.body(label), lin ? vec(r, v) : new Vector3d(), lin ? new Vector3d() : vec(r, v)));
            }
            case 3: {
                double v = pick(r, NON_FINITE);
                boolean force = r.nextBoolean();
                return new Bad(force ? "applyForce" : "applyTorque", force ? "force" : "torque", s(v), (w, t) -> {
                    if (force) {
                        w.applyForce(t.body(label), vec(r, v));
                    } else {
                        w.applyTorque(t.body(label), vec(r, v));
                    }
                });
            }
            case 4: {
                double v = pick(r, FAR);
                return new Bad("setPose", "pose position", s(v), (w, t) -> w.setPose(t.body(label), vec(r, v), new Quaterniond()));
            }
            case 5: {
                double v = r.nextBoolean() ? 0 : pick(r, NON_FINITE);
                Quaterniond q = v == 0 ? new Quaterniond(0, 0, 0, 0) : new Quaterniond(0, 0, 0, 1).set(v, 0, 0, 1);
                return new Bad("setPose", "orientation", s(v), (w, t) -> w.setPose(t.body(label), new Vector3d(0, 2, 0), q));
            }
            case 6: {
                double v = pick(r, FAR);
                return new Bad("moveKinematic", "position", s(v), (w, t) -> w.moveKinematic(t.body("k"), vec(r, v), new Quaterniond()));
            }
            case 7: {
                return new Bad("setVelocity of a static body", "static", BodyStore.handleString(a.body("wall").handle()),
                        (w, t) -> w.setVelocity(t.body("wall"), new Vector3d(1, 0, 0), new Vector3d()));
            }
            case 8: {
                return new Bad("setIgnoreCollision", "twice", "", (w, t) -> w.setIgnoreCollision(t.body(label), t.body(label), true));
            }
            case 9: {
                BodyId gone = staleId(r, a);
                int c = r.nextInt(6);
                return new Bad("a call with a stale id (" + c + ")", "not a live body", BodyStore.handleString(gone.handle()),
                        (w, t) -> {
                            switch (c) {
                                case 0 -> w.removeBody(gone);
                                case 1 -> w.applyImpulse(gone, new Vector3d(0, 1, 0));
                                case 2 -> w.setPose(gone, new Vector3d(), new Quaterniond());
                                case 3 -> w.addConstraint(gone, t.body("s"), ConstraintSpec.ball(new Vector3d()));
                                case 4 -> w.unions().add(3, gone);
                                default -> w.setCollisionFilter(gone, 1, 1);
                            }
                        });
            }
            case 10: {
                int c = r.nextBoolean() ? -1 : 7;
                int which = r.nextInt(5);
                return new Bad("collection setting " + which, "collection", String.valueOf(c), (w, t) -> {
                    switch (which) {
                        case 0 -> w.setDebrisLevel(c, 2);
                        case 1 -> w.setRemoveOnBreak(c, true, 0, 1, 0, 1);
                        case 2 -> w.setRemoveOnSleep(c, true, 0, 1, 0, 1, false, 0);
                        case 3 -> w.setCrumbleSize(c, 0.5);
                        default -> w.setCollectionEvents(c, EventKind.BREAK);
                    }
                });
            }
            case 11: {
                int level = r.nextBoolean() ? 0 : Integer.MIN_VALUE;
                return new Bad("setDebrisLevel", "level", String.valueOf(level), (w, t) -> w.setDebrisLevel(0, level));
            }
            case 12: {
                double v = pick(r, NOT_NON_NEGATIVE);
                int p = r.nextInt(4);
                String[] names = {"delayMin", "delayMax", "removalMin", "removalMax"};
                double[] args = {0, 1, 0, 1};
                args[p] = v;
                return new Bad("setRemoveOnBreak", names[p].substring(0, names[p].length() - 3), s(v),
                        (w, t) -> w.setRemoveOnBreak(0, true, args[0], args[1], args[2], args[3]));
            }
            case 13: {
                double v = pick(r, NOT_NON_NEGATIVE);
                int p = r.nextInt(5);
                String[] names = {"time", "time", "removal", "removal", "slowSpeed"};
                double[] args = {0, 1, 0, 1, 0.1};
                args[p] = v;
                return new Bad("setRemoveOnSleep", names[p], s(v),
                        (w, t) -> w.setRemoveOnSleep(0, true, args[0], args[1], args[2], args[3], true, args[4]));
            }
            case 14: {
                double v = r.nextBoolean() ? 1.5 : pick(r, NOT_NON_NEGATIVE);
                return new Bad("setCrumbleSize", "size", s(v), (w, t) -> w.setCrumbleSize(0, v));
            }
            case 15: {
                double v = r.nextBoolean() ? Double.POSITIVE_INFINITY : pick(r, NOT_NON_NEGATIVE);
                return new Bad("setRemovalTimerMultiplier", "multiplier", s(v), (w, t) -> w.setRemovalTimerMultiplier(v));
            }
            case 16: {
                int v = r.nextBoolean() ? -1 : Integer.MIN_VALUE;
                return new Bad("setBreakBudget", "breaksPerStep", String.valueOf(v), (w, t) -> w.setBreakBudget(v));
            }
            case 17: {
                boolean low = r.nextBoolean();
                return new Bad("setReleaseThrottle", low ? "min" : "max", low ? "-2" : "3",
                        (w, t) -> w.setReleaseThrottle(low ? -2 : 5, low ? 4 : 3));
            }
            case 18: {
                int p = r.nextInt(3);
                double v = pick(r, new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY});
                return switch (p) {
                    case 0 -> new Bad("update", "frameSeconds", s(v), (w, t) -> w.update(v));
                    case 1 -> new Bad("step(count)", "count", "-1", (w, t) -> w.step(-1));
                    default -> new Bad("setMaxStepsPerUpdate", "maxStepsPerUpdate", "0", (w, t) -> w.setMaxStepsPerUpdate(0));
                };
            }
            case 19: {
                int p = r.nextInt(4);
                double v = p == 1 ? pick(r, NOT_NON_NEGATIVE) : pick(r, NON_FINITE);
                String name = new String[] {"position", "radius", "magnitude", "direction"}[p];
                return new Bad("applyField", name, s(v), (w, t) -> {
                    switch (p) {
                        case 0 -> w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(vec(r, v), 1),
                                FieldOptions.once());
                        case 1 -> w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(new Vector3d(), v),
                                FieldOptions.once());
                        case 2 -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(new Vector3d(0, 1, 0), v),
                                FieldOptions.persistent("p"));
                        default -> w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.uniformVector(vec(r, v), 1),
                                FieldOptions.once());
                    }
                });
            }
            case 20: {
                EventKind k = r.nextBoolean() ? EventKind.HIT : EventKind.SLEEP;
                return new Bad("setCollectionEvents", "collection events", k.name(), (w, t) -> w.setCollectionEvents(0, k));
            }
            case 21: {
                return new Bad("setEventFilter", "event filter", "break",
                        (w, t) -> w.setEventFilter(EventKind.HIT, EventFilter.defaults(EventKind.BREAK)));
            }
            case 22: {
                double v = pick(r, FAR);
                boolean first = r.nextBoolean();
                return new Bad("addConstraint", "anchor", s(v), (w, t) -> w.addConstraint(t.body("s"), t.body("b"),
                        ConstraintSpec.distance(first ? vec(r, v) : new Vector3d(), first ? new Vector3d() : vec(r, v))));
            }
            case 23: {
                double v = pick(r, NOT_NON_NEGATIVE);
                boolean force = r.nextBoolean();
                return new Bad("addConstraint", force ? "breakForce" : "breakTorque", s(v), (w, t) -> w.addConstraint(t.body("s"),
                        null, force ? ConstraintSpec.ball(new Vector3d()).breakForce(v) : ConstraintSpec.ball(new Vector3d()).breakTorque(v)));
            }
            case 24: {
                return new Bad("addConstraint joining a body to itself", "itself", BodyStore.handleString(a.body(label).handle()),
                        (w, t) -> w.addConstraint(t.body(label), t.body(label), ConstraintSpec.ball(new Vector3d())));
            }
            case 25: {
                double v = r.nextBoolean() ? 0 : pick(r, NON_FINITE);
                return new Bad("addConstraint", "axis", s(v), (w, t) -> w.addConstraint(t.body("s"), t.body("b"),
                        ConstraintSpec.hinge(new Vector3d(), v == 0 ? new Vector3d() : vec(r, v))));
            }
            case 26: {
                double v = pick(r, new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY});
                return new Bad("addConstraint", "restLength", s(v), (w, t) -> w.addConstraint(t.body("s"), t.body("b"),
                        ConstraintSpec.distance(new Vector3d(), new Vector3d(1, 0, 0)).param("restLength", v)));
            }
            case 27: {
                double v = pick(r, NON_FINITE);
                int p = r.nextInt(2);
                return new Bad("rayCast", p == 0 ? "ray origin" : "ray direction", s(v), (w, t) -> w.rayCast(
                        p == 0 ? vec(r, v) : new Vector3d(), p == 0 ? new Vector3d(0, -1, 0) : vec(r, v), 10, new QueryHit()));
            }
            case 28: {
                double v = pick(r, new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY});
                boolean ray = r.nextBoolean();
                return new Bad(ray ? "rayCast" : "closestPoint", "maxDistance", s(v), (w, t) -> {
                    if (ray) {
                        w.rayCast(new Vector3d(0, 5, 0), new Vector3d(0, -1, 0), v, new QueryHit());
                    } else {
                        w.closestPoint(new Vector3d(0, 5, 0), v, new QueryHit());
                    }
                });
            }
            case 29: {
                double v = pick(r, NON_FINITE);
                int p = r.nextInt(3);
                String name = new String[] {"cast position", "cast translation", "overlap position"}[p];
                return new Bad(p < 2 ? "shapeCast" : "overlap", name, s(v), (w, t) -> {
                    if (p == 2) {
                        w.overlap(new Sphere(0.5), vec(r, v), new Quaterniond(), new ArrayList<>());
                    } else {
                        w.shapeCast(new Sphere(0.5), p == 0 ? vec(r, v) : new Vector3d(), new Quaterniond(),
                                p == 1 ? vec(r, v) : new Vector3d(0, -1, 0), new QueryHit());
                    }
                });
            }
            case 30: {
                int node = r.nextBoolean() ? -1 : 10_000;
                int p = r.nextInt(6);
                return new Bad("destruction node call " + p, "node", String.valueOf(node), (w, t) -> {
                    WorldDestruction d = w.destruction();
                    switch (p) {
                        case 0 -> d.applyStrain(t.wall(), node, 10);
                        case 1 -> d.crumble(t.wall(), node);
                        case 2 -> d.setAnchor(t.wall(), node, true);
                        case 3 -> d.setThreshold(t.wall(), node, 5);
                        case 4 -> d.addInternalStrain(t.wall(), node, 1);
                        default -> d.setMaterial(t.wall(), node, 0);
                    }
                });
            }
            case 31: {
                int node = r.nextBoolean() ? -1 : 10_000;
                int p = r.nextInt(5);
                return new Bad("destruction read " + p, "node", String.valueOf(node), (w, t) -> {
                    WorldDestruction d = w.destruction();
                    switch (p) {
                        case 0 -> d.bodyOf(t.wall(), node);
                        case 1 -> d.isFree(t.wall(), node);
                        case 2 -> d.threshold(t.wall(), node);
                        case 3 -> d.bondsOf(t.wall(), node);
                        default -> d.material(t.wall(), node);
                    }
                });
            }
            case 32: {
                int bond = r.nextBoolean() ? -1 : 10_000;
                int p = r.nextInt(4);
                return new Bad("bond call " + p, "bond", String.valueOf(bond), (w, t) -> {
                    WorldDestruction d = w.destruction();
                    switch (p) {
                        case 0 -> d.cutBond(t.wall(), bond);
                        case 1 -> d.bondAlive(t.wall(), bond);
                        case 2 -> d.bondArea(t.wall(), bond);
                        default -> d.bondA(t.wall(), bond);
                    }
                });
            }
            case 33: {
                double v = pick(r, new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY});
                int p = r.nextInt(5);
                String name = new String[] {"strain", "threshold", "breakFactor", "multiplier", "delta"}[p];
                return new Bad("destruction value " + p, name, p == 4 ? "NaN" : s(v), (w, t) -> {
                    WorldDestruction d = w.destruction();
                    switch (p) {
                        case 0 -> d.applyStrain(t.wall(), 1, v);
                        case 1 -> d.setThreshold(t.wall(), 1, v);
                        case 2 -> d.setPropagation(t.wall(), true, v, 0.5);
                        case 3 -> d.setMaterialMultiplier(t.wall(), 0, v);
                        default -> d.addInternalStrain(t.wall(), 1, Double.NaN);
                    }
                });
            }
            case 34: {
                int p = r.nextInt(4);
                double v = p == 0 ? pick(r, NON_FINITE) : pick(r, new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY});
                String name = new String[] {"point", "radius", "strain", "factor"}[p];
                return new Bad("applyStrainAt", name, s(v), (w, t) -> w.destruction().applyStrainAt(
                        p == 0 ? vec(r, v) : new Vector3d(0, 0.6, 0), p == 1 ? v : 0.5, p == 2 ? v : 100, 1, p == 3 ? v : 0.5));
            }
            case 35: {
                int p = r.nextInt(4);
                double v = p == 2 ? pick(r, new double[] {Double.NaN, -1}) : p == 1 ? pick(r, NON_FINITE) : pick(r, FAR);
                String name = new String[] {"collection position", "orientation", "threshold", "anchor"}[p];
                String value = p == 3 ? "10000" : s(v);
                return new Bad("place", name, value, (w, t) -> w.destruction().place("again", w.destruction().asset(t.wall()),
                        p == 0 ? vec(r, v) : new Vector3d(0, 3, 3), p == 1 ? new Quaterniond(0, 0, 0, 0).set(v, 0, 0, 0)
                                : new Quaterniond(), p == 2 ? new double[] {v} : null, p == 3 ? new int[] {10_000} : null));
            }
            case 36: {
                int p = r.nextInt(4);
                double v = pick(r, FAR);
                return new Bad("setChildToParent", "child-to-parent", s(v),
                        (w, t) -> w.unions().setChildToParent(p, t.body(label), vec(r, v), new Quaterniond()));
            }
            case 37: {
                int u = r.nextBoolean() ? -1 : Integer.MIN_VALUE;
                return new Bad("unions().add", "union", String.valueOf(u), (w, t) -> w.unions().add(u, t.body(label)));
            }
            case 38: {
                // a body spec with a bad value: refused before anything reaches the world
                int p = r.nextInt(8);
                double v = pick(r, NOT_POSITIVE);
                String name = new String[] {"mass", "density", "friction", "restitution", "gravity", "damping", "position",
                    "sphere radius"}[p];
                return new Bad("addBody", name, s(p == 4 || p == 6 ? Double.NaN : v), (w, t) -> {
                    BodySpec spec = BodySpec.dynamic(new Box(0.2, 0.2, 0.2)).withPosition(new Vector3d(0, 5, 0));
                    spec = switch (p) {
                        case 0 -> spec.withMass(v);
                        case 1 -> spec.withDensity(v);
                        case 2 -> spec.withMaterial(v == 0 ? -1 : v, 0.2);
                        case 3 -> spec.withMaterial(0.5, v == 0 ? -1 : v);
                        case 4 -> spec.withGravityScale(Double.NaN);
                        case 5 -> spec.withDamping(v == 0 ? -1 : v, 0);
                        case 6 -> spec.withPosition(new Vector3d(0, Double.NaN, 0));
                        default -> BodySpec.dynamic(new Sphere(v));
                    };
                    w.addBody(spec);
                });
            }
            case 40: {
                // a zero or non-finite rotation wherever one is taken
                double v = r.nextBoolean() ? 0 : pick(r, NON_FINITE);
                Quaterniond q = v == 0 ? new Quaterniond(0, 0, 0, 0) : new Quaterniond(0, 0, 0, 1).set(0, v, 0, 1);
                int p = r.nextInt(6);
                String call = new String[] {"BodySpec.withOrientation", "moveKinematic", "place", "setChildToParent",
                    "ConstraintSpec.orientation", "shapeCast"}[p];
                return new Bad(call, p == 4 ? "frameA" : "orientation", s(v), (w, t) -> {
                    switch (p) {
                        case 0 -> w.addBody(BodySpec.dynamic(new Sphere(0.2)).withOrientation(q));
                        case 1 -> w.moveKinematic(t.body("k"), new Vector3d(0, 3, -2), q);
                        case 2 -> w.destruction().place("again", w.destruction().asset(t.wall()), new Vector3d(0, 3, 3), q,
                                null, null);
                        case 3 -> w.unions().setChildToParent(0, t.body(label), new Vector3d(), q);
                        case 4 -> w.addConstraint(t.body("s"), t.body("b"), ConstraintSpec.fixed(new Vector3d()).orientation(q));
                        default -> w.shapeCast(new Sphere(0.5), new Vector3d(0, 3, 0), q, new Vector3d(0, -1, 0), new QueryHit());
                    }
                });
            }
            case 41: {
                double v = pick(r, NON_FINITE);
                boolean lin = r.nextBoolean();
                return new Bad("BodySpec velocity", lin ? "linearVelocity" : "angularVelocity", s(v), (w, t) -> w.addBody(lin
                        ? BodySpec.dynamic(new Sphere(0.2)).withLinearVelocity(vec(r, v))
                        : BodySpec.dynamic(new Sphere(0.2)).withAngularVelocity(vec(r, v))));
            }
            case 42: {
                int p = r.nextInt(4);
                double v = p == 0 || p == 2 ? Double.NaN : pick(r, NON_FINITE); // ±∞: no limit, a rigid spring
                String name = new String[] {"lower", "speed", "stiffness", "Torque"}[p];
                return new Bad("ConstraintSpec " + name, name, s(v), (w, t) -> w.addConstraint(t.body("s"), t.body("b"),
                        switch (p) {
                            case 0 -> ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 1, 0)).limits(v, 1);
                            case 1 -> ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 1, 0)).motor(v, 1);
                            case 2 -> ConstraintSpec.spring(new Vector3d(), new Vector3d(1, 0, 0), v, 0.1);
                            default -> ConstraintSpec.hinge(new Vector3d(), new Vector3d(0, 1, 0)).motor(1, v);
                        }));
            }
            case 43: {
                double v = pick(r, NON_FINITE);
                int p = r.nextInt(3);
                return new Bad("destruction cast " + p, p == 2 ? "maxDistance" : p == 0 ? "origin" : "direction", s(v), (w, t) -> {
                    dev.rubble.api.PieceHit hit = new dev.rubble.api.PieceHit();
                    switch (p) {
                        case 0 -> w.destruction().rayCast(vec(r, v), new Vector3d(0, -1, 0), 10, hit);
                        case 1 -> w.destruction().rayCast(new Vector3d(0, 3, 0), vec(r, v), 10, hit);
                        default -> w.destruction().rayCast(new Vector3d(0, 3, 0), new Vector3d(0, -1, 0), v, hit);
                    }
                });
            }
            case 44: {
                int p = r.nextInt(3);
                int v = p == 0 ? -1 : Integer.MIN_VALUE;
                return new Bad("material", "material", String.valueOf(v),
                        (w, t) -> {
                            switch (p) {
                                case 0, 1 -> w.destruction().setMaterialMultiplier(t.wall(), v, 1);
                                default -> w.destruction().setMaterial(t.wall(), 1, v);
                            }
                        });
            }
            case 45: {
                // an event filter's bounds, queued for a kind
                int p = r.nextInt(5);
                double v = pick(r, new double[] {Double.NaN, -1, Double.NEGATIVE_INFINITY});
                String name = new String[] {"minMass", "minSpeed", "minImpulse", "minVolume", "maxDistance"}[p];
                return new Bad("EventFilter." + name, name, s(v), (w, t) -> {
                    EventFilter f = EventFilter.defaults(EventKind.HIT);
                    w.setEventFilter(EventKind.HIT, switch (p) {
                        case 0 -> f.minMass(v);
                        case 1 -> f.minSpeed(v);
                        case 2 -> f.minImpulse(v);
                        case 3 -> f.minVolume(v);
                        default -> f.maxDistance(new Vector3d(), v);
                    });
                });
            }
            case 46: {
                int v = r.nextBoolean() ? -1 : Integer.MIN_VALUE;
                return new Bad("EventFilter.maxResults", "maxResults", String.valueOf(v),
                        (w, t) -> w.setEventFilter(EventKind.BREAK, EventFilter.defaults(EventKind.BREAK).maxResults(v)));
            }
            case 47: {
                // a field option or node by a name that does not exist
                int p = r.nextInt(3);
                String v = new String[] {"everywhere", "", "Maximum"}[r.nextInt(3)];
                String name = new String[] {"resolution", "state", "node"}[p];
                return new Bad("field " + name, name, v, (w, t) -> {
                    switch (p) {
                        case 0 -> w.applyField(Fields.Target.KILL, Fields.radialFalloff(new Vector3d(), 1),
                                FieldOptions.once().resolution(v));
                        case 1 -> w.applyField(Fields.Target.KILL, Fields.radialFalloff(new Vector3d(), 1),
                                FieldOptions.once().state(v));
                        default -> w.applyField(Fields.Target.KILL, Fields.node(v, "radius", 1.0), FieldOptions.once());
                    }
                });
            }
            default: {
                // degenerate shapes: coincident hull points, an empty compound, a zero-size box
                int p = r.nextInt(3);
                String name = new String[] {"hull", "compound", "box"}[p];
                return new Bad("addBody of a degenerate shape", name, p == 2 ? "0.0" : "", (w, t) -> {
                    switch (p) {
                        case 0 -> w.addBody(BodySpec.dynamic(QuickHull.of(new double[] {1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1})));
                        case 1 -> w.addBody(BodySpec.dynamic(new Compound(List.of())));
                        default -> w.addBody(BodySpec.dynamic(new Box(0, 1, 1)));
                    }
                });
            }
        }
    }
}
