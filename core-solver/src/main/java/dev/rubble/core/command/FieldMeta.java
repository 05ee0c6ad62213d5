package dev.rubble.core.command;

import java.util.Objects;

/**
 * The metadata of a field command (reference: chaos-fields-events-cache §1.3): which bodies and
 * pieces are sampled and where.
 *
 * @param resolution which pieces of placed collections are sampled (rigid bodies: every body not disabled,
 *                   plus disabled ones at {@code MAXIMUM})
 * @param state      only bodies in this state (overrides the resolution's choice of disabled bodies, as Chaos)
 * @param object     only plain rigid bodies, only collection pieces, or all
 * @param position   sample at the body's origin (pivot, Chaos's default) or its centre of mass
 */
public record FieldMeta(Resolution resolution, StateFilter state, ObjectFilter object, PositionType position) {

    /** Minimal, all states, all objects, pivot: Chaos's defaults. */
    public static final FieldMeta DEFAULT = new FieldMeta(Resolution.MINIMAL, StateFilter.ALL, ObjectFilter.ALL,
            PositionType.PIVOT);

    public FieldMeta {
        Objects.requireNonNull(resolution, "resolution is null");
        Objects.requireNonNull(state, "state filter is null");
        Objects.requireNonNull(object, "object filter is null");
        Objects.requireNonNull(position, "position type is null");
    }

    public FieldMeta withResolution(Resolution r) {
        return new FieldMeta(r, state, object, position);
    }

    public FieldMeta withState(StateFilter s) {
        return new FieldMeta(resolution, s, object, position);
    }

    public FieldMeta withObject(ObjectFilter o) {
        return new FieldMeta(resolution, state, o, position);
    }

    public FieldMeta withPosition(PositionType p) {
        return new FieldMeta(resolution, state, object, p);
    }

    /** Which pieces are sampled. */
    public enum Resolution {
        /** Active bodies and the direct children of active clusters. */
        MINIMAL("minimal"),
        /** Active bodies only: top-level cluster parents, no held children. */
        DISABLED_PARENTS("disabled-parents"),
        /** Every body and every piece, held or not, disabled or not. */
        MAXIMUM("maximum");

        public final String label;

        Resolution(String label) {
            this.label = label;
        }
    }

    /** A body state filter ({@code all} = whatever the resolution samples). */
    public enum StateFilter {
        ALL("all"), DYNAMIC("dynamic"), KINEMATIC("kinematic"), STATIC("static"), SLEEPING("sleeping"),
        DISABLED("disabled");

        public final String label;

        StateFilter(String label) {
            this.label = label;
        }
    }

    /** An object filter. */
    public enum ObjectFilter {
        ALL("all"), RIGID("rigid"), DESTRUCTION("destruction"), SOFT("soft");

        public final String label;

        ObjectFilter(String label) {
            this.label = label;
        }
    }

    /** Where a body is sampled. */
    public enum PositionType {
        PIVOT("pivot"), CENTER_OF_MASS("center-of-mass");

        public final String label;

        PositionType(String label) {
            this.label = label;
        }
    }

    /** The constant of {@code type} labelled {@code label}; fails naming {@code what} and the allowed labels. */
    public static <E extends Enum<E>> E byLabel(Class<E> type, String what, String label) {
        StringBuilder known = new StringBuilder();
        for (E e : type.getEnumConstants()) {
            String l;
            try {
                l = (String) type.getField("label").get(e);
            } catch (ReflectiveOperationException x) {
                throw new IllegalStateException(x);
            }
            if (l.equals(label)) {
                return e;
            }
            known.append(known.length() == 0 ? "" : ", ").append(l);
        }
        throw new IllegalArgumentException(what + " = '" + label + "'; allowed: " + known);
    }
}
