package dev.rubble.core.dynamics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import org.junit.jupiter.api.Test;

/**
 * Issue 17, item 1: one body whose state becomes NaN is isolated (disabled and counted) and the
 * rest of the world keeps running with finite state.
 */
final class NonFiniteGuardTest {
    static final String SCENE = "{\"format\":\"rubble-scenario/1\",\"bodies\":["
            + "{\"id\":\"ground\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},\"position\":[0,-0.5,0]},"
            + "{\"id\":\"low\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,0.5,0]},"
            + "{\"id\":\"bad\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[0,2,0]},"
            + "{\"id\":\"far\",\"shape\":{\"type\":\"box\",\"halfExtents\":[0.5,0.5,0.5]},\"position\":[15,0.5,0]}]}";

    @Test
    void aBodyWithAnUnderflowedMassIsIsolatedAndTheFarBodyStaysFinite() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), Stages.load());
        BodyStore b = sw.world().bodies();
        int bad = b.slot(sw.world().findByLabel("bad"));
        int far = b.slot(sw.world().findByLabel("far"));
        // the reproducer's "mass": 5e-324 (now refused by the loader): its inverse mass is infinite
        b.invMass[bad] = 1 / 5e-324;
        long isolated = 0;
        for (int i = 0; i < 180; i++) {
            sw.step();
            isolated += sw.world().profile().nonFiniteBodies();
        }
        assertThat(isolated).isEqualTo(1);
        assertThat(b.state(bad)).isEqualTo(BodyState.DISABLED);
        // the far box shares only the ground with it: it rests on the ground, finite, as if alone
        assertThat(NonFiniteGuard.finite(b, far)).isTrue();
        assertThat(b.originY(far)).isCloseTo(0.5, within(0.02));
        assertThat(b.state(far)).isIn(BodyState.AWAKE, BodyState.SLEEPING);
        int low = b.slot(sw.world().findByLabel("low"));
        assertThat(NonFiniteGuard.finite(b, low)).isTrue();
        assertThat(b.originY(low)).isCloseTo(0.5, within(0.02));
        assertThat(sw.world().stepIndex()).isEqualTo(180);
    }

    @Test
    void aHealthyWorldIsolatesNothing() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(SCENE), Stages.load());
        for (int i = 0; i < 120; i++) {
            sw.step();
            assertThat(sw.world().profile().nonFiniteBodies()).isZero();
        }
    }
}
