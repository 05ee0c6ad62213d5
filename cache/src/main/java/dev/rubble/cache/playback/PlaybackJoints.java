package dev.rubble.cache.playback;

import dev.rubble.cache.journal.ConstraintChanges;
import dev.rubble.cache.journal.JournalFormatException;
import dev.rubble.cache.journal.RecordedState;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import dev.rubble.core.step.ConstraintOps;
import dev.rubble.core.world.World;
import java.util.Arrays;
import java.util.function.LongPredicate;

/**
 * The recorded joints in a playback world (docs/journal-format.md, "Joints in playback"). The played world holds the
 * constraints as they are at the playback step:
 *
 * <pre>
 *   recorded command      AddConstraint    made at its step from the bodies' recorded poses before it  {@link #add}
 *                         RemoveConstraint removed                                                     (ConstraintOps)
 *   step's own changes    "JNTC" document  re-bound to a piece / gone after a break                    {@link #apply}
 *   seek, start keyframe  keyframe world   copied with frames and derived parameters                   {@link #copy}
 * </pre>
 *
 * Nothing here is solved by playback itself: the world's constraint solver takes only constraints with an awake
 * dynamic body, so a joint between two driven (kinematic) bodies does nothing and both follow the recording; once one
 * is released the joint acts on it, its driven partner a kinematic target of infinite mass. Single threaded, used by
 * one {@link Playback}; allocates only when a command makes a constraint (or a step spawns more bodies than before).
 */
final class PlaybackJoints {
    /** Two bodies' poses (7 each) while a constraint is made at their recorded poses. */
    private final double[] keep = new double[14];
    /** The bodies the spawn commands of the record being entered made, in order (Command.spawnedEarlier references). */
    private long[] spawned = new long[4];
    private int spawnedCount;

    /** A record's commands begin: no spawn of it has made a body yet. */
    void beginRecord() {
        spawnedCount = 0;
    }

    /** The record's next spawn command made body {@code h}. */
    void spawned(long h) {
        if (spawnedCount == spawned.length) {
            spawned = Arrays.copyOf(spawned, 2 * spawnedCount);
        }
        spawned[spawnedCount++] = h;
    }

    /**
     * A recorded {@code AddConstraint} of step {@code step}: made in {@code world} as the recording made it, at the
     * start of its step, from the bodies' recorded poses before that step ({@code before}; a body made since, between
     * steps or by a spawn of this step, where it was made), so its frames sit on the same points of the bodies and a
     * length left to be derived is the recorded one, whether the bodies are driven or released. A command naming a
     * body that is gone does nothing, as in the recording.
     *
     * @throws JournalFormatException when the recorded constraint cannot be made (a journal the recording's world
     *         could not have written)
     */
    void add(World world, Command.AddConstraint a, RecordedState before, long step) {
        BodyStore b = world.bodies();
        int sa = liveSlot(b, resolve(a.bodyA()));
        int sb = a.bodyB() == ConstraintStore.WORLD ? -1 : liveSlot(b, resolve(a.bodyB()));
        if (sa < 0 || sb < 0 && a.bodyB() != ConstraintStore.WORLD) {
            return;
        }
        holdRecordedPose(b, sa, before, 0);
        if (sb >= 0) {
            holdRecordedPose(b, sb, before, 7);
        }
        try {
            ConstraintOps.add(world.context(), a, sa, sb);
        } catch (IllegalArgumentException e) {
            throw new JournalFormatException("step " + step + ": the recorded constraint " + a.id()
                    + " cannot be made in playback: " + e.getMessage(), e);
        } finally {
            putPose(b, sa, 0);
            if (sb >= 0) {
                putPose(b, sb, 7);
            }
        }
    }

