package dev.rubble.bake;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/** Copies the test sweeps out of the class path, and compares bake directories file by file. */
final class BakeFixtures {
    private BakeFixtures() {
    }

    /** Copies the named resources (under {@code bake/}) into {@code dir}; returns the first one's path. */
    static Path copy(Path dir, String... names) {
        try {
            for (String n : names) {
                try (InputStream in = BakeFixtures.class.getResourceAsStream("/bake/" + n)) {
                    Files.copy(in, dir.resolve(n));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir.resolve(names[0]);
    }

    /** Every regular file under {@code dir}, relative, sorted. */
    static List<Path> files(Path dir) {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).map(dir::relativize).sorted(Comparator.comparing(Path::toString)).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
