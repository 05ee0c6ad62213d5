package dev.rubble.cache.journal;

import dev.rubble.core.body.BodyStore;
import java.util.Arrays;

/**
 * The recorded state of every body, rebuilt by applying step records in order to the initial
 * world state: slot-indexed arrays of liveness, generation, state, motion and the
 * {@link StepRecord#FIELDS} pose/velocity doubles. Verify compares it with a re-simulated world;
 * playback interpolates between two of them. Applying a step is O(changes + moved bodies) and
 * allocates only when the world grows.
 */
public final class RecordedState {
    private static final int F = StepRecord.FIELDS;
    public int limit;
    public boolean[] live = new boolean[0];
    public int[] generation = new int[0];
    public byte[] state = new byte[0];
    public byte[] motion = new byte[0];
    public double[] values = new double[0];
    /** Removal scale per slot (1 = full size; below 1 only from a step's removal-scale document, issue 31). */
    public double[] scale = new double[0];

    /** Copies the current state of {@code b} (the initial state before the first recorded step). */
    public void copyFrom(BodyStore b) {
        int n = b.slotLimit();
        ensure(n);
        for (int s = 0; s < n; s++) {
            live[s] = b.isLive(s);
            generation[s] = b.generation[s];
            state[s] = b.state[s];
            motion[s] = b.motion[s];
            int o = s * F;
            double[] v = values;
            b.copyMotionState(s, v, o);
            scale[s] = b.scale[s];
        }
        limit = n;
    }

    /** Copies another recorded state (no allocation once sizes match). */
    public void copyFrom(RecordedState o) {
        ensure(o.limit);
        System.arraycopy(o.live, 0, live, 0, o.limit);
        System.arraycopy(o.generation, 0, generation, 0, o.limit);
        System.arraycopy(o.state, 0, state, 0, o.limit);
        System.arraycopy(o.motion, 0, motion, 0, o.limit);
        System.arraycopy(o.values, 0, values, 0, o.limit * F);
        System.arraycopy(o.scale, 0, scale, 0, o.limit);
        limit = o.limit;
    }

    /** Applies one step's state changes and moved bodies. */
    public void apply(StepRecord r) {
        for (int i = 0; i < r.changeCount; i++) {
            int s = r.changeSlot[i];
            grow(s);
            if (r.changeTo[i] == JournalFormat.ABSENT) {
                live[s] = false;
            } else {
                live[s] = true;
                generation[s] = r.changeGen[i];
                state[s] = r.changeTo[i];
            }
        }
        double[] m = r.moved;
        for (int i = 0; i < r.movedCount; i++) {
            int s = r.movedSlot[i];
            grow(s);
            live[s] = true;
            generation[s] = r.movedGen[i];
            state[s] = r.movedState[i];
            motion[s] = r.movedMotion[i];
            System.arraycopy(m, i * F, values, s * F, F);
        }
        // the scale document lists every shrinking body: all others are full size
        Arrays.fill(scale, 0, limit, 1.0);
        for (int i = 0; i < r.scaleCount; i++) {
            int s = r.scaleSlot[i];
            grow(s);
            scale[s] = r.scale[i];
        }
    }

    private void grow(int s) {
        if (s >= limit) {
            ensure(s + 1);
            limit = s + 1;
        }
    }

    private void ensure(int n) {
        if (live.length < n) {
            int c = Math.max(n, live.length * 2);
            live = Arrays.copyOf(live, c);
            generation = Arrays.copyOf(generation, c);
            state = Arrays.copyOf(state, c);
            motion = Arrays.copyOf(motion, c);
            values = Arrays.copyOf(values, c * F);
            int old = scale.length;
            scale = Arrays.copyOf(scale, c);
            Arrays.fill(scale, old, c, 1.0);
        }
    }

    /** The value of field {@code f} (see {@link StepRecord#FIELD_NAMES}) of slot {@code s}. */
    public double value(int s, int f) {
        return values[s * F + f];
    }

    /** Field {@code f} of slot {@code s} of a live store, in the order of {@link StepRecord#FIELD_NAMES}. */
    public static double field(BodyStore b, int s, int f) {
        switch (f) {
            case 0: return b.px[s];
            case 1: return b.py[s];
            case 2: return b.pz[s];
            case 3: return b.qx[s];
            case 4: return b.qy[s];
            case 5: return b.qz[s];
            case 6: return b.qw[s];
            case 7: return b.vx[s];
            case 8: return b.vy[s];
            case 9: return b.vz[s];
            case 10: return b.wx[s];
            case 11: return b.wy[s];
            case 12: return b.wz[s];
            default: throw new IllegalArgumentException("field " + f + "; allowed: 0.." + (F - 1));
        }
    }
}
