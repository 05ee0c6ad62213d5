package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.api.CollectionId;
import dev.rubble.api.PhysicsWorld;
import org.junit.jupiter.api.Test;

/**
 * A wall out of the simulation (killed by a field) stays out when the API strains or crumbles it: its
 * pieces leave without bodies, inert, as Chaos treats the children of a disabled cluster and as a later
 * field already leaves them (`FieldOutsiderTest`). Before, `applyStrain` and `crumble` released all 8
 * leaves of a killed wall as live, awake bodies, and {@code setAnchor}, which then gave the wall a new (kinematic)
 * body, gave it an enabled one (it now switches the wall's own body to kinematic in place, and that body stays
 * disabled: docs/destruction.md "Anchors at run time"). The same calls on the wall alive release all 8 (the anchor: keep them in the
 * wall's live body). (A first
 * version of this rule, reverted, lost the live rest of examples/stress/wall-hole.json: the kill that shoots
 * its hole disabled the whole wall's body; a kill over part of a wall now leaves its body alone,
 * FieldPartialKillTest.)
 */
final class DisabledHolderApiTest {

    private static int[] run(boolean killed, String how) {
        KilledWall kw = new KilledWall(killed);
        PhysicsWorld w = kw.world;
        CollectionId c = kw.wall;
        switch (how) {
            case "crumble" -> w.destruction().crumble(c, 0);
            case "setAnchor" -> w.destruction().setAnchor(c, 1, true); // the wall's own body turns kinematic
            default -> {
                for (int k = 1; k <= 8; k++) {
                    w.destruction().applyStrain(c, k, Double.POSITIVE_INFINITY);
                }
            }
        }
        w.step(2);
        return new int[] {kw.breaks[0], kw.liveLeaves()};
    }

    @Test
    void aKilledWallIsNotBroughtBackToLifeByTheApi() {
        for (String how : new String[] {"applyStrain", "crumble", "setAnchor"}) {
            int breaks = how.equals("setAnchor") ? 0 : 8; // an anchor breaks nothing: the 8 leaves stay in the wall's body
            assertThat(run(false, how)).as("%s on the wall alive: breaks, leaves in the simulation", how).containsExactly(breaks, 8);
            assertThat(run(true, how)).as("%s on the killed wall: breaks, leaves in the simulation", how).containsExactly(0, 0);
        }
    }

    @Test
    void anAnchorOnAKilledWallSwitchesItsOwnBodyWhichStaysOut() {
        KilledWall kw = new KilledWall(true);
        var bodies = kw.world.kernel().bodies();
        long wall = kw.world.kernel().destruction().holderBody(0, 0);
        kw.world.destruction().setAnchor(kw.wall, 1, true);
        kw.world.step(2);
        assertThat(kw.world.kernel().destruction().holderBody(0, 0)).isEqualTo(wall);
        int s = bodies.slot(wall);
        assertThat(bodies.state(s)).isEqualTo(dev.rubble.core.body.BodyState.DISABLED);
        assertThat(bodies.motion(s)).isEqualTo(dev.rubble.core.body.MotionType.KINEMATIC);
    }
}
