package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyBounds;
import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStates;
import dev.rubble.core.body.BodyStore;
import dev.rubble.spi.shape.MassProperties;

/**
 * The destruction runtime's side effects on the world, done through the body state machine: a
 * released piece is created at once (during the step, after the solve) and enters the broadphase
 * with its bounds grown by one step of motion, so it is not culled and its first motion is not lost
 * (RAGE ordering; SPEC §2); a broken holder's body is retired.
 */
public final class StatesHost implements DestructionHost {
    private final BodyStates states;
    private final double dt;
    private final dev.rubble.core.event.EventState events;

    /** {@code events}: the world's event switches (a cluster union's rebuild carries its body's to the new body). */
    public StatesHost(BodyStates states, double dt, dev.rubble.core.event.EventState events) {
        this.states = states;
        this.dt = dt;
        this.events = java.util.Objects.requireNonNull(events, "events is null");
    }

    @Override
    public int bodyEventKinds(long handle) {
        return events.bodyKinds(states.bodies().slot(handle), handle);
    }

    @Override
    public void setBodyEventKinds(long handle, int kinds) {
        events.setBodyKinds(states.bodies().slot(handle), handle, kinds);
    }

    @Override
    public long createBody(BodyDef def, MassProperties mp) {
        long h = states.create(def, mp);
        BodyStore b = states.bodies();
        int s = b.slot(h);
        if (b.state[s] == BodyState.AWAKE.ordinal()) {
            BodyBounds.expandBounds(b, s, dt);
            double[] bo = b.bounds;
            int o = s * 6;
            states.broadphase().update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
        }
        return h;
    }

    @Override
    public void retireBody(long handle) {
        states.remove(states.bodies().slot(handle));
    }

    @Override
    public void disableBody(long handle) {
        states.setState(states.bodies().slot(handle), BodyState.DISABLED);
    }

    @Override
    public void setMotion(long handle, dev.rubble.core.body.MotionType motion) {
        states.setMotion(states.bodies().slot(handle), motion);
    }

    @Override
    public void rebody(long handle, dev.rubble.core.body.MotionType motion, MassProperties mp) {
        states.rebody(states.bodies().slot(handle), motion, mp);
    }

    @Override
    public void enableBody(long handle) {
        BodyStore b = states.bodies();
        int s = b.slot(handle);
        if (b.motion(s) == dev.rubble.core.body.MotionType.STATIC) {
            // a static member leaving its union: a fixed proxy again, paired once with what sleeps near it
            states.setState(s, BodyState.STATIC);
            states.findPairsOnce(s);
            return;
        }
        states.setState(s, BodyState.AWAKE);
        BodyBounds.expandBounds(b, s, dt);
        double[] bo = b.bounds;
        int o = s * 6;
        states.broadphase().update(s, bo[o], bo[o + 1], bo[o + 2], bo[o + 3], bo[o + 4], bo[o + 5]);
    }
}