    /**
     * What a recorded step changed in its constraints by itself ({@link ConstraintChanges}), after its commands: a
     * constraint re-bound to the piece holding its anchor takes that piece (made from the step's events right after
     * this, on the recorded handle) and the recorded frames, its impulses from 0 as in the recording; a constraint
     * gone (broken, or its anchor's piece got no body) is removed, unless {@code released} says a body of it was
     * released: a released body's joint is live simulation's, and breaks by its own thresholds.
     */
    static void apply(World world, ConstraintChanges c, LongPredicate released) {
        ConstraintStore st = world.context().constraints;
        for (int k = 0; k < c.reboundCount; k++) {
            int i = st.indexOf(c.reboundId[k]);
            if (i < 0) {
                continue;
            }
            st.bodyA[i] = c.reboundA[k];
            st.bodyB[i] = c.reboundB[k];
            System.arraycopy(c.reboundFrames, 14 * k, st.frameA, 7 * i, 7);
            System.arraycopy(c.reboundFrames, 14 * k + 7, st.frameB, 7 * i, 7);
            Arrays.fill(st.lambda, ConstraintStore.MAX_ROWS * i, ConstraintStore.MAX_ROWS * (i + 1), 0);
            st.version++; // the solver re-maps, the no-contact pairs are rebuilt
        }
        for (int k = 0; k < c.goneCount; k++) {
            int i = st.indexOf(c.gone[k]);
            if (i >= 0 && !released.test(st.bodyA[i]) && !released.test(st.bodyB[i])) {
                ConstraintOps.remove(world.context(), c.gone[k]);
            }
        }
    }

    /**
     * Copies every constraint of {@code from} (a keyframe's world, on the same handles) into {@code to} with its
     * frames, parameters as derived at creation and thresholds; the impulses start from 0, as those of a constraint
     * playback made from its command and never solved between driven bodies.
     */
    static void copy(ConstraintStore from, ConstraintStore to) {
        for (int i = 0, n = from.size(); i < n; i++) {
            to.add(from.id[i], from.typeName[i], from.bodyA[i], from.bodyB[i],
                    Arrays.copyOfRange(from.frameA, 7 * i, 7 * i + 7), Arrays.copyOfRange(from.frameB, 7 * i, 7 * i + 7),
                    from.params[i], from.breakForce[i], from.breakTorque[i], !from.noContact[i]);
        }
        to.setNextId(Math.max(to.nextId(), from.nextId()));
    }

    /** A command's body: a handle, or {@code -1 - k} for the body spawn command k of the same step made (else -1). */
    private long resolve(long body) {
        if (body >= 0) {
            return body;
        }
        long k = -1 - body;
        return k < spawnedCount ? spawned[(int) k] : -1;
    }

    /** The slot of live body {@code h}, or -1. */
    private static int liveSlot(BodyStore b, long h) {
        int s = (int) h;
        return h >= 0 && s < b.slotLimit() && b.isLive(s) && b.generation[s] == (int) (h >>> 32) ? s : -1;
    }

    /** Keeps slot {@code s}'s pose at {@code keep[at..at+7)} and puts it at its recorded pose in {@code before}, if it has one. */
    private void holdRecordedPose(BodyStore b, int s, RecordedState before, int at) {
        b.copyPose(s, keep, at);
        if (s < before.limit && before.live[s] && before.generation[s] == b.generation[s]) {
            int o = s * StepRecord.FIELDS;
            double[] v = before.values;
            b.px[s] = v[o]; b.py[s] = v[o + 1]; b.pz[s] = v[o + 2];
            b.qx[s] = v[o + 3]; b.qy[s] = v[o + 4]; b.qz[s] = v[o + 5]; b.qw[s] = v[o + 6];
        }
    }

    private void putPose(BodyStore b, int s, int at) {
        b.px[s] = keep[at]; b.py[s] = keep[at + 1]; b.pz[s] = keep[at + 2];
        b.qx[s] = keep[at + 3]; b.qy[s] = keep[at + 4]; b.qz[s] = keep[at + 5]; b.qw[s] = keep[at + 6];
    }
}
