package dev.rubble.core.field;

/**
 * What the field system asks of the destruction runtime (which it may not reach directly: layering,
 * see ArchitectureTest): which bodies are pieces of placed collections, and the strain targets.
 * The default knows no collections.
 */
public interface FieldPieces {

    /** No collections: no body is a piece, strain targets write nothing. */
    FieldPieces NONE = new FieldPieces() {
    };

    /** Whether body slot {@code slot} is a piece (or cluster) of a placed collection. */
    default boolean isPiece(int slot) {
        return false;
    }
}
