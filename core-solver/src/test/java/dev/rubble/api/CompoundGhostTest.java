package dev.rubble.api;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.util.List;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A body flying through a hole in a compound (a window frame; a wall whose middle a ball has knocked
 * out, which is a compound of the pieces left standing) touches none of its children, so by Newton's
 * first law it keeps its velocity. The ghost-contact sweep (docs/dynamics.md, "Ghost contacts") swept a
 * compound as its reach ball, the ball about its centre of mass that holds every child, which always
 * meets a body passing through the hole: the speculative points on the frame's inner faces' planes
 * were kept, and the solver stopped the body there. A 0.25 m, 100 kg sphere at 200 m/s through a 1 m
 * square hole (0.25 m clear all round) left at under half its speed; the anchored remainder of a wall
 * the ball had just holed took 45 % of its momentum (the destruction pass of 2026-12-06).
 */
class CompoundGhostTest {

    /** A fixed 1.5 m square frame of four 0.25 m bars, 0.2 m deep, round a 1 m square hole at the origin. */
    private static Compound frame() {
        return new Compound(List.of(
                Compound.Child.at(new Box(0.75, 0.125, 0.1), 0, 0.625, 0),
                Compound.Child.at(new Box(0.75, 0.125, 0.1), 0, -0.625, 0),
                Compound.Child.at(new Box(0.125, 0.5, 0.1), -0.625, 0, 0),
                Compound.Child.at(new Box(0.125, 0.5, 0.1), 0.625, 0, 0)));
    }

    private static Vector3d fly(double speed, double y, double phase, boolean kinematic) {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withSleeping(false));
        Vector3d at = new Vector3d(0.3, 0.2, 0);
        if (kinematic) {
            w.addBody(BodySpec.kinematic(frame()).withPosition(at));
        } else {
            w.addBody(BodySpec.fixed(frame()).withPosition(at));
        }
        double back = 2 + phase * speed / 60;
        BodyId s = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMass(100).withMaterial(0.5, 0)
                .withPosition(new Vector3d(0.3, 0.2 + y, -back)).withLinearVelocity(new Vector3d(0, 0, speed)));
        w.step((int) Math.ceil((back + 2) / speed * 60));
        return w.linearVelocity(s, new Vector3d());
    }

    @Test
    void aSphereFlyingThroughTheHoleOfACompoundKeepsItsVelocity() {
        for (boolean kinematic : new boolean[] {false, true}) {
            for (double speed : new double[] {120, 200, 300, 400}) {
                for (double phase : new double[] {0, 0.25, 0.5, 0.75}) {
                    Vector3d v = fly(speed, 0, phase, kinematic);
                    assertThat(v.distance(0, 0, speed)).as("%s m/s, phase %s, kinematic %s: v = %s", speed, phase,
                            kinematic, v).isLessThan(1e-9 * speed);
                }
            }
        }
    }

    @Test
    void aSphereOffCentreByLessThanItsClearanceStillPasses() {
        // 0.2 m off the hole's centre towards the top bar: 5 cm clear of it, beyond the 2 cm tolerance
        for (double speed : new double[] {150, 300}) {
            Vector3d v = fly(speed, 0.2, 0.5, false);
            assertThat(v.distance(0, 0, speed)).as("%s m/s: v = %s", speed, v).isLessThan(1e-9 * speed);
        }
    }

    @Test
    void aTurnedFrameOfTurnedBarsIsSweptWhereItsBarsAre() {
        // in the compound's frame a hole 0.7 m wide and 1.4 m tall, its side bars children turned 90° about
        // z; the body turned 90° about z, so in the world the hole is 1.4 m wide and 0.7 m tall. A sphere
        // 0.4 m right of the centre is 5 cm clear of the side bar and 10 cm of the top and bottom ones: it
        // passes only if both turns are applied to the bars where the sweep looks for them
        double s = Math.sqrt(0.5);
        Compound frame = new Compound(List.of(
                Compound.Child.at(new Box(0.6, 0.125, 0.1), 0, 0.825, 0),
                Compound.Child.at(new Box(0.6, 0.125, 0.1), 0, -0.825, 0),
                new Compound.Child(new Box(0.825, 0.125, 0.1), -0.475, 0, 0, 0, 0, s, s),
                new Compound.Child(new Box(0.825, 0.125, 0.1), 0.475, 0, 0, 0, 0, s, s)));
        for (double speed : new double[] {150, 300}) {
            for (double x : new double[] {0.4, -0.4}) {
                PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults().withGravity(new Vector3d()).withSleeping(false));
                w.addBody(BodySpec.fixed(frame).withOrientation(new org.joml.Quaterniond(0, 0, s, s)));
                BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.25)).withMass(100).withMaterial(0.5, 0)
                        .withPosition(new Vector3d(x, 0, -2.5)).withLinearVelocity(new Vector3d(0, 0, speed)));
                w.step((int) Math.ceil(5 / speed * 60));
                Vector3d v = w.linearVelocity(ball, new Vector3d());
                assertThat(v.distance(0, 0, speed)).as("%s m/s at x %s: v = %s", speed, x, v).isLessThan(1e-9 * speed);
                assertThat(w.position(ball, new Vector3d()).z).isGreaterThan(0.5);
            }
        }
    }

    @Test
    void aSphereThatStrikesABarIsStillStopped() {
        // aimed 0.4 m up: it overlaps the top bar's lower face by 0.15 m and must not pass
        for (boolean kinematic : new boolean[] {false, true}) {
            for (double speed : new double[] {20, 200, 400}) {
                for (double phase : new double[] {0, 0.5}) {
                    Vector3d v = fly(speed, 0.4, phase, kinematic);
                    assertThat(v.z).as("%s m/s, phase %s, kinematic %s: v = %s", speed, phase, kinematic, v)
                            .isLessThan(0.2 * speed);
                }
            }
        }
    }
}
