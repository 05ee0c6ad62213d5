package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.command.Command;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

/**
 * An anchor set on a welded collection while its union sleeps (dfuzz17, seed 170072 of {@code DestructionFuzz}: a
 * union of a struck wall and a box, the anchor command sent when the union had fallen asleep). The union is rebuilt
 * kinematic, and it was rebuilt asleep too: {@code BodyDef} refuses a kinematic body that starts asleep, so the step
 * threw "only a dynamic body can start asleep; this one is KINEMATIC" from the command stage, half done. A kinematic
 * union is made awake, as a static one is.
 */
final class UnionAnchoredAsleepTest {
    @Test
    void anAnchorSetOnASleepingUnionMakesItKinematicAndAwake() {
        WorldProbe s = new WorldProbe(Scenes.world(0)); // zero gravity: everything at rest falls asleep in 0.5 s
        int wall = s.w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 0, 0)
                .withOptions(Scenes.thresholds(1e9)));
        long box = s.w.createBody(BodyDef.of(new Box(0.25, 0.25, 0.25)).withMass(50).withPosition(0.5, 0.5, 0));
        s.w.queue(new Command.UnionAddCollection(0, wall, false, false));
        s.w.queue(new Command.UnionAdd(0, box, false));
        s.w.step();
        Unions u = s.w.destruction().unions();
        Scenes.steps(s.w, 60);
        assertThat(s.state(u.body(0))).isEqualTo(BodyState.SLEEPING);
        s.w.queue(new Command.SetAnchor(wall, 1, true));
        assertThatCode(s.w::step).doesNotThrowAnyException();
        assertThat(s.motion(u.body(0))).isEqualTo(MotionType.KINEMATIC);
        assertThat(s.state(u.body(0))).isEqualTo(BodyState.AWAKE);
        Scenes.steps(s.w, 5);
        assertThat(u.members(0)).contains(box);
    }
}
