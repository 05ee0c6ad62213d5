package dev.rubble.plugin.constraint;

import dev.rubble.spi.constraint.ConstraintFrame;
import dev.rubble.spi.constraint.ConstraintRows;
import dev.rubble.spi.constraint.ConstraintType;
import java.util.List;

/** The built-in joint types. Each writes a fixed number of rows in a fixed order (warm starting pairs rows by index). */
final class Joints {
    private static final double INF = Double.POSITIVE_INFINITY;

    private Joints() {
    }

    /**
     * The longest rest or rope length, metres: the range of a body's position (a length of 1e308 set a
     * position error that turned both bodies NaN in the first step).
     */
    static final double MAX_LENGTH = 1e9;
    /**
     * The fastest motor, rad/s for a hinge and m/s for a slider: the highest speed clamps a world takes (1e308 with an
     * unlimited torque gave NaN).
     */
    static final double MAX_MOTOR_SPEED = 1e5;

    static void checkFinite(String name, double v, boolean positive) {
        if (!Double.isFinite(v) || (positive ? !(v > 0) : v < 0)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: finite, " + (positive ? "> 0" : ">= 0"));
        }
    }

    static void checkLength(String name, double v) {
        if (!(v >= 0 && v <= MAX_LENGTH)) {
            throw new IllegalArgumentException(name + " = " + v + "; allowed: [0, " + MAX_LENGTH + "] m");
        }
    }

    /**
     * The parameters {lower, upper, motorSpeed, maxMotor} of a hinge or a slider: each limit within ±{@code bound} or
     * infinite on its own side, lower ≤ upper, the motor's speed within ±{@link #MAX_MOTOR_SPEED} and its force
     * finite and ≥ 0; a refusal names the parameter, its value and what is allowed ({@code range}, the units).
     */
    static void checkLimitsAndMotor(double[] p, String lower, String upper, double bound, String range, String speedUnit,
                                    String maxMotor, String forceUnit) {
        if (Double.isNaN(p[0]) || p[0] == INF || (Double.isFinite(p[0]) && Math.abs(p[0]) > bound)) {
            throw new IllegalArgumentException(lower + " = " + p[0] + "; allowed: " + range + " or -inf");
        }
        if (Double.isNaN(p[1]) || p[1] == -INF || (Double.isFinite(p[1]) && Math.abs(p[1]) > bound)) {
            throw new IllegalArgumentException(upper + " = " + p[1] + "; allowed: " + range + " or +inf");
        }
        if (p[0] > p[1]) {
            throw new IllegalArgumentException(lower + " = " + p[0] + " > " + upper + " = " + p[1] + "; allowed: " + lower
                    + " <= " + upper);
        }
        if (!(Math.abs(p[2]) <= MAX_MOTOR_SPEED)) {
            throw new IllegalArgumentException("motorSpeed = " + p[2] + "; allowed: [-" + MAX_MOTOR_SPEED + ", "
                    + MAX_MOTOR_SPEED + "] " + speedUnit);
        }
        if (!(p[3] >= 0) || p[3] == INF) {
            throw new IllegalArgumentException(maxMotor + " = " + p[3] + "; allowed: finite, >= 0 " + forceUnit);
        }
    }

    /**
     * A joint with one free axis, limits on it and a motor along it (hinge, slider): four parameters
     * {lower, upper, motorSpeed, maxMotor} defaulting to no limits and no motor, eight rows, checked by
     * {@link #checkLimitsAndMotor} with the names and units of the subclass.
     */
    abstract static class LimitedMotorJoint implements ConstraintType {
        private final String lower, upper, maxMotor, range, speedUnit, forceUnit;
        private final double bound;

        LimitedMotorJoint(String lower, String upper, String maxMotor, double bound, String range, String speedUnit,
                          String forceUnit) {
            this.lower = lower;
            this.upper = upper;
            this.maxMotor = maxMotor;
            this.bound = bound;
            this.range = range;
            this.speedUnit = speedUnit;
            this.forceUnit = forceUnit;
        }

