package dev.rubble.authoring.mesh;

/** A source mesh that cannot be used (unreadable, not closed, inverted, self-intersecting, ...); the message names what and where. */
public final class MeshException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public MeshException(String message) {
        super(message);
    }
}
