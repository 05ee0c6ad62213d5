package dev.rubble.plugin.constraint;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.constraint.ConstraintFactory;
import dev.rubble.spi.constraint.ConstraintType;
import java.util.List;

/**
 * The built-in constraint types (docs/constraints.md): {@code distance} (rigid rod or XPBD spring),
 * {@code rope} (a maximum distance), {@code ball} (ball-and-socket), {@code hinge} (one rotation axis,
 * angle limits, a motor), {@code fixed} (weld) and {@code slider} (prismatic: along one axis, limits, a
 * motor). Each is a stateless {@link ConstraintType}; the
 * kernel solves their rows with the contacts.
 */
public final class ConstraintsPlugin implements RubblePlugin {

    @Override
    public String name() {
        return "constraints";
    }

    @Override
    public Iterable<ConstraintFactory> constraints() {
        return List.of(
                factory("distance", new Joints.Distance(),
                        "keeps two anchors at a rest length: rigid (compliance 0) or an XPBD spring (compliance m/N, damping N·s/m)"),
                factory("rope", new Joints.Rope(), "keeps two anchors at most maxLength apart; slack below it"),
                factory("ball", new Joints.Ball(), "ball-and-socket: the two anchors coincide, rotation free"),
                factory("hinge", new Joints.Hinge(),
                        "rotation about frame A's x axis only, optional angle limits (radians) and a motor (rad/s, N·m)"),
                factory("fixed", new Joints.Fixed(), "weld: the two frames keep their relative position and orientation"),
                factory("slider", new Joints.Slider(),
                        "prismatic: A slides along frame B's x axis without turning, optional limits (m) and a motor (m/s, N)"));
    }

    private static ConstraintFactory factory(String name, ConstraintType type, String description) {
        return new ConstraintFactory() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public String description() {
                return description;
            }

            @Override
            public ConstraintType create(StageConfig config) {
                config.requireOnly();
                return type;
            }
        };
    }
}
