package dev.rubble.cache.journal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.core.command.Command;
import dev.rubble.core.dynamics.ConstraintStore;
import java.util.List;
import net.openhft.chronicle.bytes.Bytes;
import org.junit.jupiter.api.Test;

/**
 * The constraint-changes document ("JNTC", docs/journal-format.md): what the writer reports as a step's own changes to
 * its joints, its encoding, and a damaged one refused naming the value.
 */
final class ConstraintChangesTest {
    private static final double[] F = {0, 0, 0, 0, 0, 0, 1};

    private static ConstraintStore store() {
        return Rubble.newWorld(WorldConfig.defaults()).kernel().context().constraints.emptyLike();
    }

    private static void add(ConstraintStore st, int id, long a, long b) {
        st.add(id, "ball", a, b, F, F, new double[0], Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY);
    }

    private static Command.AddConstraint command(int id, long a, long b) {
        return new Command.AddConstraint(id, "ball", a, b, false, F, F, new double[0], Double.POSITIVE_INFINITY,
                Double.POSITIVE_INFINITY);
    }

    /**
     * Gone: a joint of the last step the store lost by itself (not one a RemoveConstraint of the step removed), and one
     * the step's own command added and lost in the same step. Re-bound: one whose body changed (a holder's piece), and
     * one added by a command that names another body now. A step that changed nothing (the store's version unmoved)
     * writes nothing.
     */
    @Test
    void theWriterReportsOnlyWhatTheStepDidByItself() {
        ConstraintStore st = store();
        add(st, 1, 10, ConstraintStore.WORLD);
        add(st, 2, 11, 10);
        add(st, 3, 12, ConstraintStore.WORLD);
        ConstraintChanges c = new ConstraintChanges();
        c.mirror(st);
        assertThat(c.observe(st, List.of(), 0)).as("nothing changed").isFalse();

        st.removeAt(st.indexOf(1)); // broke
        st.removeAt(st.indexOf(3)); // removed by the step's command
        st.bodyA[st.indexOf(2)] = 20; // followed a piece
        st.version++;
        add(st, 4, 13, ConstraintStore.WORLD); // added by a command, re-bound in the same step to a piece
        st.bodyA[st.indexOf(4)] = 21;
        List<Command> cmds = List.of(new Command.RemoveConstraint(3), command(4, 13, ConstraintStore.WORLD),
                command(5, 14, ConstraintStore.WORLD)); // 5 was added and broke in the same step
        assertThat(c.observe(st, cmds, 7)).isTrue();
        assertThat(c.step).isEqualTo(7);
        assertThat(java.util.Arrays.copyOf(c.gone, c.goneCount)).containsExactly(1, 5);
        assertThat(java.util.Arrays.copyOf(c.reboundId, c.reboundCount)).containsExactly(2, 4);
        assertThat(c.reboundA[0]).isEqualTo(20);
        assertThat(c.reboundA[1]).isEqualTo(21);

        assertThat(c.observe(st, List.of(), 8)).as("mirrored: the next step changed nothing").isFalse();
    }

    @Test
    void itRoundTripsAndADamagedOneIsRefusedNamingTheValue() {
        ConstraintStore st = store();
        add(st, 1, 10, ConstraintStore.WORLD);
        add(st, 2, 11, 10);
        ConstraintChanges c = new ConstraintChanges();
        c.mirror(st);
        st.removeAt(0);
        st.bodyB[0] = ConstraintStore.WORLD;
        st.frameA[2] = 0.25;
        st.version++;
        assertThat(c.observe(st, List.of(), 3)).isTrue();
        Bytes<?> b = Bytes.allocateElasticOnHeap(64);
        c.write(b);
        byte[] bytes = b.toByteArray();
        ConstraintChanges r = new ConstraintChanges();
        assertThat(r.read(Bytes.wrapForRead(bytes))).isEqualTo(3);
        assertThat(r.any(3)).isTrue();
        assertThat(r.any(4)).isFalse();
        assertThat(java.util.Arrays.copyOf(r.gone, r.goneCount)).containsExactly(1);
        assertThat(r.reboundCount).isEqualTo(1);
        assertThat(r.reboundId[0]).isEqualTo(2);
        assertThat(r.reboundB[0]).isEqualTo(ConstraintStore.WORLD);
        assertThat(r.reboundFrames[2]).isEqualTo(0.25);

        byte[] badCount = bytes.clone();
        badCount[8] = (byte) 0xff; // the gone count's low byte: 255 ids in a few bytes
        assertThatThrownBy(() -> new ConstraintChanges().read(Bytes.wrapForRead(badCount)))
                .isInstanceOf(JournalFormatException.class).hasMessageContaining("255 constraints gone is corrupted");
        Bytes<?> nan = Bytes.allocateElasticOnHeap(64);
        nan.writeLong(3).writeInt(0).writeInt(1).writeInt(2).writeLong(11).writeLong(10);
        for (int f = 0; f < 14; f++) {
            nan.writeLong(Double.doubleToRawLongBits(f == 4 ? Double.NaN : 0));
        }
        assertThatThrownBy(() -> new ConstraintChanges().read(nan))
                .isInstanceOf(JournalFormatException.class).hasMessageContaining("constraint 2 frame value 4 = NaN; allowed: finite");
    }
}
