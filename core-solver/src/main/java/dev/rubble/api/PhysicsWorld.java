package dev.rubble.api;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.SceneQuery;
import dev.rubble.core.command.Command;
import dev.rubble.core.event.Callbacks;
import dev.rubble.core.step.StepProfile;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Shape;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.joml.Matrix4d;
import org.joml.Quaterniond;
import org.joml.Quaterniondc;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * A simulated world for embedding: add bodies, step, read poses and velocities as JOML values,
 * change them through commands, query the scene and listen to steps and contacts. Create one with
 * {@link Rubble#newWorld} (or {@code dev.rubble.scenario.Scenarios} from a scenario file).
 *
 * <p><b>Threading:</b> single threaded. One thread adds bodies, writes, queries and steps; listeners
 * run on it after each step. Worlds are independent, so different threads may each own one.
 *
 * <p><b>Reads</b> take a JOML {@code dest} argument, write into it and return it: they allocate
 * nothing. Positions and orientations are those of the body origin (where its shape is placed),
 * velocities those of the centre of mass.
 *
 * <p><b>Writes</b> (velocity, impulse, pose, removal) are engine commands: queued now, applied at
 * the start of the next {@link #step()} in call order, and recorded by a journal so a replay is
 * exact. A read before that step still sees the old values. Adding a body (and placing a collection)
 * takes effect at once; a journal records it too, before the next step (docs/journal-format.md,
 * "Between-steps document").
 *
 * <p>Bad input (an unknown or removed body, a non-finite vector) fails with an
 * {@link IllegalArgumentException} naming the value, and changes nothing.
 */
public final class PhysicsWorld {
    private final World world;
    private final BodyStore bodies;
    private final Runnable beforeStep;
    // copy-on-write (Callbacks): a listener may add or remove listeners, itself too, while it is called
    private StepListener[] stepListeners = new StepListener[0];
    private ContactListener[] contactListeners = new ContactListener[0];
    private EventListener[] eventListeners = new EventListener[0];
    private StepEvents stepEvents;
    /** What this world has asked the engine to gather per kind, as queued (the engine applies it next step). */
    private final dev.rubble.core.event.EventRequest[] requested =
            new dev.rubble.core.event.EventRequest[dev.rubble.core.event.EventKinds.COUNT];
    private NewContact newContact;
    private final Contact contact = new Contact(this);
    private final SceneQuery.Hit hit = new SceneQuery.Hit();
    private long[] overlapScratch = new long[16];
    private BodyId[] ids = new BodyId[64];
    private boolean observing, stepping;
    /** Listener calls in progress (a world stepped through its kernel, as scenario runs do, sets no {@link #stepping}). */
    private int inListener;

    PhysicsWorld(World world, Runnable beforeStep) {
        this.world = Objects.requireNonNull(world, "world is null");
        this.bodies = world.bodies();
        this.beforeStep = beforeStep;
    }

    /**
     * Internal: wraps a kernel world that another module assembled (scenario loading);
     * {@code beforeEachStep} (may be null) runs before every step, e.g. to queue scheduled commands.
     * Not part of the public API; embedders use {@link Rubble}.
     * @param world the kernel world
     * @param beforeEachStep runs before every step, or null
     * @return the facade over that world
     */
    public static PhysicsWorld wrap(World world, Runnable beforeEachStep) {
        return new PhysicsWorld(world, beforeEachStep);
    }

    /**
     * Destruction of geometry collections: placing, pieces, strain, bonds, breaks (issue 23).
     * @return the destruction view of this world (one per world)
     */
    public WorldDestruction destruction() {
        if (destructionApi == null) {
            destructionApi = new WorldDestruction(this, world);
        }
        return destructionApi;
    }

    private WorldDestruction destructionApi;

    /**
     * Cluster unions: bodies and collections welded into one body at run time (issue 29).
     * @return the union view of this world (one per world)
     */
    public WorldUnions unions() {
        if (unionsApi == null) {
            unionsApi = new WorldUnions(this, world);
        }
        return unionsApi;
    }

    private WorldUnions unionsApi;

    /**
     * Internal: the kernel world underneath (for tools and tests); not part of the public API.
     * @return the kernel world
     */
    public World kernel() {
        return world;
    }

    // ---- bodies ---------------------------------------------------------------------------------

    /**
     * Creates a body now and returns its id. Between steps only: from a listener or the pre-solve
     * hook it is refused (queue the creation until {@link #step()} returns), as is
     * {@link WorldDestruction#place}.
     *
     * @throws dev.rubble.core.body.CapacityExceededException when the body budget is full
     * @throws IllegalStateException when called from a listener or the pre-solve hook
     * @param spec what to create: shape, pose, velocities, mass, material, filter
     * @return the new body's id, valid until the body is removed
     */
    public BodyId addBody(BodySpec spec) {
        Objects.requireNonNull(spec, "spec is null");
        betweenSteps("addBody");
        // the filter is set with the body, so a journal recording this world records both (between-steps document)
        long h = world.createBody(spec.def(), spec.collisionLayer(), spec.collisionMask());
        return id(bodies.slot(h));
    }

    /**
     * Removes a body at the start of the next step (a journalled command). Its constraints end with it
     * (removed, not reported as breaks; the bodies they joined it to are woken).
     * @param body a live body of this world
     */
    public void removeBody(BodyId body) {
        slot(body);
        world.queue(new Command.Remove(body.handle()));
    }

    /**
     * Whether {@code body} is a live body of this world (false once removed, and for an id another
     * world handed out).
     * @param body any body id
     * @return true while the body is live
     */
    public boolean contains(BodyId body) {
        Objects.requireNonNull(body, "body is null");
        if (!owns(body.world)) {
            return false; // another world's body
        }
        int s = (int) body.handle();
        return s >= 0 && bodies.isLive(s) && bodies.handle(s) == body.handle();
    }

    /**
     * The first live body with this label (lowest slot), or null.
     * @param label the label given with {@link BodySpec#withLabel}
     * @return the body's id, or null when none has that label
     */
    public BodyId find(String label) {
        Objects.requireNonNull(label, "label is null");
        long h = world.findByLabel(label);
        return h < 0 ? null : id(bodies.slot(h));
    }

    /**
     * Number of live bodies.
     * @return the live body count, ≥ 0
     */
    public int bodyCount() {
        return bodies.size();
    }

    /**
     * Mass in kg (infinite for static and kinematic bodies).
     * @param body a live body
     * @return the mass in kilograms, {@code +∞} for static and kinematic bodies
     */
    public double mass(BodyId body) {
        int s = slot(body);
        return bodies.invMass[s] == 0 ? Double.POSITIVE_INFINITY : 1 / bodies.invMass[s];
    }

    /**
     * Whether the body sleeps (at rest, not simulated until something touches or pushes it).
     * @param body a live body
     * @return true when asleep
     */
    public boolean isAsleep(BodyId body) {
        return bodies.state(slot(body)) == BodyState.SLEEPING;
    }

    /**
     * Whether the body is disabled: killed by a field's {@code kill} target (docs/fields.md), or disabled by the
     * non-finite guard after its state became NaN or infinite. A disabled body is still in the world
     * ({@link #contains} is true) but is not simulated, collides with nothing and ignores pushes, until a field
     * enables it again ({@code activate-disabled}).
     * @param body a live body
     * @return true when disabled
     */
    public boolean isDisabled(BodyId body) {
        return bodies.state(slot(body)) == BodyState.DISABLED;
    }

    // ---- debris and removal of geometry collections (docs/destruction.md "Debris and removal") ----
    // Collections are named by placement index (a scenario's collections[], in file order). Setters
    // are commands like every write: validated now, applied at the start of the next step, journalled.

    /**
     * Number of placed geometry collections.
     * @return the collection count, ≥ 0
     */
    public int collectionCount() {
        return world.destruction().collectionCount();
    }

    /**
     * Pieces of {@code collection} at or past {@code level} become debris (≥ 1; Integer.MAX_VALUE = none).
     * @param collection the placed collection's index, 0 ≤ collection &lt; {@link #collectionCount()}
     * @param level the first debris level, ≥ 1, or {@code Integer.MAX_VALUE} for none
     */
    public void setDebrisLevel(int collection, int level) {
        world.queue(new Command.SetDebrisLevel(collection, level));
    }

    /**
     * Remove-on-break on or off: shrinking starts a delay drawn in [min, max] s after release and lasts a
     * drawn duration.
     * @param collection the placed collection's index
     * @param on whether broken pieces are removed
     * @param delayMin the shortest delay after release before shrinking starts, seconds, ≥ 0
     * @param delayMax the longest delay, seconds, ≥ delayMin
     * @param removalMin the shortest shrinking duration, seconds, ≥ 0
     * @param removalMax the longest shrinking duration, seconds, ≥ removalMin
     */
    public void setRemoveOnBreak(int collection, boolean on, double delayMin, double delayMax, double removalMin,
                                 double removalMax) {
        world.queue(new Command.SetRemoveOnBreak(collection, on, delayMin, delayMax, removalMin, removalMax));
    }

    /**
     * Remove-on-sleep on or off: a piece resting for a time drawn in [min, max] s shrinks over a
     * drawn duration; with {@code slowMovingAsSleeping}, pieces slower than {@code slowSpeed} (m/s) rest.
     * @param collection the placed collection's index
     * @param on whether resting pieces are removed
     * @param timeMin the shortest rest before shrinking starts, seconds, ≥ 0
     * @param timeMax the longest rest, seconds, ≥ timeMin
     * @param removalMin the shortest shrinking duration, seconds, ≥ 0
     * @param removalMax the longest shrinking duration, seconds, ≥ removalMin
     * @param slowMovingAsSleeping whether slow pieces count as resting
     * @param slowSpeed the speed below which a piece counts as resting, m/s, ≥ 0
     */
    public void setRemoveOnSleep(int collection, boolean on, double timeMin, double timeMax, double removalMin,
                                 double removalMax, boolean slowMovingAsSleeping, double slowSpeed) {
        world.queue(new Command.SetRemoveOnSleep(collection, on, timeMin, timeMax, removalMin, removalMax,
                slowMovingAsSleeping, slowSpeed));
    }

    /**
     * Partial clusters whose remaining pieces all have relative size at most {@code size} crumble ([0, 1]; 0
     * = off).
     * @param collection the placed collection's index
     * @param size the relative-size limit in [0, 1]; 0 switches crumbling off
     */
    public void setCrumbleSize(int collection, double size) {
        world.queue(new Command.SetCrumbleSize(collection, size));
    }

    /**
     * Multiplies every removal timer's rate (≥ 0; 1 = real time).
     * @param multiplier the rate multiplier, finite and ≥ 0 (0 freezes every removal timer)
     */
    public void setRemovalTimerMultiplier(double multiplier) {
        world.queue(new Command.SetRemovalTimerMultiplier(multiplier));
    }

    /**
     * The removal timer multiplier in force.
     * @return the multiplier, ≥ 0
     */
    public double removalTimerMultiplier() {
        return world.destruction().removalTimerMultiplier();
    }

    /**
     * How large renderers draw the body, in [0, 1]: 1, shrinking to 0 while it is being removed.
     * @param body a live body
     * @return the drawn scale in [0, 1]
     */
    public double removalScale(BodyId body) {
        return bodies.scale[slot(body)];
    }

    // ---- stepping -------------------------------------------------------------------------------

    /**
     * Advances the world by one fixed time step; then listeners hear about it. A listener or the
     * pre-solve hook that throws does not cut the step short: the step completes and is counted,
     * every other listener (and a journal) hears it, and then the first exception is thrown from
     * here, unchanged, later ones suppressed (docs/java-api.md, "Listeners").
     * @throws IllegalStateException when called from a listener or the pre-solve hook
     */
    public void step() {
        betweenSteps("step");
        if (beforeStep != null) {
            beforeStep.run();
        }
        stepping = true;
        try {
            world.step();
        } finally {
            stepping = false;
        }
    }

    /**
     * Steps {@code count} times.
     * @param count the number of steps, ≥ 0
     * @throws IllegalArgumentException when count is negative
     */
    public void step(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("step count = " + count + "; allowed: >= 0");
        }
        for (int i = 0; i < count; i++) {
            step();
        }
    }

    // ---- game-loop stepping (issue 28) ---------------------------------------------------------

    private FrameStepper frames;

    private FrameStepper frames() {
        if (frames == null) {
            frames = new FrameStepper(this, bodies, world.context());
        }
        return frames;
    }

    /**
     * Advances the world by a frame's worth of time, in fixed steps: {@code frameSeconds} is added to
     * an accumulator and {@link #step()} runs while it holds a whole {@link #timeStep()}, at most
     * {@link #maxStepsPerUpdate()} times (time beyond that is dropped: a long hitch slows the
     * simulation down instead of freezing the game). The remainder, less than one step, is the
     * {@link #interpolationAlpha()} the {@code interpolated*} reads use to draw bodies between the
     * last two steps. Deterministic: the same sequence of frame times gives the same state, bit for
     * bit. Call it once per rendered frame with the frame's duration:
     *
     * <pre>{@code
     * world.update(tpf);                                  // jMonkeyEngine's tpf, libGDX's getDeltaTime()
     * world.interpolatedTransform(ball, ballMatrix);      // draw here
     * }</pre>
     *
     * @param frameSeconds the frame's duration, seconds, finite and >= 0
     * @return the number of steps taken (0 when the frame was shorter than what is left of a step)
     */
    public int update(double frameSeconds) {
        betweenSteps("update");
        return frames().update(frameSeconds);
    }

    /**
     * Most steps one {@link #update(double)} takes (default 5).
     * @return the limit, ≥ 1
     */
    public int maxStepsPerUpdate() {
        return frames().maxSteps();
    }

    /**
     * Sets the most steps one {@link #update(double)} takes, >= 1.
     * @param steps the limit, ≥ 1
     * @throws IllegalArgumentException when steps is below 1
     */
    public void setMaxStepsPerUpdate(int steps) {
        if (steps < 1) {
            throw new IllegalArgumentException("maxStepsPerUpdate = " + steps + "; allowed: >= 1");
        }
        frames().maxSteps(steps);
    }

    /**
     * Steps {@link #update(double)} has dropped because a frame needed more than {@link
     * #maxStepsPerUpdate()}.
     * @return the number of steps dropped so far, ≥ 0
     */
    public long droppedSteps() {
        return frames().droppedSteps();
    }

    /**
     * How far the time {@link #update(double)} has not yet stepped reaches into the next step, in [0, 1).
     * @return the interpolation fraction in [0, 1)
     */
    public double interpolationAlpha() {
        return frames().alpha();
    }

    /**
     * The body origin's position for drawing: between its position before and after the last step
     * {@link #update(double)} took, at {@link #interpolationAlpha()} (the position now for a body
     * created since, when only {@link #step()} has been used, or when {@link #step()} was called after
     * the last step {@code update} took).
     * @param body a live body
     * @param dest receives the position, metres
     * @return dest
     */
    public Vector3d interpolatedPosition(BodyId body, Vector3d dest) {
        return frames().position(slot(body), dest);
    }

    /**
     * The orientation for drawing: slerp between the orientations before and after the last step
     * {@link #update(double)} took, at {@link #interpolationAlpha()} (the orientation now in the cases
     * {@link #interpolatedPosition} names).
     * @param body a live body
     * @param dest receives the orientation
     * @return dest
     */
    public Quaterniond interpolatedOrientation(BodyId body, Quaterniond dest) {
        return frames().orientation(slot(body), dest);
    }

    /**
     * The origin transform for drawing: {@link #interpolatedPosition} and {@link #interpolatedOrientation}.
     * @param body a live body
     * @param dest receives the body-to-world transform
     * @return dest
     */
    public Matrix4d interpolatedTransform(BodyId body, Matrix4d dest) {
        return frames().transform(slot(body), dest);
    }

    /**
     * Steps taken.
     * @return the number of steps taken since the world was created (or since the step a snapshot was saved
     *     at)
     */
    public long stepIndex() {
        return world.stepIndex();
    }

    /**
     * Simulated time, seconds.
     * @return the time in seconds, {@link #stepIndex()} × {@link #timeStep()}
     */
    public double time() {
        return world.time();
    }

    /**
     * The fixed time step, seconds.
     * @return the step length in seconds, &gt; 0
     */
    public double timeStep() {
        return world.settings().dt();
    }

    /**
     * The speed limit of every body, m/s ({@link WorldConfig#withSpeedLimits}; 400 by default).
     * @return the linear speed limit, m/s, &gt; 0
     */
    public double maxLinearSpeed() {
        return world.settings().dynamics().maxLinearSpeed();
    }

    /**
     * The angular speed limit of every body, rad/s ({@link WorldConfig#withSpeedLimits}; 100 by default).
     * @return the angular speed limit, rad/s, &gt; 0
     */
    public double maxAngularSpeed() {
        return world.settings().dynamics().maxAngularSpeed();
    }

    /**
     * Hash of the whole body state: equal hashes after equal inputs (determinism checks).
     * @return a 64-bit hash of every body's state
     */
    public long stateHash() {
        return world.stateHash();
    }

    // ---- snapshots ------------------------------------------------------------------------------

    /**
     * Saves the whole world (bodies, sleeping islands, contacts and their warm-start caches, queued
     * writes, settings, step counter) to {@code file}, between steps. {@link Plugins#restoreWorld}
     * (or {@link Rubble#restoreWorld}) builds a world from it that continues bit for bit like this
     * one. Format: docs/snapshot-format.md. Listeners are not saved.
     *
     * @throws IllegalArgumentException for a world snapshots cannot save (a strain modifier that
     *                                  cannot hand over its state, a soft body whose cage a cage
     *                                  file cannot hold); the message says which
     * @param file where to write the snapshot (replaced if it exists)
     * @throws java.io.IOException when the file cannot be written
     * @throws IllegalStateException when called from a listener of a step {@link #update} takes while the frame still
     *                               holds a whole step or more (the update goes on stepping; save after it returns)
     */
    public void saveSnapshot(java.nio.file.Path file) throws java.io.IOException {
        Objects.requireNonNull(file, "file is null");
        notInTheMiddleOfAnUpdate();
        SnapshotLineage.saved(dev.rubble.core.snapshot.WorldSnapshot.save(world, file, ""), world.identity());
    }

    /**
     * As {@link #saveSnapshot(java.nio.file.Path)}, to a stream (not closed).
     * @param out the stream to write to; left open
     * @throws java.io.IOException when the stream fails
     * @throws IllegalStateException when called in the middle of an {@link #update}, as the file form
     */
    public void saveSnapshot(java.io.OutputStream out) throws java.io.IOException {
        Objects.requireNonNull(out, "out is null");
        notInTheMiddleOfAnUpdate();
        SnapshotLineage.saved(dev.rubble.core.snapshot.WorldSnapshot.save(world, out, ""), world.identity());
    }

    /**
     * A listener of a step that {@link #update} takes while the frame still holds a whole step or more: the update
     * goes on stepping after the listener returns (or drops that time), which a snapshot cannot hold. Saved, it was
     * refused by every restore ("game loop: accumulator = 0.0387...; allowed: 0 <= it < the step").
     */
    private void notInTheMiddleOfAnUpdate() {
        double pending = frames == null ? 0 : frames.pendingSeconds();
        if (pending >= timeStep()) {
            throw new IllegalStateException("saveSnapshot called from a listener in the middle of update(): " + pending
                    + " s of the frame are still to be stepped (the step is " + timeStep() + " s); allowed: between"
                    + " steps, from a listener of step(), or from a listener of an update() step that leaves less than"
                    + " one step of the frame");
        }
    }

    // ---- reads (allocation-free) ----------------------------------------------------------------

    /**
     * Position of the body origin, metres.
     * @param body a live body
     * @param dest receives the position, metres, world frame
     * @return dest
     */
    public Vector3d position(BodyId body, Vector3d dest) {
        int s = slot(body);
        return dest.set(bodies.originX(s), bodies.originY(s), bodies.originZ(s));
    }

    /**
     * Position of the centre of mass, metres.
     * @param body a live body
     * @param dest receives the centre of mass, metres, world frame
     * @return dest
     */
    public Vector3d centerOfMass(BodyId body, Vector3d dest) {
        int s = slot(body);
        return dest.set(bodies.px[s], bodies.py[s], bodies.pz[s]);
    }

    /**
     * Orientation (unit quaternion), world from body.
     * @param body a live body
     * @param dest receives the orientation
     * @return dest
     */
    public Quaterniond orientation(BodyId body, Quaterniond dest) {
        int s = slot(body);
        return dest.set(bodies.qx[s], bodies.qy[s], bodies.qz[s], bodies.qw[s]);
    }

    /**
     * The body-to-world transform of the origin pose (rotation, then translation).
     * @param body a live body
     * @param dest receives the transform
     * @return dest
     */
    public Matrix4d transform(BodyId body, Matrix4d dest) {
        int s = slot(body);
        return dest.translationRotate(bodies.originX(s), bodies.originY(s), bodies.originZ(s),
                bodies.qx[s], bodies.qy[s], bodies.qz[s], bodies.qw[s]);
    }

    /**
     * Linear velocity of the centre of mass, m/s.
     * @param body a live body
     * @param dest receives the velocity, m/s, world frame
     * @return dest
     */
    public Vector3d linearVelocity(BodyId body, Vector3d dest) {
        int s = slot(body);
        return dest.set(bodies.vx[s], bodies.vy[s], bodies.vz[s]);
    }

    /**
     * Angular velocity, rad/s, world frame.
     * @param body a live body
     * @param dest receives the angular velocity, rad/s, world frame
     * @return dest
     */
    public Vector3d angularVelocity(BodyId body, Vector3d dest) {
        int s = slot(body);
        return dest.set(bodies.wx[s], bodies.wy[s], bodies.wz[s]);
    }

    // ---- writes (journalled commands, applied at the start of the next step) --------------------

    /**
     * Sets linear (m/s) and angular (rad/s) velocity; wakes the body. A static body never moves and keeps a
     * zero velocity: refused here, and ignored when the body has become static by the time the command applies. A
     * disabled body ({@link #isDisabled}: killed by a field) ignores it, as it ignores impulses and forces: set the
     * velocity after a field has enabled it again.
     * @param body a live dynamic or kinematic body
     * @param linear the new linear velocity of the centre of mass, m/s, world frame
     * @param angular the new angular velocity, rad/s, world frame
     * @throws IllegalArgumentException for a static body, or a non-finite velocity
     */
    public void setVelocity(BodyId body, Vector3dc linear, Vector3dc angular) {
        int s = slot(body);
        if (bodies.state(s) == dev.rubble.core.body.BodyState.STATIC) {
            throw new IllegalArgumentException("setVelocity of body " + body + ", which is static; allowed: dynamic or "
                    + "kinematic bodies (a static body never moves: a velocity on it would drag what rests on it)");
        }
        Objects.requireNonNull(linear, "linear is null");
        Objects.requireNonNull(angular, "angular is null");
        finite("linear velocity", linear);
        finite("angular velocity", angular);
        world.queue(new Command.SetVelocity(body.handle(), linear.x(), linear.y(), linear.z(),
                angular.x(), angular.y(), angular.z()));
    }

    /**
     * Applies an impulse (N·s) at the centre of mass (as it is now): changes velocity by J/m, no spin.
     * @param body a live dynamic body (static, kinematic and disabled bodies ignore impulses)
     * @param impulse the impulse, N·s, world frame
     */
    public void applyImpulse(BodyId body, Vector3dc impulse) {
        int s = slot(body);
        queueImpulse(body, impulse, bodies.px[s], bodies.py[s], bodies.pz[s]);
    }

    /**
     * Applies an impulse (N·s) at a world point (metres): changes linear and angular velocity.
     * @param body a live dynamic body (static, kinematic and disabled bodies ignore impulses)
     * @param impulse the impulse, N·s, world frame
     * @param point where it acts, metres, world frame, each coordinate within ±{@link #MAX_COORDINATE}
     */
    public void applyImpulse(BodyId body, Vector3dc impulse, Vector3dc point) {
        slot(body);
        Objects.requireNonNull(point, "point is null");
        position("impulse point", point.x(), point.y(), point.z());
        queueImpulse(body, impulse, point.x(), point.y(), point.z());
    }

    private void queueImpulse(BodyId body, Vector3dc impulse, double px, double py, double pz) {
        Objects.requireNonNull(impulse, "impulse is null");
        finite("impulse", impulse);
        world.queue(new Command.ApplyImpulse(body.handle(), impulse.x(), impulse.y(), impulse.z(), px, py, pz));
    }

    /**
     * Sets a body's collision layer and mask at the start of the next step (a journalled command):
     * two bodies collide, and a query sees a body, only when each one's layer bits meet the other's
     * mask. Wakes the body and what sleeps against it. The initial values come from
     * {@link BodySpec#collisionLayer} and {@link BodySpec#collisionMask}.
     * @param body a live body
     * @param layer the layer bits the body is on
     * @param mask the layer bits it collides with
     */
    public void setCollisionFilter(BodyId body, int layer, int mask) {
        slot(body);
        world.queue(new Command.SetCollisionFilter(body.handle(), layer, mask));
    }

    /**
     * The collision layer a body has now (a queued {@link #setCollisionFilter} applies at the next step).
     * @param body a live body
     * @return the layer bits
     */
    public int collisionLayer(BodyId body) {
        return bodies.collisionLayer[slot(body)];
    }

    /**
     * The collision mask a body has now.
     * @param body a live body
     * @return the mask bits
     */
    public int collisionMask(BodyId body) {
        return bodies.collisionMask[slot(body)];
    }

    /**
     * Makes two bodies never collide ({@code ignore} true), whatever their layers and masks say, or
     * collide again ({@code ignore} false), from the next step on (a journalled command; snapshots
     * keep the pairs). The pair is forgotten when either body is removed. Use it for a weapon and
     * its wielder, or a door and its frame.
     *
     * @throws IllegalArgumentException when {@code a} and {@code b} are the same body
     * @param a one live body
     * @param b the other live body, ≠ a
     * @param ignore true to stop their contacts, false to let them collide again
     */
    public void setIgnoreCollision(BodyId a, BodyId b, boolean ignore) {
        slot(a);
        slot(b);
        if (a.handle() == b.handle()) {
            throw new IllegalArgumentException("ignore-pair names body " + a + " twice; allowed: two different bodies");
        }
        world.queue(new Command.IgnoreCollision(a.handle(), b.handle(), ignore));
    }

    /**
     * Whether the pair is ignored now (a queued {@link #setIgnoreCollision} applies at the next step).
     * @param a one body
     * @param b the other body
     * @return true when the pair is ignored
     */
    public boolean isCollisionIgnored(BodyId a, BodyId b) {
        slot(a);
        slot(b);
        return bodies.ignoredPairs.contains(a.handle(), b.handle());
    }

    /**
     * Applies a force (N, world frame, at the centre of mass) for every sub-step of the next step:
     * over that step the velocity changes by {@code F dt / m} whatever the sub-step count. Call it
     * before every step for a lasting force (or use a persistent {@code linear-force} field). Wakes
     * the body; static, kinematic and disabled bodies ignore it. Journalled.
     * @param body a live body
     * @param force the force, N, world frame
     */
    public void applyForce(BodyId body, Vector3dc force) {
        slot(body);
        Objects.requireNonNull(force, "force is null");
        finite("force", force);
        world.queue(new Command.ApplyForce(body.handle(), force.x(), force.y(), force.z()));
    }

    /**
     * Applies a torque (N·m, world frame) for every sub-step of the next step ({@code Δω = I⁻¹ τ dt}
     * over the step). Wakes the body; static, kinematic and disabled bodies ignore it. Journalled.
     * @param body a live body
     * @param torque the torque, N·m, world frame
     */
    public void applyTorque(BodyId body, Vector3dc torque) {
        slot(body);
        Objects.requireNonNull(torque, "torque is null");
        finite("torque", torque);
        world.queue(new Command.ApplyTorque(body.handle(), torque.x(), torque.y(), torque.z()));
    }

    /**
     * Applies a field (issue 24; docs/fields.md): from the next step, {@code field} is evaluated at
     * the bodies {@code options} selects and written to {@code target} — once, or every step until
     * {@link #removeField} for a persistent field. Journalled; persistent fields are saved in
     * snapshots.
     *
     * @throws IllegalArgumentException naming the place in the field, the bad value and what is
     *                                  allowed (unknown node type or parameter, NaN, a negative
     *                                  radius, a value type that does not fit the target); nothing
     *                                  changes then
     * @param target what the field writes (velocity, impulse, force, strain, state, ...)
     * @param field the field's node tree
     * @param options which bodies, when, how long, and the field's name for {@link #removeField}
     */
    public void applyField(Fields.Target target, Field field, FieldOptions options) {
        Objects.requireNonNull(target, "target is null");
        Objects.requireNonNull(field, "field is null");
        Objects.requireNonNull(options, "options is null");
        world.queue(new Command.ApplyField(options.name(), dev.rubble.core.command.FieldTarget.byLabel(target.label()),
                field.spec(), options.meta(), options.isPersistent()));
    }

    /**
     * Stops the persistent field called {@code name} from the next step (nothing happens when none runs).
     * @param name the name the field was applied with
     */
    public void removeField(String name) {
        world.queue(new Command.RemoveField(name));
    }

    /**
     * What the last step's fields could not write: a field whose value at a body or piece was NaN
     * (though every parameter is finite, {@code inf - inf} is NaN; a plugin node may give NaN) writes
     * nothing there, and this names the first such sample — the field, its target and root node, the
     * body or piece — and how many more there were. {@code lastProfile().ignoredFieldValues()} counts
     * them (docs/fields.md, "NaN values").
     * @return the message, or null when the last step wrote every value its fields gave
     */
    public String ignoredFieldValueMessage() {
        return world.context().fields.ignoredValueMessage();
    }

    /**
     * Teleports a body: its origin to {@code position}, its orientation to {@code orientation}
     * (normalised); velocities are kept. Wakes it (a moved static body wakes what it touched). The interpolated
     * pose of {@link #update} jumps with it: the frame after the step that moves it draws it where it lands.
     * @param body a live body
     * @param position the new origin position, metres, world frame, each coordinate within ±{@link #MAX_COORDINATE}
     * @param orientation the new orientation (non-zero)
     */
    public void setPose(BodyId body, Vector3dc position, Quaterniondc orientation) {
        slot(body);
        Objects.requireNonNull(position, "position is null");
        Objects.requireNonNull(orientation, "orientation is null");
        position("pose position", position.x(), position.y(), position.z());
        world.queue(new Command.SetPose(body.handle(), position.x(), position.y(), position.z(),
                orientation.x(), orientation.y(), orientation.z(), orientation.w()));
        frames().teleported(slot(body)); // update's interpolation draws it where it lands, not half way there
    }

    /**
     * Moves a kinematic body to a pose by the end of the next step, by velocity: its linear and angular
     * velocities are set so that it arrives there, and it stops after that step unless called again (call it
     * every step to drive a platform, a door or an animated body along a path; Jolt's {@code MoveKinematic}).
     * What touches it feels its motion: a box on a platform moved this way rides it (friction follows the
     * platform's velocity), where {@link #setPose} teleports it with no velocity, so the platform slides out
     * from under its load. The scenario command {@code kinematicTarget} is the same command.
     * @param body a live kinematic body
     * @param position the origin's position at the end of the next step, metres, world frame, each coordinate
     *        within ±{@link #MAX_COORDINATE}
     * @param orientation the orientation at the end of the next step (finite, non-zero; normalised)
     * @throws IllegalArgumentException for a body that is not kinematic, or a position or orientation out of range
     */
    public void moveKinematic(BodyId body, Vector3dc position, Quaterniondc orientation) {
        int s = slot(body);
        Objects.requireNonNull(position, "position is null");
        Objects.requireNonNull(orientation, "orientation is null");
        if (bodies.motion(s) != dev.rubble.core.body.MotionType.KINEMATIC) {
            throw new IllegalArgumentException("moveKinematic of body " + body + ", which is "
                    + bodies.motion(s).name().toLowerCase(java.util.Locale.ROOT)
                    + "; allowed: kinematic bodies (move a dynamic body with setVelocity, impulses or forces)");
        }
        position("kinematic target position", position.x(), position.y(), position.z());
        rotation("kinematic target orientation", orientation);
        world.queue(new Command.SetKinematicTarget(body.handle(), position.x(), position.y(), position.z(),
                orientation.x(), orientation.y(), orientation.z(), orientation.w()));
    }

    // ---- destruction budgets (issue 13; docs/destruction.md, "Budgets") --------------------------

    /** No break budget: every strained holder may break (the default of {@link #breakBudget()}). */
    public static final int UNLIMITED_BREAKS = Command.SetBreakBudget.UNLIMITED;

    /**
     * Holders (clusters) that may break per step, world-wide; {@link #UNLIMITED_BREAKS} by default.
     * Reads the value in force (a change queued by {@link #setBreakBudget} shows after the next step).
     * @return the holders allowed to break per step, ≥ 0
     */
    public int breakBudget() {
        return world.destruction().breakBudget();
    }

    /**
     * Sets the break budget from the next step on (a journalled command): at most
     * {@code breaksPerStep} holders break per step; strained holders over it wait, oldest first, with
     * their loads kept, and none is dropped. 0 pauses breaking; {@link #UNLIMITED_BREAKS} lifts it.
     *
     * @throws IllegalArgumentException for a negative value (nothing is queued)
     * @param breaksPerStep the budget, ≥ 0 or {@link #UNLIMITED_BREAKS}
     */
    public void setBreakBudget(int breaksPerStep) {
        world.queue(new Command.SetBreakBudget(breaksPerStep));
    }

    /**
     * Release throttling's lower bound, in active pieces (-1 = off, the default).
     * @return the lower bound, or -1 when throttling is off
     */
    public int releaseThrottleMin() {
        return world.destruction().throttleMin();
    }

    /**
     * Release throttling's upper bound, in active pieces (-1 = off, the default).
     * @return the upper bound, or -1 when throttling is off
     */
    public int releaseThrottleMax() {
        return world.destruction().throttleMax();
    }

    /**
     * Sets release throttling from the next step on (a journalled command): with {@code a} pieces
     * holding bodies before a step's releases, {@code (a - min) / (max - min)} of the dynamic pieces
     * it releases (none at or below min, all at or above max) get no body, evenly spread over the
     * release order. {@code (-1, -1)} turns it off.
     *
     * @throws IllegalArgumentException naming the field for {@code min < 0} or {@code max < min} (nothing is queued)
     * @param min the active-piece count at or below which every piece gets a body, ≥ 0, or -1 to switch off
     * @param max the active-piece count at or above which no released piece gets a body, &gt; min
     */
    public void setReleaseThrottle(int min, int max) {
        world.queue(new Command.SetReleaseThrottle(min, max));
    }

    /**
     * The last step's profile: timings, and for destruction {@code breaks()}, {@code deferredBreaks()},
     * {@code oldestDeferral()}, {@code released()}, {@code throttled()} (read-only; rewritten by the
     * next step).
     * @return the profile of the last step
     */
    public StepProfile lastProfile() {
        return world.profile();
    }

    /**
     * The largest |x|, |y| or |z| of a position the API accepts, metres: 1e9, the range of scenario files
     * and snapshots (a body set beyond it was simulated, but its world saved a snapshot that
     * {@link Plugins#restoreWorld} refuses).
     */
    public static final double MAX_COORDINATE = 1e9;

    /** A position within ±{@link #MAX_COORDINATE} on every axis, or an IllegalArgumentException naming it. */
    static void position(String what, double x, double y, double z) {
        if (!(Math.abs(x) <= MAX_COORDINATE && Math.abs(y) <= MAX_COORDINATE && Math.abs(z) <= MAX_COORDINATE)) {
            throw new IllegalArgumentException(what + " = (" + x + ", " + y + ", " + z + "); allowed: finite, each within ±"
                    + MAX_COORDINATE + " m");
        }
    }

    static void finite(String what, Vector3dc v) {
        if (!Double.isFinite(v.x()) || !Double.isFinite(v.y()) || !Double.isFinite(v.z())) {
            throw new IllegalArgumentException(what + " = (" + v.x() + ", " + v.y() + ", " + v.z()
                    + "); allowed: finite numbers");
        }
    }

    /** The length of a finite vector of any size ({@link dev.rubble.spi.geom.Lengths}: JOML's squares overflow). */
    static double length(double x, double y, double z) {
        return dev.rubble.spi.geom.Lengths.of(x, y, z);
    }

    /** A query shape's orientation: finite and non-zero (it is normalised), as for {@link #setPose}. */
    static void rotation(String what, Quaterniondc q) {
        double len2 = q.x() * q.x() + q.y() * q.y() + q.z() * q.z() + q.w() * q.w();
        if (!Double.isFinite(len2) || len2 < 1e-12) {
            throw new IllegalArgumentException(what + " = [" + q.x() + ", " + q.y() + ", " + q.z() + ", " + q.w()
                    + "]; allowed: a finite, non-zero quaternion [x, y, z, w]");
        }
    }

    // ---- scene queries --------------------------------------------------------------------------

    /**
     * The nearest body along the ray from {@code origin} in {@code direction} (any non-zero length;
     * normalised here) within {@code maxDistance} metres. Writes {@code dest} (distance in metres)
     * and returns whether something was hit.
     * @param origin the ray's start, metres, world frame
     * @param direction the ray's direction (non-zero)
     * @param maxDistance the longest distance searched, metres, ≥ 0
     * @param dest receives the body, distance, point and normal of the hit
     * @return true when a body was hit
     */
    public boolean rayCast(Vector3dc origin, Vector3dc direction, double maxDistance, QueryHit dest) {
        Objects.requireNonNull(origin, "origin is null");
        Objects.requireNonNull(direction, "direction is null");
        Objects.requireNonNull(dest, "dest is null");
        finite("ray origin", origin);
        double len = length(direction.x(), direction.y(), direction.z());
        if (!(len > 0) || !Double.isFinite(len)) {
            throw new IllegalArgumentException("ray direction = (" + direction.x() + ", " + direction.y() + ", "
                    + direction.z() + "); allowed: finite, non-zero");
        }
        if (!world.queries().rayCast(origin.x(), origin.y(), origin.z(), direction.x() / len, direction.y() / len,
                direction.z() / len, maxDistance, BodyStore.ALL_LAYERS, hit)) {
            dest.miss();
            return false;
        }
        dest.set(id(bodies.slot(hit.body)), hit.fraction, maxDistance > 0 ? hit.fraction / maxDistance : 0, hit);
        return true;
    }

    /**
     * Sweeps a convex {@code shape} from the pose along {@code translation} (no rotation) and reports
     * the first body it touches ({@code dest.fraction()} of the translation; 0 if it starts
     * overlapping). Returns whether something was hit.
     * @param shape the convex shape to sweep (sphere, box, capsule or convex hull)
     * @param position the start position, metres, world frame
     * @param orientation the shape's orientation, kept along the sweep (finite, non-zero; normalised)
     * @param translation the sweep's displacement, metres, world frame
     * @param dest receives the body, fraction, point and normal of the first touch
     * @return true when a body was touched
     */
    public boolean shapeCast(Shape shape, Vector3dc position, Quaterniondc orientation, Vector3dc translation,
                             QueryHit dest) {
        Objects.requireNonNull(position, "position is null");
        Objects.requireNonNull(orientation, "orientation is null");
        Objects.requireNonNull(translation, "translation is null");
        Objects.requireNonNull(dest, "dest is null");
        finite("cast position", position);
        finite("cast translation", translation);
        rotation("cast orientation", orientation);
        if (!world.queries().shapeCast(shape, position.x(), position.y(), position.z(), orientation.x(),
                orientation.y(), orientation.z(), orientation.w(), translation.x(), translation.y(), translation.z(),
                BodyStore.ALL_LAYERS, hit)) {
            dest.miss();
            return false;
        }
        dest.set(id(bodies.slot(hit.body)), hit.fraction * length(translation.x(), translation.y(), translation.z()),
                hit.fraction, hit);
        return true;
    }

    /**
     * The bodies whose shapes overlap {@code shape} at the pose (touching is not overlapping): clears
     * {@code dest}, adds them in slot order and returns how many.
     * @param shape the shape to test
     * @param position its position, metres, world frame
     * @param orientation its orientation (finite, non-zero; normalised)
     * @param dest cleared, then receives the overlapping bodies
     * @return the number of bodies found
     */
    public int overlap(Shape shape, Vector3dc position, Quaterniondc orientation, List<BodyId> dest) {
        Objects.requireNonNull(position, "position is null");
        Objects.requireNonNull(orientation, "orientation is null");
        Objects.requireNonNull(dest, "dest is null");
        finite("overlap position", position);
        rotation("overlap orientation", orientation);
        SceneQuery q = world.queries();
        int n;
        while ((n = q.overlap(shape, position.x(), position.y(), position.z(), orientation.x(), orientation.y(),
                orientation.z(), orientation.w(), BodyStore.ALL_LAYERS, overlapScratch)) > overlapScratch.length) {
            overlapScratch = new long[Math.max(n, 2 * overlapScratch.length)];
        }
        dest.clear();
        for (int i = 0; i < n; i++) {
            dest.add(id(bodies.slot(overlapScratch[i])));
        }
        return n;
    }

    /**
     * The body surface point nearest to {@code point} within {@code maxDistance} metres (distance 0
     * when the point is inside a body). Returns whether one was found.
     * @param point the query point, metres, world frame
     * @param maxDistance the largest distance searched, metres, ≥ 0
     * @param dest receives the body, distance and nearest surface point
     * @return true when a body was within maxDistance
     */
    public boolean closestPoint(Vector3dc point, double maxDistance, QueryHit dest) {
        Objects.requireNonNull(point, "point is null");
        Objects.requireNonNull(dest, "dest is null");
        finite("query point", point);
        if (!world.queries().closestPoint(point.x(), point.y(), point.z(), maxDistance, BodyStore.ALL_LAYERS, hit)) {
            dest.miss();
            return false;
        }
        dest.set(id(bodies.slot(hit.body)), hit.fraction, maxDistance > 0 ? hit.fraction / maxDistance : 0, hit);
        return true;
    }

    // ---- listeners ------------------------------------------------------------------------------

    /**
     * Registers a listener called after every step, in registration order.
     * @param listener called with the world after each step, on the stepping thread
     */
    public void addStepListener(StepListener listener) {
        stepListeners = Callbacks.with(stepListeners, listener);
        observe();
    }

    /**
     * Unregisters a step listener (nothing happens if it was not registered).
     * @param listener the listener to remove
     */
    public void removeStepListener(StepListener listener) {
        stepListeners = Callbacks.without(stepListeners, listener);
    }

    /**
     * Registers a listener called after every step for each contact manifold with points.
     * @param listener called per manifold after each step, on the stepping thread
     */
    public void addContactListener(ContactListener listener) {
        contactListeners = Callbacks.with(contactListeners, listener);
        observe();
    }

    /**
     * Unregisters a contact listener (nothing happens if it was not registered).
     * @param listener the listener to remove
     */
    public void removeContactListener(ContactListener listener) {
        contactListeners = Callbacks.without(contactListeners, listener);
    }

    /**
     * Refuses {@code call} while a step runs, from a listener (step, contact, event or break) or the
     * pre-solve hook: what it does would take effect at once, in the middle of the step's
     * notifications (or of its solve), where the contacts and events being handed out still name
     * the step's slots. Listeners and the hook read and queue commands; everything else waits until
     * {@link #step()} returns.
     */
    void betweenSteps(String call) {
        if (stepping || inListener > 0 || world.context().stepping()) {
            throw new IllegalStateException(call + " called from a listener or the pre-solve hook; allowed: between steps"
                    + " (listeners and the hook may read and queue commands)");
        }
    }

    /** Brackets listener calls made outside {@link #step()} (a kernel step): see {@link #betweenSteps}. */
    void enterListener() {
        inListener++;
    }

    void exitListener() {
        inListener--;
    }

    /** One kernel observer dispatches to every listener (added once, on the first listener). */
    private void observe() {
        if (!observing) {
            observing = true;
            world.addObserver(new Dispatcher());
        }
    }

    private final class Dispatcher implements StepObserver {
        @Override
        public void afterStep(World w, StepProfile profile) {
            inListener++;
            try {
                dispatch(w, profile);
            } finally {
                inListener--;
            }
        }

        /**
         * Every listener hears the step, also after one threw (Callbacks): a listener that throws is not
         * called again in this step (a contact listener failing on every contact adds one failure),
         * and the first failure is thrown once the others have run, then from {@code step()}.
         */
        private void dispatch(World w, StepProfile profile) {
            Throwable failure = null;
            StepListener[] sls = stepListeners;
            for (StepListener l : sls) {
                try {
                    l.afterStep(profile.step(), profile.time(), profile);
                } catch (Throwable t) {
                    failure = Callbacks.keep(failure, t);
                }
            }
            EventListener[] els = eventListeners;
            for (EventListener l : els) {
                try {
                    l.onEvents(stepEvents);
                } catch (Throwable t) {
                    failure = Callbacks.keep(failure, t);
                }
            }
            ContactListener[] cls = contactListeners;
            if (cls.length > 0) {
                failure = contacts(w.contacts(), cls, failure);
            }
            Callbacks.rethrow(failure);
        }

        private Throwable contacts(ContactStore cs, ContactListener[] cls, Throwable failure) {
            boolean[] failed = null; // allocated when one fails
            for (int m = 0, n = cs.size(); m < n; m++) {
                if (cs.pointCount[m] == 0) {
                    continue;
                }
                contact.set(bodies, cs, m);
                for (int i = 0; i < cls.length; i++) {
                    if (failed != null && failed[i]) {
                        continue;
                    }
                    try {
                        cls[i].onContact(contact);
                    } catch (Throwable t) {
                        failure = Callbacks.keep(failure, t);
                        if (failed == null) {
                            failed = new boolean[cls.length];
                        }
                        failed[i] = true;
                    }
                }
            }
            return failure;
        }
    }

    // ---- events (docs/events.md) ---------------------------------------------------------------
    // Switches and filters are journalled commands: applied at the start of the next step.

    /**
     * The last step's events (one reused view, valid until the next step). Kinds nobody switched
     * on are empty; a world where nothing is switched on gathers nothing.
     * @return the events view
     */
    public StepEvents events() {
        if (stepEvents == null) {
            stepEvents = new StepEvents(this, world.context().events);
        }
        return stepEvents;
    }

    /**
     * Registers a listener called once after every step with the step's events, in registration order.
     * @param listener called with the step's events, on the stepping thread
     */
    public void addEventListener(EventListener listener) {
        eventListeners = Callbacks.with(eventListeners, listener);
        events();
        observe();
    }

    /**
     * Unregisters an event listener (nothing happens if it was not registered).
     * @param listener the listener to remove
     */
    public void removeEventListener(EventListener listener) {
        eventListeners = Callbacks.without(eventListeners, listener);
    }

    /**
     * Switches {@code kind} on or off for every body and collection (off by default), from the
     * next step on (a journalled command).
     * @param kind the event kind
     * @param on true to gather it, false to stop
     */
    public void setEvents(EventKind kind, boolean on) {
        Objects.requireNonNull(kind, "kind is null");
        queueRequest(kind, request(kind).withGlobal(on));
    }

    /**
     * Sets the filters, cap and sort of {@code kind} from the next step on (a journalled command); its switch
     * stays.
     * @param kind the event kind
     * @param filter its filters, cap and sort, made for {@code kind} ({@link EventFilter#kind()})
     * @throws IllegalArgumentException when the filter was made for another kind
     */
    public void setEventFilter(EventKind kind, EventFilter filter) {
        Objects.requireNonNull(kind, "kind is null");
        Objects.requireNonNull(filter, "filter is null");
        if (filter.kind() != kind) {
            throw new IllegalArgumentException("event filter for " + kind.label() + " = " + filter
                    + "; allowed: a filter made for " + kind.label() + " (EventFilter.defaults(EventKind." + kind.name()
                    + ") or eventFilter(EventKind." + kind.name() + ")): another kind's defaults filter differently");
        }
        queueRequest(kind, filter.request.withGlobal(request(kind).global()));
    }

    /**
     * The filter of {@code kind} as last set through this world (defaults until set).
     * @param kind the event kind
     * @return the filter, never null
     */
    public EventFilter eventFilter(EventKind kind) {
        return EventFilter.of(kind, request(Objects.requireNonNull(kind, "kind is null")));
    }

    private dev.rubble.core.event.EventRequest request(EventKind kind) {
        dev.rubble.core.event.EventRequest r = requested[kind.code];
        return r != null ? r : world.context().events.request(kind.code);
    }

    private void queueRequest(EventKind kind, dev.rubble.core.event.EventRequest r) {
        world.queue(new Command.SetEventRequest(kind.code, r));
        requested[kind.code] = r;
    }

    /**
     * Switches exactly {@code kinds} on for {@code body} (none = all off), from the next step on (a
     * journalled command): contact kinds fire when either body asks, sleep, wake and moved for the body.
     * @param body a live body
     * @param kinds the kinds to switch on for it
     */
    public void setBodyEvents(BodyId body, EventKind... kinds) {
        slot(body);
        world.queue(new Command.SetBodyEvents(body.handle(), EventKind.mask(kinds)));
    }

    /**
     * Switches exactly {@code kinds} on for placed collection {@code collection} (break, crumble,
     * collection broken, trailing, removal), from the next step on (a journalled command).
     * @param collection the placed collection's index
     * @param kinds the kinds to switch on for it
     */
    public void setCollectionEvents(int collection, EventKind... kinds) {
        if (collection < 0 || collection >= collectionCount()) {
            throw new IllegalArgumentException("collection = " + collection + "; allowed: [0, " + collectionCount() + ")");
        }
        int mask = EventKind.mask(kinds);
        if ((mask & ~dev.rubble.core.event.EventKinds.COLLECTION_KINDS) != 0) {
            throw new IllegalArgumentException("collection events = " + java.util.Arrays.toString(kinds)
                    + "; allowed: BREAK, CRUMBLE, COLLECTION_BROKEN, TRAILING, REMOVAL");
        }
        world.queue(new Command.SetCollectionEvents(collection, mask));
    }

    /**
     * Installs the pre-solve hook (null removes it), between steps. A journal records the hook's
     * answers (which pairs it rejected, the friction and restitution it set), not its code, so
     * {@code rubble verify} re-simulates the run without it (docs/journal-format.md, "Hook document").
     * @param hook the hook, or null
     */
    public void setPreSolveHook(PreSolveHook hook) {
        betweenSteps("setPreSolveHook");
        if (hook == null) {
            world.context().events.setHook(null);
            return;
        }
        if (newContact == null) {
            newContact = new NewContact(this);
        }
        NewContact view = newContact;
        world.context().events.setHook((a, b, key, material) -> {
            view.set(a, b, key, material);
            return hook.onNewContact(view);
        });
    }

    /** The id of a handle from an event: the cached id while the body lives, else a new (stale) one; null for -1. */
    BodyId idOf(long handle) {
        if (handle < 0) {
            return null;
        }
        int s = (int) handle;
        if (s < bodies.slotLimit() && bodies.isLive(s) && bodies.handle(s) == handle) {
            return id(s);
        }
        return new BodyId(handle, world.identity());
    }

    // ---- ids ------------------------------------------------------------------------------------

    /** The slot of a live body, or an IllegalArgumentException naming the id. */
    // ---- constraints (issue 29; docs/constraints.md) ----

    /**
     * Adds a constraint between {@code a} and {@code b} ({@code b} null: the world) from the next
     * step. Journalled; saved in snapshots. The returned id names it from now on.
     *
     * @throws IllegalArgumentException naming the bad value (unknown type or parameter, a parameter
     *                                  out of range, a body joined to itself, an anchor beyond
     *                                  ±{@link #MAX_COORDINATE}); nothing is queued then
     * @param a the first body
     * @param b the second body, or null to join a to the world
     * @param spec the constraint's type, anchors, axes and parameters
     * @return the new constraint's id
     */
    public ConstraintId addConstraint(BodyId a, BodyId b, ConstraintSpec spec) {
        Objects.requireNonNull(spec, "spec is null");
        int sa = jointSlot("a", a);
        int sb = b == null ? -1 : jointSlot("b", b);
        dev.rubble.core.step.StepContext ctx = world.context();
        dev.rubble.core.dynamics.ConstraintStore st = ctx.constraints;
        dev.rubble.spi.constraint.ConstraintType type = st.type(spec.type());
        java.util.List<String> names = type.parameters();
        double[] params = type.defaults().clone();
        for (java.util.Map.Entry<String, Double> e : new java.util.TreeMap<>(spec.params()).entrySet()) {
            int k = names.indexOf(e.getKey());
            if (k < 0) {
                throw new IllegalArgumentException("constraint '" + spec.type() + "' parameter '" + e.getKey()
                        + "' is unknown; allowed: " + names);
            }
            params[k] = e.getValue();
        }
        double[] fa = spec.frameA(), fb = spec.frameB();
        position("frameA anchor", fa[0], fa[1], fa[2]);
        position("frameB anchor", fb[0], fb[1], fb[2]);
        long hb = b == null ? dev.rubble.core.dynamics.ConstraintStore.WORLD : b.handle();
        Command.AddConstraint probe = new Command.AddConstraint(Integer.MAX_VALUE, spec.type(), a.handle(), hb,
                !spec.isLocal(), spec.frameA(), spec.frameB(), params, spec.breakForceValue(), spec.breakTorqueValue());
        dev.rubble.core.step.ConstraintOps.validate(ctx, probe, sa, sb);
        int id = st.reserveId();
        world.queue(new Command.AddConstraint(id, spec.type(), a.handle(), hb, !spec.isLocal(), spec.frameA(),
                spec.frameB(), params, spec.breakForceValue(), spec.breakTorqueValue(), spec.collidesConnected()));
        return new ConstraintId(id, world.identity());
    }

    /**
     * Removes a constraint from the next step (no-op if it broke or lost a body). Journalled.
     * @param id the constraint
     */
    public void removeConstraint(ConstraintId id) {
        own(Objects.requireNonNull(id, "id is null"));
        world.queue(new Command.RemoveConstraint(id.id()));
    }

    /**
     * Whether constraint {@code id} exists now (created by a step, not broken, not removed); false for
     * an id another world handed out.
     * @param id the constraint
     * @return true while it exists
     */
    public boolean contains(ConstraintId id) {
        Objects.requireNonNull(id, "id is null");
        return owns(id.world) && world.context().constraints.indexOf(id.id()) >= 0;
    }

    /**
     * The number of constraints.
     * @return the number of constraints now, ≥ 0
     */
    public int constraintCount() {
        return world.context().constraints.size();
    }

    /**
     * The force (N) constraint {@code id} carried in the last step's last sub-step (0 if gone).
     * @param id the constraint
     * @return the force's magnitude, N
     */
    public double constraintForce(ConstraintId id) {
        dev.rubble.core.dynamics.ConstraintStore st = world.context().constraints;
        int i = st.indexOf(own(Objects.requireNonNull(id, "id is null")));
        return i < 0 ? 0 : st.force[i];
    }

    /**
     * The torque (N·m) constraint {@code id} carried in the last step's last sub-step (0 if gone).
     * @param id the constraint
     * @return the torque's magnitude, N·m
     */
    public double constraintTorque(ConstraintId id) {
        dev.rubble.core.dynamics.ConstraintStore st = world.context().constraints;
        int i = st.indexOf(own(Objects.requireNonNull(id, "id is null")));
        return i < 0 ? 0 : st.torque[i];
    }

    /**
     * The constraints that broke in the last step, in creation order.
     * @return the broken constraints' events, possibly empty
     */
    public List<ConstraintBreakEvent> constraintBreaks() {
        List<dev.rubble.core.dynamics.ConstraintBreak> in = world.context().constraintBreaks;
        List<ConstraintBreakEvent> out = new ArrayList<>(in.size());
        for (dev.rubble.core.dynamics.ConstraintBreak k : in) {
            out.add(new ConstraintBreakEvent(k.step(), new ConstraintId(k.id(), world.identity()), k.type(),
                    idOf(k.bodyA()), k.bodyB() == dev.rubble.core.dynamics.ConstraintStore.WORLD ? null : idOf(k.bodyB()),
                    k.force(), k.torque()));
        }
        return out;
    }

    private int slot(BodyId body) {
        return bodies.slot(handle(body));
    }

    /**
     * The slot of a constraint's live body, or an error naming it and what is allowed: a collection's body
     * that destruction retired (a break, a crumble, a removal) is the usual stale id here,
     * and its joints moved to its pieces' bodies (docs/constraints.md "Joints on collections").
     */
    private int jointSlot(String which, BodyId body) {
        long h = handle(Objects.requireNonNull(body, "body " + which + " is null"));
        int s = (int) h;
        if (s >= 0 && s < bodies.slotLimit() && bodies.isLive(s) && bodies.handle(s) == h) {
            world.destruction().unions().refuseConstraintOnUnionBody(which, h, body.toString());
            return s;
        }
        throw new IllegalArgumentException("constraint body " + which + " = " + body + " is not a live body (removed,"
                + " or a collection body that a break, crumble or removal retired); allowed: live"
                + " bodies: a collection's pieces have bodies of their own (WorldDestruction.bodyOf(collection, node))");
    }

    /** {@code body}'s handle: an IllegalArgumentException when another world handed the id out. */
    long handle(BodyId body) {
        Objects.requireNonNull(body, "body is null");
        if (!owns(body.world)) {
            throw foreign("body " + body, body.world, "new BodyId(handle)");
        }
        return body.handle();
    }

    /** {@code c}'s index: an IllegalArgumentException when another world handed the id out. */
    int own(CollectionId c) {
        Objects.requireNonNull(c, "collection is null");
        if (!owns(c.world)) {
            throw foreign("collection " + c, c.world, "new CollectionId(index)");
        }
        return c.index();
    }

    private int own(ConstraintId c) {
        if (!owns(c.world)) {
            throw foreign("constraint " + c, c.world, "new ConstraintId(id)");
        }
        return c.id();
    }

    /** Whether an id that world {@code owner} handed out names something here (0: an id made from a number). */
    private boolean owns(int owner) {
        return owner == 0 || owner == world.identity();
    }

    private IllegalArgumentException foreign(String what, int owner, String constructor) {
        return new IllegalArgumentException(what + " was handed out by world #" + owner + ", not this world (#"
                + world.identity() + "); allowed: ids this world handed out (a world restored from a snapshot"
                + " continues the one that saved it), or " + constructor + " to name it here");
    }

    /** This world's identity: the world that the ids it hands out name. */
    int identity() {
        return world.identity();
    }

    /**
     * The id of the body in {@code slot}, cached per slot so that listeners and queries allocate
     * nothing in steady state (a new id only when a slot holds a new body).
     */
    BodyId id(int slot) {
        if (slot >= ids.length) {
            ids = Arrays.copyOf(ids, Math.max(slot + 1, 2 * ids.length));
        }
        long h = bodies.handle(slot);
        BodyId id = ids[slot];
        if (id == null || id.handle() != h || id.world != world.identity()) {
            ids[slot] = id = new BodyId(h, world.identity());
        }
        return id;
    }
}
