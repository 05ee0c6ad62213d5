package dev.rubble.core.field;

import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import java.util.Objects;

/**
 * One initialisation field of a collection (issue 24 item 8; docs/fields.md, "Initialisation
 * fields"): evaluated at its leaves when it is placed ({@code World.placeCollection}).
 *
 * @param target {@link FieldTarget#DYNAMIC_STATE} (2 and 3 anchor a leaf),
 *               {@link FieldTarget#INITIAL_LINEAR_VELOCITY} or {@link FieldTarget#INITIAL_ANGULAR_VELOCITY}
 *               (the covered leaves' velocity; the collection takes their total momentum)
 * @param field  the node tree
 */
public record InitialisationField(FieldTarget target, FieldSpec field) {
    public InitialisationField {
        Objects.requireNonNull(target, "target is null");
        Objects.requireNonNull(field, "field is null");
    }

    /** Chaos's anchor field: {@code dynamic-state} {@code field} (3 or 2 where a leaf is anchored). */
    public static InitialisationField anchors(FieldSpec field) {
        return new InitialisationField(FieldTarget.DYNAMIC_STATE, field);
    }

    /** Initial linear velocity (m/s) of the leaves {@code field} covers. */
    public static InitialisationField linearVelocity(FieldSpec field) {
        return new InitialisationField(FieldTarget.INITIAL_LINEAR_VELOCITY, field);
    }

    /** Initial angular velocity (rad/s) of the leaves {@code field} covers. */
    public static InitialisationField angularVelocity(FieldSpec field) {
        return new InitialisationField(FieldTarget.INITIAL_ANGULAR_VELOCITY, field);
    }
}
