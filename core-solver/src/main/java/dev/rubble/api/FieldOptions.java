package dev.rubble.api;

import dev.rubble.core.command.FieldMeta;
import java.util.Objects;

/**
 * How a field command runs (docs/fields.md, "Commands"): once or persistently under a name, and its
 * metadata — resolution ({@code minimal}, {@code disabled-parents}, {@code maximum}), state filter
 * ({@code all}, {@code dynamic}, {@code kinematic}, {@code static}, {@code sleeping}, {@code disabled}),
 * object filter ({@code all}, {@code rigid}, {@code destruction}) and position type ({@code pivot},
 * {@code center-of-mass}). Immutable.
 */
public final class FieldOptions {
    private final String name;
    private final boolean persistent;
    private final FieldMeta meta;

    private FieldOptions(String name, boolean persistent, FieldMeta meta) {
        this.name = name;
        this.persistent = persistent;
        this.meta = meta;
    }

    /**
     * A transient command: evaluated once, in the next step.
     * @return the options
     */
    public static FieldOptions once() {
        return new FieldOptions("", false, FieldMeta.DEFAULT);
    }

    /**
     * A persistent command called {@code name}: evaluated every step until {@link PhysicsWorld#removeField}.
     * @param name the name {@link PhysicsWorld#removeField} stops it by
     * @return the options
     */
    public static FieldOptions persistent(String name) {
        Objects.requireNonNull(name, "name is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("persistent field name is empty; allowed: a non-empty name");
        }
        return new FieldOptions(name, true, FieldMeta.DEFAULT);
    }

    /**
     * Which particles of a collection the field samples.
     * @param label {@code minimal} (active pieces and their holders), {@code disabled-parents} or {@code
     *     maximum} (every node)
     * @return a copy with the resolution set
     * @throws IllegalArgumentException for another label, listing the allowed ones
     */
    public FieldOptions resolution(String label) {
        return new FieldOptions(name, persistent, meta.withResolution(
                FieldMeta.byLabel(FieldMeta.Resolution.class, "resolution", label)));
    }

    /**
     * Which body states the field samples.
     * @param label {@code all}, {@code dynamic}, {@code kinematic}, {@code static}, {@code sleeping} or
     *     {@code disabled}
     * @return a copy with the state filter set
     * @throws IllegalArgumentException for another label, listing the allowed ones
     */
    public FieldOptions state(String label) {
        return new FieldOptions(name, persistent, meta.withState(FieldMeta.byLabel(FieldMeta.StateFilter.class, "state filter", label)));
    }

    /**
     * Which kind of object the field samples.
     * @param label {@code all}, {@code rigid}, {@code destruction} or {@code soft}
     * @return a copy with the filter set
     * @throws IllegalArgumentException for another label, listing the allowed ones
     */
    public FieldOptions object(String label) {
        return new FieldOptions(name, persistent, meta.withObject(FieldMeta.byLabel(FieldMeta.ObjectFilter.class, "object filter", label)));
    }

    /**
     * Where on a body the field is sampled.
     * @param label {@code pivot} (the body origin) or {@code center-of-mass}
     * @return a copy with the position type set
     * @throws IllegalArgumentException for another label, listing the allowed ones
     */
    public FieldOptions position(String label) {
        return new FieldOptions(name, persistent, meta.withPosition(FieldMeta.byLabel(FieldMeta.PositionType.class, "position type", label)));
    }

    String name() {
        return name;
    }

    boolean isPersistent() {
        return persistent;
    }

    FieldMeta meta() {
        return meta;
    }
}
