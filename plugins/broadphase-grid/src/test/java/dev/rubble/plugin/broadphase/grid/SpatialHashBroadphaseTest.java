package dev.rubble.plugin.broadphase.grid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.plugin.broadphase.contract.AbstractBroadphaseContract;
import dev.rubble.plugin.broadphase.contract.PairRecorder;
import dev.rubble.spi.StageConfig;
import dev.rubble.spi.broadphase.Broadphase;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The contract with the default cell size; see the nested-size variants in the sibling classes. */
final class SpatialHashBroadphaseTest extends AbstractBroadphaseContract {

    @Override
    protected Broadphase create() {
        return factory("grid").create(StageConfig.empty());
    }

    @Test
    void cellSizeOptionIsValidated() {
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("cellSize", 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cellSize").hasMessageContaining("0").hasMessageContaining("allowed");
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("cellSize", "big"))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cellSize").hasMessageContaining("not a number");
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("cellsize", 1.0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown option 'cellsize'").hasMessageContaining("cellSize");
        assertThatThrownBy(() -> factory("grid").create(StageConfig.of(Map.of("hugeCells", 0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("hugeCells");
        Broadphase bp = factory("grid").create(StageConfig.of(Map.of("cellSize", 0.25, "hugeCells", 8)));
        assertThat(((SpatialHashBroadphase) bp).cellSize()).isEqualTo(0.25);
    }

    /**
     * Without the option the cell is the power of two just above the median of the moving boxes'
     * largest edges, chosen again at each rebuild; fixed boxes do not count, and with none moving the
     * last size stays. The pairs are every overlapping pair, as brute force finds them.
     */
    @Test
    void theAutomaticCellIsThePowerOfTwoAboveTheMedianMovingBoxEdge() {
        SpatialHashBroadphase bp = (SpatialHashBroadphase) factory("grid").create(StageConfig.empty());
        assertThat(bp.cellSize()).isEqualTo(2.0); // before the first build
        java.util.Map<Integer, double[]> boxes = new java.util.TreeMap<>();
        java.util.Set<Integer> fixed = new java.util.HashSet<>();
        java.util.function.BiConsumer<Integer, double[]> put = (id, b) -> {
            if (boxes.put(id, b) == null) {
                bp.add(id, b[0], b[1], b[2], b[3], b[4], b[5], fixed.contains(id));
            } else {
                bp.update(id, b[0], b[1], b[2], b[3], b[4], b[5]);
            }
        };
        fixed.add(100);
        put.accept(100, new double[] {-50, -1, -50, 50, 0, 50}); // a fixed ground: not counted
        for (int i = 0; i < 5; i++) { // five boxes of largest edge 0.6
            put.accept(i, new double[] {i * 0.5, 0, 0, i * 0.5 + 0.6, 0.3, 0.6});
        }
        put.accept(10, new double[] {0, 0, 0, 3, 3, 3}); // two big ones: not the median
        put.accept(11, new double[] {1, 1, 1, 4, 4, 4});
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.cellSize()).isEqualTo(1.0);
        for (int i = 0; i < 5; i++) { // now edge 0.2: 0.25
            put.accept(i, new double[] {i * 0.5, 0, 0, i * 0.5 + 0.2, 0.2, 0.1});
        }
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.cellSize()).isEqualTo(0.25);
        for (int i = 0; i < 5; i++) { // an edge of exactly 1 asks for 2 (the power of two above it)
            put.accept(i, new double[] {i * 2.0, 0, 0, i * 2.0 + 1, 1, 1});
        }
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.cellSize()).isEqualTo(2.0);
        for (int i = 0; i < 5; i++) { // points: the smallest cell, 2^-9 m
            put.accept(i, new double[] {i, 0, 0, i, 0, 0});
        }
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.cellSize()).isEqualTo(Math.scalb(1.0, SpatialHashBroadphase.MIN_CELL_EXPONENT));
        for (int id : new int[] {0, 1, 2, 3, 4, 10, 11}) { // nothing moves: the size stays
            bp.setFixed(id, true);
            fixed.add(id);
        }
        put.accept(10, new double[] {0, 0, 0, 50, 50, 50});
        java.util.List<Integer> hits = new java.util.ArrayList<>();
        bp.query(-0.5, -0.5, -0.5, 0.5, 0.5, 0.5, hits::add); // rebuilds: no moving box to size the cells by
        assertThat(hits).containsExactlyInAnyOrder(0, 10, 100);
        assertThat(bp.cellSize()).isEqualTo(Math.scalb(1.0, SpatialHashBroadphase.MIN_CELL_EXPONENT));
    }

    /**
     * Boxes resting in a row, each touching its neighbours, jiggled by less than their enlarged boxes' margin (1/64
     * of the largest edge) step after step so that neighbours touch and part again: no build after the first, and
     * every step the pairs brute force finds. A box moved out of its enlarged one, a box shrunk to under half of it,
     * and a fixed flag changed each build once more.
     */
    @Test
    void boxesThatStayInsideTheirEnlargedOnesAreNotBuiltAgainAndPairExactly() {
        SpatialHashBroadphase bp = (SpatialHashBroadphase) factory("grid").create(StageConfig.empty());
        java.util.Map<Integer, double[]> boxes = new java.util.TreeMap<>();
        java.util.Set<Integer> fixed = new java.util.HashSet<>();
        fixed.add(100);
        boxes.put(100, new double[] {-50, -1, -50, 50, 0, 50});
        bp.add(100, -50, -1, -50, 50, 0, 50, true);
        for (int i = 0; i < 20; i++) { // unit boxes 1 m apart: each touches the next, and the ground
            double[] b = {i, 0, 0, i + 1, 1, 1};
            boxes.put(i, b);
            bp.add(i, b[0], b[1], b[2], b[3], b[4], b[5], false);
        }
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        long built = bp.builds();
        java.util.SplittableRandom r = new java.util.SplittableRandom(3);
        int changes = 0;
        long[] last = null;
        for (int step = 0; step < 200; step++) {
            for (int i = 0; i < 20; i++) {
                double dx = r.nextDouble(-0.012, 0.012), dy = r.nextDouble(-0.012, 0.012); // margin: 1/64 m
                double[] b = {i + dx, dy, 0, i + 1 + dx, 1 + dy, 1};
                boxes.put(i, b);
                bp.update(i, b[0], b[1], b[2], b[3], b[4], b[5]);
            }
            long[] pairs = sortedPairs(bp);
            assertThat(pairs).as("step %d", step).containsExactly(bruteForce(boxes, fixed));
            changes += last != null && !java.util.Arrays.equals(last, pairs) ? 1 : 0;
            last = pairs;
        }
        assertThat(bp.builds()).as("builds while every box stayed inside its enlarged one").isEqualTo(built);
        assertThat(changes).as("steps whose pairs differed from the step before").isPositive();
        bp.update(5, 5.5, 0, 0, 6.5, 1, 1); // out of its enlarged box
        boxes.put(5, new double[] {5.5, 0, 0, 6.5, 1, 1});
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.builds()).isEqualTo(built + 1);
        bp.update(5, 5.6, 0.1, 0.1, 6.0, 0.9, 0.9); // inside, but under half of its enlarged box along x
        boxes.put(5, new double[] {5.6, 0.1, 0.1, 6.0, 0.9, 0.9});
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.builds()).isEqualTo(built + 2);
        bp.setFixed(7, true); // the candidates leave out fixed-fixed pairs: searched again
        fixed.add(7);
        bp.setFixed(8, true);
        fixed.add(8);
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        bp.setFixed(8, false);
        fixed.remove(8);
        assertThat(sortedPairs(bp)).containsExactly(bruteForce(boxes, fixed));
        assertThat(bp.builds()).isEqualTo(built + 2);
        assertThat(bp.enlarged()).as("a build one call after the last, for an escape: the boxes themselves").isFalse();
        // every box moving on (more than one in ESCAPES escaping): the next build hashes the boxes themselves and
        // every update builds again; at rest again, the build after hashes the enlarged boxes
        for (int step = 0; step < 6; step++) {
            double shift = step < 3 ? 0.3 * (step + 1) : 0.9;
            for (int i = 0; i < 20; i++) {
                double[] b = {i + shift, shift, 0, i + 1 + shift, 1 + shift, 1};
                boxes.put(i, b);
                bp.update(i, b[0], b[1], b[2], b[3], b[4], b[5]);
            }
            assertThat(sortedPairs(bp)).as("moving step %d", step).containsExactly(bruteForce(boxes, fixed));
            assertThat(bp.enlarged()).as("moving step %d", step).isEqualTo(step >= 3); // the escapes of a step decide its own build
        }
    }

    /** Every overlapping pair (not both fixed), packed and sorted as {@link #sortedPairs} gives them. */
    private static long[] bruteForce(java.util.Map<Integer, double[]> boxes, java.util.Set<Integer> fixed) {
        java.util.List<Long> out = new java.util.ArrayList<>();
        for (var a : boxes.entrySet()) {
            for (var b : boxes.entrySet()) {
                if (a.getKey() >= b.getKey() || (fixed.contains(a.getKey()) && fixed.contains(b.getKey()))) {
                    continue;
                }
                double[] p = a.getValue(), q = b.getValue();
                if (p[0] <= q[3] && q[0] <= p[3] && p[1] <= q[4] && q[1] <= p[4] && p[2] <= q[5] && q[2] <= p[5]) {
                    out.add(PairRecorder.pack(a.getKey(), b.getKey()));
                }
            }
        }
        return out.stream().mapToLong(Long::longValue).sorted().toArray();
    }

    @Test
    void aPairSharingManyCellsIsReportedOnce() {
        // two 10 x 10 x 10 boxes overlapping in a 5 x 10 x 10 slab: 5 * 10 * 10 shared unit cells
        Broadphase bp = new SpatialHashBroadphase(1.0, 10_000);
        bp.add(0, 0, 0, 0, 10, 10, 10, false);
        bp.add(1, 5, 0, 0, 15, 10, 10, false);
        assertThat(PairRecorder.of(bp).raw()).containsExactly(PairRecorder.pack(0, 1));
        java.util.List<Integer> hits = new java.util.ArrayList<>();
        bp.query(6, 1, 1, 9, 9, 9, hits::add);
        assertThat(hits).containsExactlyInAnyOrder(0, 1);
    }

    @Test
    void boxesOnCellBordersAndNegativeCoordinatesPair() {
        Broadphase bp = new SpatialHashBroadphase(2.0, 64);
        bp.add(0, -2, -2, -2, 0, 0, 0, false);   // exactly cell (-1, -1, -1)
        bp.add(1, 0, 0, 0, 2, 2, 2, false);      // exactly cell (0, 0, 0), touches 0 at the origin
        // a point just below the origin: in cell (-1, -1, -1) with 0, a hair outside 1
        bp.add(2, -1e-300, -1e-300, -1e-300, -1e-300, -1e-300, -1e-300, true);
        bp.add(3, -1e-300, 0, 0, 1, 1, 1, false); // straddles the cell border x = 0: pairs with 0 and 1
        assertThat(sortedPairs(bp)).containsExactly(
                PairRecorder.pack(0, 1), PairRecorder.pack(0, 2), PairRecorder.pack(0, 3),
                PairRecorder.pack(1, 3));
    }
}
