package dev.rubble.viewer;

import dev.rubble.spi.render.FrameBuffer;

/**
 * The frames the viewer shows, read forward once: frame {@code k} is the state after {@code k}
 * steps (frame 0 the initial state), with the statistics of the step that led to it.
 */
public interface ViewSource extends AutoCloseable {

    /** The last frame, ≥ 0. */
    long lastFrame();

    /** What is shown, for the page title (a file name). */
    String title();

    /** Names of the stages whose times {@link FrameStats#stageNanos} holds, in that order. */
    String[] stageNames();

    /**
     * Moves forward to frame {@code k} (the previous call's frame + 1, starting at 0) and fills
     * {@code out} with its drawables and {@code stats} with the step that led to it (zeros for frame 0).
     * Drawables carry their fracture level.
     */
    void frame(long k, FrameBuffer out, FrameStats stats);

    @Override
    void close();

    /** Statistics of one step. */
    final class FrameStats {
        public long step;
        public double time;
        public int awake, sleeping, statics;
        /** Pieces broken off in this step. */
        public int breaks;
        public long totalNanos;
        public long[] stageNanos;
        /**
         * The first piece broken in this step (valid when {@link #breaks} > 0): centre-of-mass position
         * (m), then linear velocity (m/s).
         */
        public final double[] firstBreak = new double[6];

        void clear(int stages) {
            step = 0;
            time = 0;
            awake = sleeping = statics = breaks = 0;
            totalNanos = 0;
            if (stageNanos == null || stageNanos.length != stages) {
                stageNanos = new long[stages];
            } else {
                java.util.Arrays.fill(stageNanos, 0);
            }
        }
    }
}