        @Override
        public List<String> parameters() {
            return List.of(lower, upper, "motorSpeed", maxMotor);
        }

        @Override
        public double[] defaults() {
            return new double[] {-INF, INF, 0, 0};
        }

        @Override
        public int rows() {
            return 8;
        }

        @Override
        public void check(double[] p) {
            checkLimitsAndMotor(p, lower, upper, bound, range, speedUnit, maxMotor, forceUnit);
        }
    }

    /** The three point rows along the world axes: anchor B onto anchor A. */
    static void point(ConstraintFrame f, ConstraintRows rows) {
        rows.linear(1, 0, 0, f.bx - f.ax);
        rows.linear(0, 1, 0, f.by - f.ay);
        rows.linear(0, 0, 1, f.bz - f.az);
    }

    /** The direction from anchor A to anchor B (frame A's x axis when they coincide) into out, and the distance. */
    static double direction(ConstraintFrame f, double[] out) {
        double dx = f.bx - f.ax, dy = f.by - f.ay, dz = f.bz - f.az;
        double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
        if (d < 1e-12) {
            out[0] = f.frameA[0];
            out[1] = f.frameA[1];
            out[2] = f.frameA[2];
        } else {
            out[0] = dx / d;
            out[1] = dy / d;
            out[2] = dz / d;
        }
        return d;
    }

    /**
     * Distance: {@code restLength} (m; NaN = the anchors' distance at creation), {@code compliance}
     * (m/N; 0 = a rigid rod, else a spring of stiffness 1/compliance), {@code damping} (N·s/m, with a spring).
     */
    static final class Distance implements ConstraintType {
        private final double[] n = new double[3];

        @Override
        public List<String> parameters() {
            return List.of("restLength", "compliance", "damping");
        }

        @Override
        public double[] defaults() {
            return new double[] {Double.NaN, 0, 0};
        }

        @Override
        public int rows() {
            return 1;
        }

        @Override
        public void initialise(ConstraintFrame frame, double[] p) {
            if (Double.isNaN(p[0])) {
                p[0] = frame.distance();
            }
        }

        @Override
        public void check(double[] p) {
            checkLength("restLength", p[0]);
            if (!(p[1] >= 0)) {
                throw new IllegalArgumentException("compliance = " + p[1] + "; allowed: >= 0 m/N (0 = rigid, +inf = no spring)");
            }
            checkFinite("damping", p[2], false);
        }

        @Override
        public void write(ConstraintFrame f, double[] p, ConstraintRows rows) {
            double d = direction(f, n);
            rows.linear(n[0], n[1], n[2], d - p[0]);
            if (p[1] > 0) {
                rows.spring(1 / p[1], p[2]);
            }
        }
    }

    /** Rope: {@code maxLength} (m; NaN = the anchors' distance at creation); pulls only, slack below it. */
    static final class Rope implements ConstraintType {
        private final double[] n = new double[3];

        @Override
        public List<String> parameters() {
            return List.of("maxLength");
        }

        @Override
        public double[] defaults() {
            return new double[] {Double.NaN};
        }

        @Override
        public int rows() {
            return 1;
        }

        @Override
        public void initialise(ConstraintFrame frame, double[] p) {
            if (Double.isNaN(p[0])) {
                p[0] = frame.distance();
            }
        }

        @Override
        public void check(double[] p) {
            checkLength("maxLength", p[0]);
        }

        @Override
        public void write(ConstraintFrame f, double[] p, ConstraintRows rows) {
            double d = direction(f, n);
            rows.linear(n[0], n[1], n[2], d - p[0]);
            rows.limit(-INF, 0);
        }
    }

    /** Ball-and-socket: the anchors coincide; no parameters. */
    static final class Ball implements ConstraintType {
        @Override
        public List<String> parameters() {
            return List.of();
        }

        @Override
        public double[] defaults() {
            return new double[0];
        }

        @Override
        public int rows() {
            return 3;
        }

        @Override
        public boolean readsOrientations() {
            return false; // the point rows read the anchors only
        }

