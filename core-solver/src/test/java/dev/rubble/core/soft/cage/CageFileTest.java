package dev.rubble.core.soft.cage;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

final class CageFileTest {

    private static Cage oneTet(double dz) {
        return new Cage(new double[] {0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, dz}, new double[] {1, 1, 1, 1},
                new int[] {0, 1, 2, 3}, new int[] {0, 1, 0, 2, 0, 3, 1, 2, 1, 3, 2, 3},
                new int[] {1, 2, 3, 0, 3, 2, 0, 1, 3, 0, 2, 1}, new double[] {0.1, 0.1, 0.1},
                new int[] {0, 1, 2, 3}, new double[] {0.7, 0.1, 0.1, 0.1}, new int[0]);
    }

    @Test
    void roundTripsBitForBit() {
        Cage c = CageBuilder.build(CageBuilderTest.boxModel(1, 1, 1, 10, 2), new int[] {0, 1, 2}, 800, 0.5, 3);
        byte[] bytes = CageFile.toBytes(c);
        Cage back = CageFile.fromBytes(bytes, "mem");
        assertThat(CageFile.toBytes(back)).isEqualTo(bytes);
        assertThat(back.points()).isEqualTo(c.points());
        assertThat(back.tets()).isEqualTo(c.tets());
        assertThat(back.meshIndices()).containsExactly(0, 1, 2);
    }

    @Test
    void aFlippedByteFailsTheChecksum() {
        byte[] bytes = CageFile.toBytes(oneTet(1));
        bytes[40] ^= 1;
        assertThatThrownBy(() -> CageFile.fromBytes(bytes, "x.rbsb")).hasMessageContaining("checksum");
    }

    @Test
    void aZeroVolumeTetIsRejected() {
        byte[] bytes = CageFile.toBytes(oneTet(0));
        assertThatThrownBy(() -> CageFile.fromBytes(bytes, "flat.rbsb"))
                .hasMessageContaining("tet 0 rest volume = 0.0");
    }

    @Test
    void wrongMagicAndTruncationAreNamed() {
        assertThatThrownBy(() -> CageFile.fromBytes(new byte[40], "z")).hasMessageContaining("magic");
        byte[] bytes = CageFile.toBytes(oneTet(1));
        assertThatThrownBy(() -> CageFile.fromBytes(java.util.Arrays.copyOf(bytes, bytes.length - 8), "t"))
                .hasMessageContaining("counts need");
    }
}
