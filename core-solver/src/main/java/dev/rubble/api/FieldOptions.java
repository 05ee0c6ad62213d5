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

    /** A transient command: evaluated once, in the next step. */
    public static FieldOptions once() {
        return new FieldOptions("", false, FieldMeta.DEFAULT);
    }

    /** A persistent command called {@code name}: evaluated every step until {@link PhysicsWorld#removeField}. */
    public static FieldOptions persistent(String name) {
        Objects.requireNonNull(name, "name is null");
        if (name.isEmpty()) {
            throw new IllegalArgumentException("persistent field name is empty; allowed: a non-empty name");
        }
        return new FieldOptions(name, true, FieldMeta.DEFAULT);
    }

    public FieldOptions resolution(String label) {
        return new FieldOptions(name, persistent, meta.withResolution(
                FieldMeta.byLabel(FieldMeta.Resolution.class, "resolution", label)));
    }

    public FieldOptions state(String label) {
        return new FieldOptions(name, persistent, meta.withState(FieldMeta.byLabel(FieldMeta.StateFilter.class, "state filter", label)));
    }

    public FieldOptions object(String label) {
        return new FieldOptions(name, persistent, meta.withObject(FieldMeta.byLabel(FieldMeta.ObjectFilter.class, "object filter", label)));
    }

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
