package dev.rubble.core.dynamics;

/**
 * Settings of the contact solver, body motion and sleeping. Immutable; validated on construction
 * with messages that name the field, the bad value and the allowed range.
 *
 * @param contactHertz          stiffness of the soft contact, Hz, &gt; 0; the solver uses
 *                              {@code min(contactHertz, 0.25 * sub-step rate)} (Box2D v3 rule: stiffer
 *                              than a quarter of the sub-step rate rings)
 * @param contactDampingRatio   damping ratio of the soft contact, &gt;= 0 (10 = heavily over-damped, no bounce)
 * @param maxPushVelocity       cap on the velocity used to push penetrating bodies apart, m/s, &gt; 0
 * @param linearSlop            penetration allowed without correction, metres, &gt;= 0
 * @param restitutionThreshold  approach speed below which restitution is ignored, m/s, &gt;= 0
 * @param maxLinearSpeed        linear speed limit applied in integration, m/s, &gt; 0
 * @param maxAngularSpeed       angular speed limit applied in integration, rad/s, &gt; 0
 * @param gyroscopic            the gyroscopic term {@code -w x Iw}, integrated so that a torque-free body keeps its
 *                              angular momentum and energy ({@link Motion#gyroscopic}); default on
 * @param sleepEnabled          whether islands may fall asleep
 * @param sleepLinearThreshold  m/s, &gt;= 0: a body slower than this (and the angular threshold) counts as resting
 * @param sleepAngularThreshold rad/s, &gt;= 0
 * @param timeToSleep           seconds every body of an island must rest before it sleeps, &gt;= 0
 */
public record DynamicsSettings(double contactHertz, double contactDampingRatio, double maxPushVelocity,
                               double linearSlop, double restitutionThreshold,
                               double maxLinearSpeed, double maxAngularSpeed, boolean gyroscopic,
                               boolean sleepEnabled, double sleepLinearThreshold, double sleepAngularThreshold,
                               double timeToSleep) {

    public DynamicsSettings {
        positive("contactHertz", contactHertz);
        nonNegative("contactDampingRatio", contactDampingRatio);
        positive("maxPushVelocity", maxPushVelocity);
        nonNegative("linearSlop", linearSlop);
        nonNegative("restitutionThreshold", restitutionThreshold);
        positive("maxLinearSpeed", maxLinearSpeed);
        positive("maxAngularSpeed", maxAngularSpeed);
        nonNegative("sleepLinearThreshold", sleepLinearThreshold);
        nonNegative("sleepAngularThreshold", sleepAngularThreshold);
        nonNegative("timeToSleep", timeToSleep);
    }

    private static void positive(String name, double v) {
        if (!(v > 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: finite, > 0");
        }
    }

    private static void nonNegative(String name, double v) {
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: finite, >= 0");
        }
    }

    /**
     * Defaults: 60 Hz contacts (45 Hz at one 60 Hz sub-step) with damping ratio 15, push-out at most 3 m/s, no slop (every
     * penetration is pushed out; docs/dynamics.md, {@code linearSlop}), restitution
     * above 1 m/s; speed limits 400 m/s and 100 rad/s; the gyroscopic term on (without it a
     * tumbling body's angular momentum turns with it: 32 % off in 10 s for a tumbling plank; it costs
     * one small Newton solve per awake body and sub-step); sleeping on, below
     * 0.05 m/s and 0.05 rad/s for 0.5 s. (Chaos's "slow moving" threshold is 1 cm/s; ours is
     * higher because a sequential-impulse pile jitters at a few mm/s before it settles.)
     */
    public static DynamicsSettings defaults() {
        // damping ratio 15 (10 until issue 11): with the stiffness cap at 0.75 of the sub-step rate (45 Hz at
        // one 60 Hz sub-step) it keeps the push-out rate omega / (2 zeta + h omega) of the old 30 Hz, zeta 10
        return new DynamicsSettings(60, 15, 3, 0, 1, 400, 100, true, true, 0.05, 0.05, 0.5);
    }

    /** A copy with other sleep settings. */
    public DynamicsSettings withSleep(boolean enabled, double linear, double angular, double time) {
        return new DynamicsSettings(contactHertz, contactDampingRatio, maxPushVelocity, linearSlop,
                restitutionThreshold, maxLinearSpeed, maxAngularSpeed, gyroscopic, enabled, linear, angular, time);
    }

    /** A copy with other motion limits and gyroscopic switch. */
    public DynamicsSettings withMotion(double maxLinear, double maxAngular, boolean gyro) {
        return new DynamicsSettings(contactHertz, contactDampingRatio, maxPushVelocity, linearSlop,
                restitutionThreshold, maxLinear, maxAngular, gyro, sleepEnabled, sleepLinearThreshold,
                sleepAngularThreshold, timeToSleep);
    }

    /** A copy with other contact parameters. */
    public DynamicsSettings withContact(double hertz, double dampingRatio, double pushVelocity, double slop,
                                        double restitutionSpeed) {
        return new DynamicsSettings(hertz, dampingRatio, pushVelocity, slop, restitutionSpeed, maxLinearSpeed,
                maxAngularSpeed, gyroscopic, sleepEnabled, sleepLinearThreshold, sleepAngularThreshold, timeToSleep);
    }
}
