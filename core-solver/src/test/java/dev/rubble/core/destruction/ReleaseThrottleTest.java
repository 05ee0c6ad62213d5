package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.core.command.Command;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import org.junit.jupiter.api.Test;

/**
 * Release throttling (SPEC §6, issue 13): with {@code a} pieces holding bodies before a step's
 * releases, {@code (a - min) / (max - min)} of the released dynamic pieces get no body, evenly spread
 * over the release order. The target is a bar of 12 leaves crumbled at once; the other pieces are
 * intact one-body collections placed beside it, so {@code a} is the number of collections.
 */
final class ReleaseThrottleTest {
    private static final int LEAVES = 12;

    private static World world(int collections, WorldSettings settings) {
        World w = World.create(settings, Scenes.stages());
        w.placeCollection(TestAssets.chain(LEAVES, 1000), CollectionPlacement.at(0, 5, 0)
                .withOptions(Scenes.thresholds(100)));
        for (int c = 1; c < collections; c++) {
            w.placeCollection(TestAssets.chain(2, 1000), CollectionPlacement.at(0, 5, 10 * c)
                    .withOptions(Scenes.thresholds(100)));
        }
        return w;
    }

    private static World crumbled(int collections, int min, int max) {
        World w = world(collections, WorldSettings.defaults().withGravity(0, 0, 0));
        w.queue(new Command.SetReleaseThrottle(min, max));
        w.queue(new Command.Crumble(0, 0));
        w.step();
        return w;
    }

    /** Whether leaf {@code node} of the bar got a body of its own. */
    private static boolean hasBody(World w, int node) {
        return w.destruction().store().body[w.destruction().globalNode(0, node)] != ClusterStore.NONE;
    }

    @Test
    void atOrBelowMinNothingIsThrottled() {
        World w = crumbled(4, 4, 8); // 4 pieces active = min: share 0
        assertThat(w.destruction().stats().released()).isEqualTo(LEAVES);
        assertThat(w.destruction().stats().throttled()).isZero();
        assertThat(w.bodies().size()).isEqualTo(3 + LEAVES);
        for (int i = 1; i <= LEAVES; i++) {
            assertThat(hasBody(w, i)).isTrue();
        }
    }

    @Test
    void betweenMinAndMaxTheLinearShareIsThrottledEvenlyOverTheReleaseOrder() {
        // 4 active, min 1, max 5: share (4 - 1) / (5 - 1) = 3/4. An error accumulator adding 3 per
        // piece and throttling each time it reaches 4 keeps pieces 1, 5, 9 and drops the other 9.
        World w = crumbled(4, 1, 5);
        assertThat(w.destruction().stats().throttled()).isEqualTo(9);
        assertThat(w.destruction().stats().released()).isEqualTo(3);
        assertThat(w.profile().throttled()).isEqualTo(9);
        assertThat(w.profile().released()).isEqualTo(3);
        for (int i = 1; i <= LEAVES; i++) {
            assertThat(hasBody(w, i)).as("leaf %d", i).isEqualTo(i == 1 || i == 5 || i == 9);
        }
        assertThat(w.bodies().size()).isEqualTo(3 + 3);
        // half: 3 active, min 1, max 5 -> every second piece
        World h = crumbled(3, 1, 5);
        assertThat(h.destruction().stats().throttled()).isEqualTo(LEAVES / 2);
        for (int i = 1; i <= LEAVES; i++) {
            assertThat(hasBody(h, i)).as("leaf %d", i).isEqualTo(i % 2 == 1);
        }
    }

    @Test
    void atMaxEveryReleasedPieceIsThrottledAndTheThrottledPiecesStayInert() {
        World w = crumbled(4, 0, 4);
        assertThat(w.destruction().stats().throttled()).isEqualTo(LEAVES);
        assertThat(w.destruction().stats().released()).isZero();
        assertThat(w.bodies().size()).isEqualTo(3); // the bar is gone, the others are intact
        w.queue(new Command.ExternalStrain(0, 3, 1e9));
        Scenes.steps(w, 3);
        assertThat(w.bodies().size()).isEqualTo(3);
        assertThat(w.destruction().activeCount()).isEqualTo(3);
    }

    @Test
    void throttlingOffReleasesEverything() {
        World w = crumbled(4, 0, 1);
        assertThat(w.destruction().stats().throttled()).isEqualTo(LEAVES);
        World off = world(4, WorldSettings.defaults().withGravity(0, 0, 0));
        off.queue(new Command.SetReleaseThrottle(0, 1));
        off.queue(new Command.SetReleaseThrottle(-1, -1));
        off.queue(new Command.Crumble(0, 0));
        off.step();
        assertThat(off.destruction().stats().released()).isEqualTo(LEAVES);
        assertThat(off.destruction().stats().throttled()).isZero();
    }

    @Test
    void aReleasePastTheBodyBudgetIsThrottledInsteadOfFailingMidStep() {
        // 5 bodies allowed. The bar's own body leaves in the same break, so 5 pieces fit (5 bodies after
        // the step, the budget); the other 7 get none. Before, the bar's body counted while its pieces were
        // made: 4 pieces, 4 bodies after the step, one short of the budget
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0);
        s = s.withBudgets(5, s.maxContacts(), s.maxManifolds());
        World w = world(1, s);
        w.queue(new Command.Crumble(0, 0));
        w.step();
        assertThat(w.destruction().stats().released()).isEqualTo(5);
        assertThat(w.destruction().stats().throttled()).isEqualTo(LEAVES - 5);
        assertThat(w.bodies().size()).isEqualTo(5);
        for (int i = 1; i <= LEAVES; i++) {
            assertThat(hasBody(w, i)).as("leaf %d", i).isEqualTo(i <= 5);
        }
        Scenes.steps(w, 2);
        assertThat(w.bodies().size()).isEqualTo(5);
    }

    @Test
    void aBreakThatExactlyFitsTheBodyBudgetOnceTheHolderIsGoneReleasesEveryPiece() {
        // one intact bar of 12 leaves (1 body) and 12 bodies allowed: after the crumble the bar's body is
        // gone and its 12 leaves hold 12 bodies, exactly the budget, so nothing is throttled (before: 11)
        WorldSettings s = WorldSettings.defaults().withGravity(0, 0, 0);
        s = s.withBudgets(LEAVES, s.maxContacts(), s.maxManifolds());
        World w = world(1, s);
        w.queue(new Command.Crumble(0, 0));
        w.step();
        assertThat(w.destruction().stats().throttled()).isZero();
        assertThat(w.destruction().stats().released()).isEqualTo(LEAVES);
        assertThat(w.bodies().size()).isEqualTo(LEAVES);
        for (int i = 1; i <= LEAVES; i++) {
            assertThat(hasBody(w, i)).as("leaf %d", i).isTrue();
        }
        // the same through a break under load (the release pass): an 8-leaf bar strained at every leaf
        World b = World.create(s.withBudgets(8, s.maxContacts(), s.maxManifolds()), Scenes.stages());
        b.placeCollection(TestAssets.chain(8, 1000), CollectionPlacement.at(0, 5, 0).withOptions(Scenes.thresholds(100)));
        for (int i = 1; i <= 8; i++) {
            b.queue(new Command.ExternalStrain(0, i, 1e9));
        }
        b.step();
        assertThat(b.destruction().stats().throttled()).isZero();
        assertThat(b.bodies().size()).isEqualTo(8);
        for (int i = 1; i <= 8; i++) {
            assertThat(b.destruction().store().body[b.destruction().globalNode(0, i)]).as("leaf %d", i)
                    .isNotEqualTo(ClusterStore.NONE);
        }
    }
}
