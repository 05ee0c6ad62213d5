package dev.rubble.bench.peers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Extracts a native library from a classifier jar on the class path and loads it with {@link System#load}. */
final class NativeLoader {
    private NativeLoader() {
    }

    /**
     * @param resource path of the {@code .so} inside its jar, e.g.
     *                 {@code linux/x86-64/com/github/stephengold/libjoltjni.so}
     * @return the extracted file that was loaded
     */
    static Path load(String resource) {
        try (InputStream in = NativeLoader.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                throw new IllegalStateException("native library " + resource
                        + " is not on the class path; the engine's native classifier jar is missing");
            }
            String file = resource.substring(resource.lastIndexOf('/') + 1);
            Path tmp = Files.createTempFile("rubble-peer-", "-" + file);
            tmp.toFile().deleteOnExit();
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            System.load(tmp.toAbsolutePath().toString());
            return tmp;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot extract " + resource, e);
        }
    }
}
