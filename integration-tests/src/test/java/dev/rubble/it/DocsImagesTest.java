package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 28 item 9: the pictures in {@code docs/images/} cannot go stale silently. Every one is made by
 * {@code scripts/regen-docs-images.sh}, which records the fingerprint of what it was made from (its
 * recipe, its input files, the renderer's sources and the golden state hashes) and the image's own
 * SHA-256 in {@code docs/images/FINGERPRINTS}; this test runs the script's {@code --status} (no
 * rendering, about a second) and fails naming every stale, hand-edited, missing or unlisted image.
 */
final class DocsImagesTest {
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    private static final Path SCRIPT = ROOT.resolve("scripts/regen-docs-images.sh");

    @BeforeAll
    static void tools() {
        assumeTrue(Files.isExecutable(Path.of("/bin/bash")) || Files.isExecutable(Path.of("/usr/bin/bash")),
                "the check is a bash script; bash is not installed here");
        assumeTrue(onPath("sha256sum"), "the check needs sha256sum (coreutils); not on the PATH here");
    }

    private static boolean onPath(String tool) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(java.io.File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, tool))) {
                return true;
            }
        }
        return false;
    }

    private record Result(int exit, String out) {
    }

    private static Result script(Path root, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", root.resolve("scripts/regen-docs-images.sh").toString()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(root.toFile()).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the status check finishes").isTrue();
        return new Result(p.exitValue(), out);
    }

    @Test
    void everyDocsImageIsCurrent() throws Exception {
        Result r = script(ROOT, "--status");
        assertThat(r.exit()).as("scripts/regen-docs-images.sh --status:%n%s", r.out()).isZero();
        assertThat(r.out()).contains("images current");
    }

    @Test
    void everyImageTheDocsShowIsMadeByTheScriptAndEveryMadeImageIsShown() throws Exception {
        Set<String> made = new TreeSet<>(List.of(script(ROOT, "--list").out().trim().split("\n")));
        Set<String> shown = new TreeSet<>();
        Pattern ref = Pattern.compile("images/([A-Za-z0-9._-]+\\.(?:png|gif))");
        List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (Stream<Path> docs = Files.list(ROOT.resolve("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).forEach(pages::add);
        }
        for (Path page : pages) {
            Matcher m = ref.matcher(Files.readString(page));
            while (m.find()) {
                shown.add(m.group(1));
            }
        }
        assertThat(made).isEqualTo(shown);
    }

    /** The check can fail: a changed input makes exactly its image stale, a changed image is reported as edited. */
    @Test
    void aChangedInputOrAnEditedImageIsReported(@TempDir Path tmp) throws Exception {
        for (String p : List.of("scripts", "docs/images", "examples", "tui-console/src/main/resources",
                "tui-console/src/main/java/dev/rubble/cli/RenderCommand.java", "integration-tests/src/test/resources/golden",
                "integration-tests/src/test/java/dev/rubble/it/ViewerInBrowserTest.java", "plugins/render-png/src/main",
                "viewer/src/main/resources/dev/rubble/viewer/web")) {
            copy(ROOT.resolve(p), tmp.resolve(p));
        }
        assertThat(script(tmp, "--status").exit()).as("the copy is current").isZero();
        Files.writeString(tmp.resolve("examples/joints.json"), " ", StandardOpenOption.APPEND);
        byte[] img = Files.readAllBytes(tmp.resolve("docs/images/wall-levels.png"));
        img[img.length / 2] ^= 1;
        Files.write(tmp.resolve("docs/images/wall-levels.png"), img);
        Files.writeString(tmp.resolve("docs/images/extra.png"), "x");
        Result r = script(tmp, "--status");
        assertThat(r.exit()).isEqualTo(1);
        assertThat(r.out().lines().filter(l -> !l.startsWith("run ")))
                .containsExactlyInAnyOrder("stale: joints-sheet.png (its recipe or inputs changed since it was made)",
                        "edited: wall-levels.png (the file is not the one this script made)",
                        "unlisted: extra.png (not made by scripts/regen-docs-images.sh)");
    }

    private static void copy(Path from, Path to) throws IOException {
        if (Files.isDirectory(from)) {
            try (Stream<Path> all = Files.walk(from)) {
                for (Path p : (Iterable<Path>) all::iterator) {
                    Path t = to.resolve(from.relativize(p).toString());
                    if (Files.isDirectory(p)) {
                        Files.createDirectories(t);
                    } else {
                        Files.copy(p, t);
                    }
                }
            }
        } else {
            Files.createDirectories(to.getParent());
            Files.copy(from, to);
        }
    }
}
