package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import org.junit.jupiter.api.Test;
import dev.rubble.spi.shape.Box;

/**
 * A union kinematic by a member carries its members' mass, so a dynamic-state field or {@code setMotion} can make it
 * dynamic (docs/destruction.md, "Cluster unions", item 6). Before, it was created as a kinematic body without mass and
 * making it dynamic threw "has no mass"; it turned dynamic only when its last kinematic member left. The scene: a
 * kinematic 2 × 0.2 × 2 m platform (created kinematic: no mass of its own) at rest in gravity, with a 300 kg beam and a
 * two-leaf 1 000 kg/m³ wall (2 × 250 kg) welded to it, nothing under them.
 */
final class UnionMadeDynamicTest {
    private static final double G = 9.81, DT = 1.0 / 60;

    static final class Scene extends WorldProbe {
        final long platform, beam;
        final int wall;

        Scene() {
            super(Scenes.world(G));
            platform = w.createBody(BodyDef.of(new Box(1, 0.1, 1)).withMotion(MotionType.KINEMATIC).withPosition(0, 0, 0));
            beam = w.createBody(BodyDef.of(new Box(0.5, 0.25, 1)).withMass(300).withPosition(0, 0.35, 0));
            wall = w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(-0.5, -0.35, 0)
                    .withOptions(Scenes.thresholds(1e9)));
            w.queue(new Command.UnionAdd(0, platform, false));
            w.queue(new Command.UnionAdd(0, beam, false));
            w.queue(new Command.UnionAddCollection(0, wall, false, false));
            w.step();
        }

        long union() {
            return w.destruction().unions().body(0);
        }
    }

    @Test
    void aUnionKinematicByAMemberCarriesItsMembersMassAndCanBeMadeDynamic() {
        Scene s = new Scene();
        long u = s.union();
        assertThat(s.motion(u)).isEqualTo(MotionType.KINEMATIC);
        // the beam's and the wall's mass, the platform none (created kinematic)
        assertThat(s.bodies().mass[s.bodies().slot(u)]).isCloseTo(300 + 2 * 250, offset(1e-9));
        double y0 = s.y(u);
        for (int k = 0; k < 30; k++) {
            s.w.step();
        }
        assertThat(s.y(u)).as("kinematic at rest: held").isEqualTo(y0);
        // made dynamic (as a dynamic-state field does): before, "body ... has no mass; allowed: dynamic only for bodies
        // created dynamic"
        s.w.states().setMotion(s.bodies().slot(u), MotionType.DYNAMIC);
        int n = 20;
        for (int k = 0; k < n; k++) {
            s.w.step();
        }
        // it falls from rest as one body, as semi-implicit Euler says: g dt² n (n + 1) / 2
        assertThat(y0 - s.y(u)).isCloseTo(G * DT * DT * n * (n + 1) / 2, offset(1e-9));
        assertThat(s.motion(u)).isEqualTo(MotionType.DYNAMIC);
    }

    @Test
    void madeDynamicItStaysDynamicWhenItIsRebuilt() {
        Scene s = new Scene();
        s.w.states().setMotion(s.bodies().slot(s.union()), MotionType.DYNAMIC);
        s.w.step();
        // a member joins: the union's body is made again; the motion the API gave it outlives the rebuild, as a
        // field's kinematic or static does (before, it was derived again from the kinematic platform)
        long box = s.w.createBody(BodyDef.of(new Box(0.2, 0.2, 0.2)).withMass(10).withPosition(0.7, 0.8, 0));
        s.w.queue(new Command.UnionAdd(0, box, false));
        s.w.step();
        long u = s.union();
        assertThat(s.w.destruction().unions().members(0)).contains(box);
        assertThat(s.motion(u)).isEqualTo(MotionType.DYNAMIC);
        assertThat(s.bodies().mass[s.bodies().slot(u)]).isCloseTo(300 + 2 * 250 + 10, offset(1e-9));
        double y = s.y(u);
        s.w.step();
        assertThat(s.y(u)).as("still falling").isLessThan(y);
    }

    @Test
    void aRestoredKinematicUnionKeepsItsMassAndFallsAsTheOriginalDoes() throws Exception {
        Scene s = new Scene();
        s.w.step();
        dev.rubble.core.world.World r = SnapshotOfCollectionsTest.restore(SnapshotOfCollectionsTest.save(s.w));
        long u = s.union(), ru = r.destruction().unions().body(0);
        assertThat(r.bodies().mass[r.bodies().slot(ru)]).isEqualTo(s.bodies().mass[s.bodies().slot(u)]);
        s.w.states().setMotion(s.bodies().slot(u), MotionType.DYNAMIC);
        r.states().setMotion(r.bodies().slot(ru), MotionType.DYNAMIC);
        for (int k = 0; k < 20; k++) {
            s.w.step();
            r.step();
        }
        assertThat(r.bodies().py[r.bodies().slot(ru)]).isEqualTo(s.y(u));
        assertThat(r.stateHash()).isEqualTo(s.w.stateHash());
    }
}