        @Override
        public void write(ConstraintFrame f, double[] p, ConstraintRows rows) {
            point(f, rows);
        }
    }

    /**
     * Hinge about frame A's x axis: {@code lowerAngle}, {@code upperAngle} (radians in [-π, π], the
     * angle of frame B's y axis about A's x axis from A's y axis; ±inf = no limit), {@code motorSpeed}
     * (rad/s), {@code maxMotorTorque} (N·m; 0 = no motor).
     */
    static final class Hinge extends LimitedMotorJoint {
        Hinge() {
            super("lowerAngle", "upperAngle", "maxMotorTorque", Math.PI, "[-π, π] radians", "rad/s", "N·m");
        }

        @Override
        public void write(ConstraintFrame f, double[] p, ConstraintRows rows) {
            point(f, rows);
            double[] a = f.frameA, b = f.frameB;
            // e = xA × xB: the tilt of B's axis away from A's; its parts along A's y and z axes are the errors
            double ex = a[1] * b[2] - a[2] * b[1], ey = a[2] * b[0] - a[0] * b[2], ez = a[0] * b[1] - a[1] * b[0];
            rows.angular(a[3], a[4], a[5], ex * a[3] + ey * a[4] + ez * a[5]);
            rows.angular(a[6], a[7], a[8], ex * a[6] + ey * a[7] + ez * a[8]);
            double angle = nearRange(f.twistAboutAx(), p[0], p[1]);
            if (p[0] == p[1]) { // locked: a rigid row, so the hinge's rows are one 6×6 block, a weld's (see locked())
                rows.angular(a[0], a[1], a[2], angle - p[0]);
                locked(rows, a[0], a[1], a[2], false, p);
                return;
            }
            rows.angular(a[0], a[1], a[2], angle - p[0]); // lower limit: angle - lower >= 0
            rows.limit(0, INF);
            rows.angular(a[0], a[1], a[2], angle - p[1]); // upper limit: angle - upper <= 0
            rows.limit(-INF, 0);
            rows.angular(a[0], a[1], a[2], 0);
            rows.motor(p[2], p[3]);
        }
    }

    /**
     * A hinge angle {@code a} in [-π, π] outside the range [lo, hi], taken on the side of the range it is nearer to
     * across ±π ({@code a ± 2π}), so both limit rows measure the turn past the nearer limit; inside the range, or
     * nearer on its own side, {@code a} itself. A limit at π is a limit there: the angle wraps to -π as the body turns
     * past it, and read as -π + δ the upper row took it for 2π - δ inside its limit and the lower row for far below
     * its own, which drove the body on round the long way (a hinge stopped at its upper limit π by a motor or a load
     * turned on through it, 66 turns in 10 s locked at [π, π]; Jolt's hinge takes the nearer limit the same way,
     * {@code HingeConstraint::GetSmallestAngleToLimit}).
     */
    static double nearRange(double a, double lo, double hi) {
        final double turn = 2 * Math.PI;
        if (a < lo) {
            return a + turn - hi < lo - a ? a + turn : a;
        }
        if (a > hi) {
            return lo - (a - turn) < a - hi ? a - turn : a;
        }
        return a;
    }

    /**
     * The last two of a locked hinge's or slider's eight rows (lower limit = upper limit): the free axis is held by a
     * rigid row written before these, in the leading block, so the joint's rows are one 6×6 block (a weld's) and join
     * the joint trees. Here, to keep the row count and order fixed, a limit row that never binds (its error infinite)
     * and the motor's row about ({@code linear} false) or along the axis (a motor against a locked joint stalls). Held by two one-sided limit rows solved one after the other beside the tree,
     * a beam of ten 1 kg links on hinges locked at [0, 0] hung its tip 0.84 m, and a chain of twenty 0.1 kg links on
     * sliders locked at [0, 0] under a 10 kg load blew up (fuzz8); Box2D and Jolt would have the user make such a
     * joint a weld (Jolt asserts "Better use a fixed constraint").
     */
    static void locked(ConstraintRows rows, double ax, double ay, double az, boolean linear, double[] p) {
        for (int i = 0; i < 2; i++) {
            double c = i == 0 ? INF : 0;
            if (linear) {
                rows.linearAtA(ax, ay, az, c);
            } else {
                rows.angular(ax, ay, az, c);
            }
            if (i == 0) {
                rows.limit(0, INF);
            } else {
                rows.motor(p[2], p[3]);
            }
        }
    }

