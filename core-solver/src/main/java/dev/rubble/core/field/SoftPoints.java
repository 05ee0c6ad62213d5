package dev.rubble.core.field;

import dev.rubble.spi.soft.SoftBodyState;

/**
 * The soft bodies' points as the field system sees them (docs/fields.md, "Soft bodies"): the step
 * implements it over the soft-body store, since fields sit below soft bodies in the layering.
 */
public interface SoftPoints {
    /** No soft bodies. */
    SoftPoints NONE = new SoftPoints() {
        @Override
        public int bodies() {
            return 0;
        }

        @Override
        public int pointStart(int body) {
            throw new IndexOutOfBoundsException(body);
        }

        @Override
        public int pointCount(int body) {
            throw new IndexOutOfBoundsException(body);
        }

        @Override
        public SoftBodyState state() {
            return null;
        }
    };

    /** Soft bodies. */
    int bodies();

    /** Index of body {@code body}'s first point in {@link #state()}. */
    int pointStart(int body);

    /** Points of body {@code body}. */
    int pointCount(int body);

    /** Positions, velocities and inverse masses of every point. */
    SoftBodyState state();
}
