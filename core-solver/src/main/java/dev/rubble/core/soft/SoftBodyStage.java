package dev.rubble.core.soft;

import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.soft.SoftContacts;
import dev.rubble.spi.soft.SoftSolver;
import java.util.Objects;
import java.util.function.IntConsumer;
import java.util.function.Supplier;

/**
 * The soft-body pass of a step, with explicit inputs: the rigid {@link BodyStore}, the step, the
 * gravity and the chosen {@link SoftSolver}; it owns the {@link SoftBodyStore}.
 *
 * <p>Coupling (docs/soft-bodies.md): the pass runs once per step after the rigid contact solve
 * and restitution have stored the rigid velocities, and before islands, sleeping and bounds. Rigid
 * bodies near a soft body are moved back along their velocity to where the step began and
 * re-advanced through the soft solver's sub-steps, so soft and rigid bodies meet one sub-step at
 * a time; every soft–rigid correction is shared by generalised inverse mass and changes the
 * rigid body's pose and velocity (the equal and opposite impulse). Rigid bodies therefore feel
 * soft bodies within the same step, and the islands and sleep test that follow see the result.
 * With no soft bodies the pass does nothing and costs nothing.
 */
public final class SoftBodyStage {
    private final Supplier<SoftSolver> solverFactory;
    private final IntConsumer wake;
    private SoftSolver solver;
    private final SoftBodyStore store = new SoftBodyStore();
    private final SoftRigidCoupling coupling = new SoftRigidCoupling();
    /** Time of the last pass, nanoseconds. */
    public long nanos;

    /**
     * @param solverFactory creates the solver on the first step with soft bodies (the plugin may be absent otherwise)
     * @param wake          called after a pass with the slot of each sleeping rigid body a soft body pushed
     */
    public SoftBodyStage(Supplier<SoftSolver> solverFactory, IntConsumer wake) {
        this.solverFactory = Objects.requireNonNull(solverFactory, "solverFactory is null");
        this.wake = Objects.requireNonNull(wake, "wake is null");
    }

    /** The soft bodies. */
    public SoftBodyStore store() {
        return store;
    }

    /** The solver (created on first use). */
    public SoftSolver solver() {
        if (solver == null) {
            solver = Objects.requireNonNull(solverFactory.get(), "soft solver factory returned null");
        }
        return solver;
    }

    /** Contacts projected during the last pass. */
    public int contacts() {
        return coupling.contacts;
    }

    /**
     * Advances every soft body by {@code dt}, colliding with the rigid bodies.
     *
     * @param rigid the rigid bodies (poses and velocities are changed by contacts)
     */
    public void step(BodyStore rigid, double dt, double gx, double gy, double gz) {
        if (store.size() == 0) {
            return;
        }
        long t0 = System.nanoTime();
        store.updateAttachments(rigid);
        coupling.prepare(rigid, store, dt, gx, gy, gz);
        solver().step(store.state, dt, gx, gy, gz, coupling.hasPairs() ? coupling : SoftContacts.NONE);
        if (!coupling.hasPairs()) {
            coupling.contacts = 0;
        }
        coupling.finish(wake);
        nanos = System.nanoTime() - t0;
    }

    /** {@code h} with the soft-body state mixed in ({@code h} itself when there are no soft bodies). */
    public long mixHash(long h) {
        return store.mixHash(h);
    }
}
