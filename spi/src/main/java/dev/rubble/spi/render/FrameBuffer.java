package dev.rubble.spi.render;

import dev.rubble.spi.shape.Shape;
import java.util.Arrays;
import java.util.Objects;

/**
 * The writable {@link RenderFrame} that frame builders fill and renderers read. Structure of
 * arrays that grow as needed and are reused: {@link #clear()} then {@link #add} per drawable, so a
 * steady stream of frames allocates nothing. Single threaded.
 */
public final class FrameBuffer implements RenderFrame {
    private int count;
    private Shape[] shape = new Shape[16];
    private double[] pose = new double[16 * 7];
    private double[] bounds = new double[16 * 6];
    private byte[] state = new byte[16];
    private int[] piece = new int[16];
    private int[] level = new int[16];
    private boolean[] anchored = new boolean[16];
    private double[] strain = new double[16];
    private double[] removal = new double[16];
    private int maxLevel;
    private long step;
    private double time;
    private long breaks;

    /** Forgets every drawable and sets the frame counters. */
    public void clear(long step, double time, long breaks) {
        Arrays.fill(shape, 0, count, null);
        count = 0;
        maxLevel = 0;
        this.step = step;
        this.time = time;
        this.breaks = breaks;
    }

    /**
     * Adds a drawable with level 0, not anchored, strain 0 and removal scale 1, its bounds taken
     * from the shape at the pose; returns its index. Set the rest with the setters.
     */
    public int add(Shape s, double px, double py, double pz, double qx, double qy, double qz, double qw,
                   int bodyState, int pieceId) {
        Objects.requireNonNull(s, "shape is null");
        if (bodyState < STATIC || bodyState > DISABLED) {
            throw new IllegalArgumentException("body state = " + bodyState + "; allowed: 0..5");
        }
        if (count == state.length) {
            grow(count * 2);
        }
        int i = count++;
        shape[i] = s;
        int o = 7 * i;
        pose[o] = px;
        pose[o + 1] = py;
        pose[o + 2] = pz;
        pose[o + 3] = qx;
        pose[o + 4] = qy;
        pose[o + 5] = qz;
        pose[o + 6] = qw;
        s.bounds(px, py, pz, qx, qy, qz, qw, bounds, 6 * i);
        state[i] = (byte) bodyState;
        piece[i] = pieceId;
        level[i] = 0;
        anchored[i] = false;
        strain[i] = 0;
        removal[i] = 1;
        return i;
    }

    /** Replaces the bounds of drawable {@code i} (e.g. the world's own, fattened ones). */
    public void setBounds(int i, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = 6 * check(i);
        bounds[o] = minX;
        bounds[o + 1] = minY;
        bounds[o + 2] = minZ;
        bounds[o + 3] = maxX;
        bounds[o + 4] = maxY;
        bounds[o + 5] = maxZ;
    }

    /** Sets level, anchored flag, strain ratio (≥ 0) and removal scale ([0, 1]) of drawable {@code i}. */
    public void setDestruction(int i, int lvl, boolean isAnchored, double strainRatio, double removalScale) {
        check(i);
        if (lvl < 0) {
            throw new IllegalArgumentException("level = " + lvl + "; allowed: >= 0");
        }
        if (!(strainRatio >= 0)) {
            throw new IllegalArgumentException("strain ratio = " + strainRatio + "; allowed: >= 0");
        }
        if (!(removalScale >= 0 && removalScale <= 1)) {
            throw new IllegalArgumentException("removal scale = " + removalScale + "; allowed: [0, 1]");
        }
        level[i] = lvl;
        maxLevel = Math.max(maxLevel, lvl);
        anchored[i] = isAnchored;
        strain[i] = strainRatio;
        removal[i] = removalScale;
    }

    private int check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("drawable " + i + "; allowed: 0.." + (count - 1));
        }
        return i;
    }

    private void grow(int n) {
        shape = Arrays.copyOf(shape, n);
        pose = Arrays.copyOf(pose, 7 * n);
        bounds = Arrays.copyOf(bounds, 6 * n);
        state = Arrays.copyOf(state, n);
        piece = Arrays.copyOf(piece, n);
        level = Arrays.copyOf(level, n);
        anchored = Arrays.copyOf(anchored, n);
        strain = Arrays.copyOf(strain, n);
        removal = Arrays.copyOf(removal, n);
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public Shape shape(int i) {
        return shape[i];
    }

    @Override
    public double position(int i, int axis) {
        return pose[7 * i + axis];
    }

    @Override
    public double orientation(int i, int component) {
        return pose[7 * i + 3 + component];
    }

    @Override
    public double bounds(int i, int k) {
        return bounds[6 * i + k];
    }

    @Override
    public int state(int i) {
        return state[i];
    }

    @Override
    public int piece(int i) {
        return piece[i];
    }

    @Override
    public int level(int i) {
        return level[i];
    }

    @Override
    public boolean anchored(int i) {
        return anchored[i];
    }

    @Override
    public double strain(int i) {
        return strain[i];
    }

    @Override
    public double removalScale(int i) {
        return removal[i];
    }

    @Override
    public int maxLevel() {
        return maxLevel;
    }

    @Override
    public long step() {
        return step;
    }

    @Override
    public double time() {
        return time;
    }

    @Override
    public long breaks() {
        return breaks;
    }
}
