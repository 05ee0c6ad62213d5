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

    /** {@link #objectKinds} bit: the body is, or carries, a plain rigid body (object filter {@code rigid}). */
    int RIGID = 1;
    /** {@link #objectKinds} bit: the body is, or carries, a piece of a placed collection (object filter {@code destruction}). */
    int DESTRUCTION = 2;

    /**
     * What body slot {@code slot} is for a field's object filter: {@link #DESTRUCTION} for a piece (or
     * cluster) of a placed collection, {@link #RIGID} for a plain body; a cluster union's body stands for
     * the members welded into it (issue 29), so it is {@code DESTRUCTION} when it carries a collection
     * piece, {@code RIGID} when it carries a plain body, both when it carries both.
     */
    default int objectKinds(int slot) {
        return RIGID;
    }

    /**
     * Whether body slot {@code slot} is welded into a cluster union (issue 29): disabled while its
     * union's body moves for it, so {@code activate-disabled} leaves it alone (enabled, it would be
     * simulated twice: on its own and in the union's body).
     */
    default boolean welded(int slot) {
        return false;
    }

    /**
     * The held pieces (no body of their own) that {@code resolution} samples, with world positions
     * through their holder's pose, inside {@code bounds} (null = everywhere), appended to
     * {@code out} in node order. Minimal: direct children of active holders; Maximum: every held
     * piece at any depth; DisabledParents: none.
     */
    default void held(dev.rubble.core.command.FieldMeta.Resolution resolution, double[] bounds, HeldSamples out) {
    }

    /** ExternalClusterStrain on node {@code g}: max with what is there; values ≤ 0 ignored. */
    default void externalStrain(int g, double v) {
    }

    /** InternalClusterStrain on node {@code g}: added to its threshold, floor 0; a sum that is NaN (+inf - inf) changes nothing. */
    default void internalStrain(int g, double v) {
    }

    /**
     * A linear ({@code angular = false}) or angular velocity change written to held node {@code g}:
     * added to what it inherits ({@code v + ω × r}) if it is released in this step (the same-step
     * effect); forgotten at the end of the step otherwise.
     */
    default void addVelocity(int g, boolean angular, double x, double y, double z) {
    }

    /** LinearImpulse on held node {@code g}: {@code Δv = J / m} of the piece, added like a velocity. */
    default void linearImpulse(int g, double x, double y, double z) {
    }

    /** Kill on held node {@code g}: value > 0 releases it in this step without a body (inert). */
    default void kill(int g, double v) {
    }

    /**
     * Whether body slot {@code slot} holds pieces of a placed collection directly (an intact collection's
     * body, a released cluster): a {@code kill} field that samples held pieces kills such a body through
     * them (docs/fields.md, "Collections").
     */
    default boolean holdsPieces(int slot) {
        return false;
    }

    /**
     * Whether body slot {@code slot} is a cluster union's body: a {@code kill} field that samples welded members
     * ({@link #weldedMembers}) or held pieces kills such a union through its members — the members holding
     * collection pieces (welded walls) through their pieces, the others (plain bodies, released leaves)
     * through their own sample points — as it kills an intact wall through its pieces (docs/fields.md,
     * "Collections").
     */
    default boolean killsThroughMembers(int slot) {
        return false;
    }

    /**
     * The welded members of the cluster union whose body is in slot {@code slot} that hold no collection pieces
     * (plain bodies: kind {@link #RIGID}; released leaves: {@link #DESTRUCTION}) and whose kind is in
     * {@code objects}, appended to {@code out} in member order: {@code node} = the member's body slot, its
     * world origin ({@code pivot}) or centre of mass as its union's body carries it now, identity = its body
     * handle. What a {@code kill} field samples of a union besides its body and held pieces. Nothing for any
     * other body.
     */
    default void weldedMembers(int slot, int objects, boolean pivot, HeldSamples out) {
    }

    /**
     * Kill on the welded member in body slot {@code slot} (a sample of {@link #weldedMembers}): value > 0
     * marks it; in this step's DESTRUCTION slot it leaves its union, killed (its body stays disabled), and
     * the rest of the union splits by connectivity — unless the union's body is killed too, when every
     * member stays welded into it, out of the simulation.
     */
    default void killMember(int slot, double v) {
    }

    /**
     * Whether every piece the body in slot {@code slot} holds directly has been killed by a field in this
     * step (its kill release marked, {@link #kill}); true when it holds none. For a cluster union's body
     * ({@link #killsThroughMembers}): whether every member is killed — a member holding pieces when every
     * piece it holds is, any other when {@link #killMember} marked it in this step.
     */
    default boolean allHeldKilled(int slot) {
        return true;
    }

    /** DynamicState on held node {@code g}: 4 (dynamic) releases it in this step; other values are ignored. */
    default void dynamicState(int g, int v) {
    }

    /**
     * LinearForce ({@code angular = false}, N) or AngularTorque ({@code angular = true}, N·m) on held
     * node {@code g}, world frame: a load on its collection's support graph in this step when the
     * collection has a stress model (issue 30); ignored otherwise.
     */
    default void stressLoad(int g, boolean angular, double x, double y, double z) {
    }
}
