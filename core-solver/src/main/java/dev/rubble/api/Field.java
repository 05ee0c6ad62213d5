package dev.rubble.api;

import dev.rubble.core.command.FieldSpec;
import java.util.Objects;
import org.joml.Vector3dc;

/**
 * A field: a tree of nodes evaluated at bodies (docs/fields.md). Immutable; build one with
 * {@link Fields} and combine with {@link #times}, {@link #dividedBy}, {@link #plus}, {@link #minus},
 * cull with {@link #onlyWhere}/{@link #onlyWhereZero}, set any node parameter with {@link #with}.
 * Parameters are checked when the field is applied ({@link PhysicsWorld#applyField}).
 */
public final class Field {
    private final FieldSpec spec;

    Field(FieldSpec spec) {
        this.spec = Objects.requireNonNull(spec, "spec is null");
    }

    /** The field as data (what journals and snapshots hold). */
    FieldSpec spec() {
        return spec;
    }

    /**
     * This node with parameter {@code key} set to a number, string, boolean or another field.
     * @param key the parameter name (the node type's own, checked when the field is applied)
     * @param value a Number, String, Boolean, JOML vector or {@link Field}
     * @return a new node with the parameter set
     */
    public Field with(String key, Object value) {
        Objects.requireNonNull(key, "key is null");
        Objects.requireNonNull(value, "value of '" + key + "' is null");
        Object v = value;
        if (value instanceof Field f) {
            v = f.spec;
        } else if (value instanceof Vector3dc c) {
            v = new FieldSpec.Vec(c.x(), c.y(), c.z());
        }
        return new Field(spec.with(key, v));
    }

    /**
     * Sets {@code magnitude}.
     * @param magnitude the value the node's output is scaled by
     * @return a new node with it set
     */
    public Field magnitude(double magnitude) {
        return with("magnitude", magnitude);
    }

    /**
     * Sets a falloff node's curve: none, linear, squared, inverse, logarithmic.
     * @param curve the curve's name
     * @return a new node with it set
     */
    public Field falloff(String curve) {
        return with("falloff", curve);
    }

    /**
     * Sets a falloff node's {@code min} and {@code max} (output = magnitude (min + (max − min) f(x))).
     * @param min the output at the falloff's far end (before the magnitude)
     * @param max the output at the falloff's near end
     * @return a new node with them set
     */
    public Field range(double min, double max) {
        return with("min", min).with("max", max);
    }

    /**
     * {@code this × other} (scalar × scalar, vector × vector per component, scalar × vector).
     * @param other the right operand
     * @return a new operator node
     */
    public Field times(Field other) {
        return op("multiply", other);
    }

    /**
     * {@code this ÷ other}; a zero divisor gives 0.
     * @param other the divisor
     * @return a new operator node
     */
    public Field dividedBy(Field other) {
        return op("divide", other);
    }

    /**
     * {@code this + other}.
     * @param other the right operand
     * @return a new operator node
     */
    public Field plus(Field other) {
        return op("add", other);
    }

    /**
     * {@code this − other}.
     * @param other the right operand
     * @return a new operator node
     */
    public Field minus(Field other) {
        return op("subtract", other);
    }

    /**
     * This field only where {@code culling} is not 0 (Chaos's culling "outside").
     * @param culling the field that decides where this one acts
     * @return a new culling node
     */
    public Field onlyWhere(Field culling) {
        return new Field(FieldSpec.of("culling", "culling", culling.spec, "input", spec, "operation", "outside"));
    }

    /**
     * This field only where {@code culling} is 0 (Chaos's culling "inside").
     * @param culling the field that decides where this one acts
     * @return a new culling node
     */
    public Field onlyWhereZero(Field culling) {
        return new Field(FieldSpec.of("culling", "culling", culling.spec, "input", spec, "operation", "inside"));
    }

    /**
     * A scalar field truncated to integers.
     * @return a new conversion node
     */
    public Field toInteger() {
        return new Field(FieldSpec.of("to-integer", "input", spec));
    }

    /**
     * An integer field as scalars.
     * @return a new conversion node
     */
    public Field toFloat() {
        return new Field(FieldSpec.of("to-float", "input", spec));
    }

    private Field op(String operation, Field other) {
        Objects.requireNonNull(other, "other is null");
        return new Field(FieldSpec.of("operator", "operation", operation, "left", spec, "right", other.spec));
    }

    @Override
    public String toString() {
        return spec.toString();
    }
}