    /** The farthest a slider's limit may lie, metres: as {@link #MAX_LENGTH}. */
    static final double MAX_SLIDE = MAX_LENGTH;

    /**
     * Slider (prismatic) along frame B's x axis: body A keeps its orientation relative to body B and A's anchor
     * stays on the line through B's anchor along B's x axis (B is the rail, A the carriage; with the world as B,
     * a rail fixed in the world). A slides along it freely, between {@code lowerLimit} and {@code upperLimit}
     * (metres of A's anchor from B's along the axis; ±inf = no limit), driven at {@code motorSpeed} (m/s, A
     * relative to B along the axis, within ±{@link #MAX_MOTOR_SPEED}) with at most {@code maxMotorForce} (N; 0 =
     * no motor). Box2D's prismatic joint, Jolt's slider constraint, Rapier's prismatic joint. Its point rows act
     * where the carriage is on both bodies ({@link ConstraintRows#linearAtA}), so the line turns with B exactly
     * however far A has slid.
     */
    static final class Slider extends LimitedMotorJoint {
        Slider() {
            super("lowerLimit", "upperLimit", "maxMotorForce", MAX_SLIDE, "[-" + MAX_SLIDE + ", " + MAX_SLIDE + "] m", "m/s",
                    "N");
        }

        @Override
        public void write(ConstraintFrame f, double[] p, ConstraintRows rows) {
            double[] b = f.frameB;
            // e = anchor B - anchor A; the rows' convention: C grows as B moves along the row relative to A
            double ex = f.bx - f.ax, ey = f.by - f.ay, ez = f.bz - f.az;
            // A's anchor onto the line: B's offsets from it along B's y and z axes are the errors
            rows.linearAtA(b[3], b[4], b[5], ex * b[3] + ey * b[4] + ez * b[5]);
            rows.linearAtA(b[6], b[7], b[8], ex * b[6] + ey * b[7] + ez * b[8]);
            // the slide: A's anchor from B's along B's x axis; along -x it is the row's error (B moving along -x
            // relative to A is A moving along +x)
            double slide = -(ex * b[0] + ey * b[1] + ez * b[2]);
            if (p[0] == p[1]) { // locked: A's anchor held where the limits put it, the rows a weld's at it (locked())
                rows.linearAtA(-b[0], -b[1], -b[2], slide - p[0]);
            }
            // no turning relative to B
            rows.angular(1, 0, 0, f.rx);
            rows.angular(0, 1, 0, f.ry);
            rows.angular(0, 0, 1, f.rz);
            if (p[0] == p[1]) {
                locked(rows, -b[0], -b[1], -b[2], true, p);
                return;
            }
            rows.linearAtA(-b[0], -b[1], -b[2], slide - p[0]); // lower limit: slide - lower >= 0
            rows.limit(0, INF);
            rows.linearAtA(-b[0], -b[1], -b[2], slide - p[1]); // upper limit: slide - upper <= 0
            rows.limit(-INF, 0);
            rows.linearAtA(-b[0], -b[1], -b[2], 0);
            rows.motor(p[2], p[3]);
        }
    }

    /** Fixed (weld): frame B keeps frame A's position and orientation; no parameters. */
    static final class Fixed implements ConstraintType {
        @Override
        public List<String> parameters() {
            return List.of();
        }

        @Override
        public double[] defaults() {
            return new double[0];
        }

        @Override
        public int rows() {
            return 6;
        }

        @Override
        public void write(ConstraintFrame f, double[] p, ConstraintRows rows) {
            point(f, rows);
            rows.angular(1, 0, 0, f.rx);
            rows.angular(0, 1, 0, f.ry);
            rows.angular(0, 0, 1, f.rz);
        }
    }
}
