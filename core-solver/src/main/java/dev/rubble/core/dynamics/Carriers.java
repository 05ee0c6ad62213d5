package dev.rubble.core.dynamics;

/**
 * Bodies whose motion another body carries (issue 29: a body welded into a cluster union is disabled
 * while the union's body moves for it; docs/constraints.md "Joints on collections"). The constraint
 * solver solves a constraint on a carried body on its carrier, at the same point of the carried body.
 */
public interface Carriers {
    /**
     * The slot of the body that carries the body in {@code slot}, or -1 when nothing does; when one does,
     * {@code out} (7) receives the carried body's origin pose in the carrier's frame: position relative to
     * the carrier's centre of mass, then orientation qx, qy, qz, qw. Called once per constraint side per step.
     */
    int carrier(int slot, double[] out);
}
