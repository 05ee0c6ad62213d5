package dev.rubble.core.dynamics;

import static dev.rubble.core.dynamics.Worlds.box;
import static dev.rubble.core.dynamics.Worlds.ground;
import static dev.rubble.core.dynamics.Worlds.slot;
import static dev.rubble.core.dynamics.Worlds.sphere;
import static dev.rubble.core.dynamics.Worlds.steps;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.CapacityExceededException;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import org.junit.jupiter.api.Test;

final class CapacityTest {

    private static WorldSettings budgets(int bodies, int contacts, int manifolds) {
        WorldSettings s = WorldSettings.defaults().withBudgets(bodies, contacts, manifolds);
        return s.withDynamics(s.dynamics().withSleep(false, 0.05, 0.05, 0.5));
    }

    @Test
    void manifoldBudgetKeepsTheFirstPairsInSortedOrderAndCountsTheRest() {
        World w = Worlds.world(budgets(100, 100, 2));
        ground(w, 0.5, 0);
        long[] s = new long[4];
        for (int i = 0; i < 4; i++) {
            s[i] = sphere(w, 0.5, 1, i * 2, 0.5, 0);
        }
        for (int i = 0; i < 30; i++) {
            w.step();
            assertThat(w.profile().manifolds()).isEqualTo(2);
            assertThat(w.profile().droppedManifolds()).isEqualTo(2);
        }
        // pairs (ground, s0) and (ground, s1) come first: those spheres are held, the others fall
        assertThat(w.bodies().py[slot(w, s[0])]).isCloseTo(0.5, within(0.01));
        assertThat(w.bodies().py[slot(w, s[1])]).isCloseTo(0.5, within(0.01));
        assertThat(w.bodies().py[slot(w, s[2])]).isLessThan(0);
        assertThat(w.bodies().py[slot(w, s[3])]).isLessThan(0);
    }

    @Test
    void contactPointBudgetDropsWholeManifoldsFromTheEnd() {
        World w = Worlds.world(budgets(100, 6, 100));
        ground(w, 0.5, 0);
        long first = box(w, 0.5, 1, 0, 0.5, 0);
        long second = box(w, 0.5, 1, 3, 0.5, 0);
        steps(w, 20);
        assertThat(w.profile().contactPoints()).isEqualTo(4);
        assertThat(w.profile().droppedContacts()).isEqualTo(4);
        assertThat(w.profile().droppedManifolds()).isEqualTo(1);
        assertThat(w.contacts().size()).isEqualTo(1);
        assertThat(w.bodies().py[slot(w, first)]).isCloseTo(0.5, within(0.01));
        assertThat(w.bodies().py[slot(w, second)]).isLessThan(0.3);
    }

    @Test
    void contactStoreRefusesManifoldsBeyondItsBudget() {
        ContactStore c = new ContactStore(1, 2);
        c.add(0, 1, 0);
        c.add(0, 2, 0);
        assertThat(c.hasRoom()).isFalse();
        assertThatThrownBy(() -> c.add(0, 3, 0)).isInstanceOf(CapacityExceededException.class)
                .hasMessageContaining("maxManifolds");
        assertThat(c.size()).isEqualTo(2);
    }

    @Test
    void bodyBudgetRefusesNewBodiesAndChangesNothing() {
        World w = Worlds.world(budgets(2, 100, 100));
        ground(w, 0.5, 0);
        sphere(w, 0.5, 1, 0, 3, 0);
        long hash = w.stateHash();
        assertThatThrownBy(() -> sphere(w, 0.5, 1, 0, 6, 0)).isInstanceOf(CapacityExceededException.class)
                .hasMessageContaining("maxBodies");
        assertThat(w.bodies().size()).isEqualTo(2);
        assertThat(w.stateHash()).isEqualTo(hash);
        w.step(); // and the world still steps
        assertThat(w.profile().awakeBodies()).isEqualTo(1);
    }

    @Test
    void pointBudgetHelperCountsExactly() {
        ContactStore c = new ContactStore(4, 10);
        int[] points = {4, 3, 2, 4};
        for (int m = 0; m < points.length; m++) {
            c.add(0, m + 1, 0);
            c.pointCount[m] = points[m];
        }
        assertThat(ContactSolver.enforcePointBudget(c, 9)).isEqualTo(4); // 4 + 3 + 2 fit, the last 4 do not
        assertThat(c.size()).isEqualTo(3);
        assertThat(c.droppedThisStep).isEqualTo(1);
        assertThat(ContactSolver.enforcePointBudget(c, 100)).isZero();
    }
}
