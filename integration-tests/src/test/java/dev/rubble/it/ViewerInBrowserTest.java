package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.rubble.cache.journal.JournalReader;
import dev.rubble.cache.journal.StepRecord;
import dev.rubble.cli.Main;
import dev.rubble.core.destruction.BreakEvents;
import java.awt.image.BufferedImage;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.Rectangle;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * {@code rubble view} on the demo journal, looked at in a real browser: Debian's headless Chromium
 * driven by Selenium through Debian's chromedriver (both installed by .ci/run; the test is skipped,
 * saying so, where they are missing). The page must draw the wall, change where the ball struck
 * between two timeline positions, follow a scrub of the timeline, and show the step's statistics
 * as the journal itself records them. Its screenshot is {@code target/viewer.png} (docs/viewer.md's
 * picture; {@code -Drubble.viewer.screenshot=PATH} writes it there too).
 *
 * <p>With {@code -Drubble.viewer.fpsJournal=DIR} it also plays that journal (e.g. the 10 000-piece
 * collapse of docs/benchmarks.md) and prints the frames drawn per second; no timing is asserted.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 600, unit = TimeUnit.SECONDS)
final class ViewerInBrowserTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final int DEMO_STEPS = 60;

    private Path tmp;

    private Path journal;
    private Process viewer;
    private String address;
    private ChromeDriver driver;

    @BeforeAll
    void startViewerAndBrowser() throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "no browser: Debian's chromium and chromium-driver are not installed (.ci/run installs them with apt-get)");
        tmp = Files.createTempDirectory("rubble-viewer-it");
        journal = tmp.resolve("demo");
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(new String[] {"demo", "--steps", String.valueOf(DEMO_STEPS), "--journal", journal.toString()},
                new PrintWriter(out), new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
        viewer = start(journal);
        address = awaitAddress(viewer);
        driver = browser();
    }

    @AfterAll
    void stop() throws Exception {
        if (driver != null) {
            driver.quit();
        }
        if (viewer != null) {
            viewer.destroy();
            if (!viewer.waitFor(20, TimeUnit.SECONDS)) {
                viewer.destroyForcibly();
            }
        }
        if (tmp != null) {
            try (var files = Files.walk(tmp)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(f -> f.toFile().delete());
            }
        }
    }

    @Test
    void drawsTheStruckWallChangingOverTheTimelineFollowsAScrubAndShowsTheRecordedStats() throws Exception {
        open(address);
        JavascriptExecutor js = driver;
        long frames = ((Number) js.executeScript("return rubbleViewer.run.frames")).longValue();
        assertThat(frames).isEqualTo(DEMO_STEPS + 1);
        @SuppressWarnings("unchecked")
        List<Number> struck = (List<Number>) js.executeScript("return rubbleViewer.run.struck");
        assertThat(struck).as("the demo breaks the wall, so the run names where").hasSize(3);

        // the struck region: 120 x 120 px around where the first piece broke off, at frame 0
        seek(0);
        @SuppressWarnings("unchecked")
        List<Number> px = (List<Number>) js.executeScript("return rubbleViewer.project(arguments[0], arguments[1], arguments[2])",
                struck.get(0), struck.get(1), struck.get(2));
        Rectangle canvas = driver.findElement(By.id("canvas")).getRect();
        int cx = canvas.getX() + (int) Math.round(px.get(0).doubleValue());
        int cy = canvas.getY() + (int) Math.round(px.get(1).doubleValue());
        assertThat(cx).as("struck point on the canvas").isBetween(canvas.getX() + 60, canvas.getX() + canvas.getWidth() - 60);
        assertThat(cy).as("struck point on the canvas").isBetween(canvas.getY() + 60, canvas.getY() + canvas.getHeight() - 60);
        BufferedImage before = screenshot();
        seek(frames - 1);
        BufferedImage after = screenshot();
        int background = before.getRGB(canvas.getX() + 3, canvas.getY() + 3); // the clear colour (a corner above the floor)
        int drawn = 0, changed = 0, total = 0;
        for (int y = cy - 60; y < cy + 60; y++) {
            for (int x = cx - 60; x < cx + 60; x++) {
                total++;
                if (!close(before.getRGB(x, y), background)) {
                    drawn++;
                }
                if (!close(before.getRGB(x, y), after.getRGB(x, y))) {
                    changed++;
                }
            }
        }
        assertThat(drawn).as("pixels of the struck region drawn at frame 0").isGreaterThan(total / 2);
        assertThat(changed).as("pixels of the struck region that change between frame 0 and the last frame")
                .isGreaterThan(total / 20);

        // scrub: drag the timeline's thumb to the middle; the page follows and shows that frame's step
        WebElement timeline = driver.findElement(By.id("timeline"));
        Rectangle r = timeline.getRect();
        new Actions(driver).moveToElement(timeline, -r.getWidth() / 2 + 6, 0).clickAndHold()
                .moveByOffset(r.getWidth() / 4, 0).moveByOffset(r.getWidth() / 4 - 6, 0).release().perform();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> {
            long f = frame();
            return f > frames / 4 && f < 3 * frames / 4 && text("s-frame").equals(String.valueOf(f));
        });
        long f = frame();
        // the stats panel against the journal itself
        long breaks = 0;
        StepRecord rec = new StepRecord();
        StepRecord atStep = null;
        try (JournalReader jr = JournalReader.open(journal)) {
            while (jr.next(rec) && rec.step < f) {
                for (int e = 0; e < rec.eventCount; e++) {
                    breaks += rec.eventKind[e] == BreakEvents.BREAK ? 1 : 0;
                }
                if (rec.step == f - 1) {
                    atStep = rec;
                    break;
                }
            }
        }
        assertThat(atStep).isNotNull();
        assertThat(text("s-step")).isEqualTo(String.valueOf(f));
        assertThat(text("s-breaks-total")).isEqualTo(String.valueOf(breaks));
        assertThat(text("s-awake")).isEqualTo(String.valueOf(atStep.awake));
        assertThat(text("s-sleeping")).isEqualTo(String.valueOf(atStep.sleeping));
        assertThat(text("s-time")).isEqualTo(String.format(java.util.Locale.ROOT, "%.3f s", atStep.time));
        assertThat(breaks).as("the demo has broken pieces off by the middle of its 60 steps").isPositive();

        // one frame forward with the button, then colour by state, and the picture for docs/viewer.md
        driver.findElement(By.id("fwd")).click();
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> frame() == f + 1);
        js.executeScript("rubbleViewer.setColor('level')");
        awaitRest();
        byte[] png = driver.getScreenshotAs(OutputType.BYTES);
        Path shot = Path.of("target", "viewer.png");
        Files.createDirectories(shot.getParent());
        Files.write(shot, png);
        String docs = System.getProperty("rubble.viewer.screenshot");
        if (docs != null) {
            Files.write(Path.of(docs), png);
        }
        assertThat(js.executeScript("return rubbleViewer.error")).isNull();
    }

    @Test
    void measuresTheFrameRateOfAJournalWhenAskedTo() throws Exception {
        String dir = System.getProperty("rubble.viewer.fpsJournal");
        assumeTrue(dir != null, "frame-rate measurement only with -Drubble.viewer.fpsJournal=DIR (docs/benchmarks.md)");
        Process p = start(Path.of(dir));
        try {
            String at = awaitAddress(p);
            String query = System.getProperty("rubble.viewer.fpsQuery", "");
            open(at + query);
            long frames = ((Number) driver.executeScript("return rubbleViewer.run.frames")).longValue();
            long nodes = ((Number) driver.executeScript("return rubbleViewer.run.nodes")).longValue();
            for (int round = 0; round < 3; round++) {
                if (round == 2) {
                    // a picture while playing (adaptive scale, small pieces as points) and one at rest, to look at
                    // from frame 0: the last round ended part way, and a play that reaches the end stops at rest
                    driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                            + "rubbleViewer.pause(); rubbleViewer.seek(0).then(() => { rubbleViewer.play(); done(true); });");
                    Thread.sleep(1200);
                    Files.write(Path.of("target", "viewer-fps-moving.png"), driver.getScreenshotAs(OutputType.BYTES));
                    driver.executeScript("rubbleViewer.pause()");
                    awaitRest();
                    Files.write(Path.of("target", "viewer-fps-rest.png"), driver.getScreenshotAs(OutputType.BYTES));
                    System.out.println("viewer scale moving=" + driver.executeScript("return rubbleViewer.movingScale"));
                }
                Map<String, Double> cpu0 = chromiumCpuMs();
                double task0 = taskSeconds();
                @SuppressWarnings("unchecked")
                Map<String, Object> m = (Map<String, Object>) driver.executeAsyncScript(
                        "const done = arguments[arguments.length - 1];"
                                + "rubbleViewer.measureFps(0, 2000).then(done);");
                Map<String, Double> cpu1 = chromiumCpuMs();
                double task1 = taskSeconds();
                System.out.printf(java.util.Locale.ROOT, "viewer fps query=%s journal=%s nodes=%d frames=%d round=%d fps=%.1f"
                                + " timeline_frames=%s seconds=%.2f%n", query, dir, nodes, frames, round,
                        ((Number) m.get("fps")).doubleValue(), m.get("frames"), ((Number) m.get("seconds")).doubleValue());
                // CPU per drawn frame of Chromium's processes (less disturbed by a busy machine than frames/s)
                double drawn = Math.max(1, ((Number) m.get("drawn")).doubleValue());
                StringBuilder line = new StringBuilder();
                for (String type : cpu1.keySet()) {
                    line.append(String.format(java.util.Locale.ROOT, " %s=%.1f", type, (cpu1.get(type) - cpu0.getOrDefault(type, 0.0)) / drawn));
                }
                System.out.printf(java.util.Locale.ROOT, "viewer cpu round=%d drawn=%d ms_per_frame:%s page_task=%.1f load=%.1f%n", round,
                        (long) drawn, line, 1000 * (task1 - task0) / drawn,
                        ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
            }
            // where a frame's time goes (viewer.js rubbleViewer.profile): JS, submit, rasterise, background
            Object prof = driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                    + "rubbleViewer.profile(0, Math.min(40, rubbleViewer.run.frames - 1)).then(r => done(JSON.stringify(r)));");
            System.out.println("viewer profile query=" + query + " journal=" + dir + " " + prof);
        } finally {
            p.destroy();
            p.waitFor(20, TimeUnit.SECONDS);
        }
    }

    // ---- helpers ----

    /** CPU time (ms) of this test's Chromium processes by process type (browser, renderer, gpu-process, ...). */
    private static Map<String, Double> chromiumCpuMs() {
        Map<String, Double> byType = new java.util.TreeMap<>();
        ProcessHandle.current().descendants().forEach(ph -> {
            ProcessHandle.Info info = ph.info();
            String cmd;
            try { // Chromium rewrites its children's command lines into one string: read it whole
                cmd = Files.readString(Path.of("/proc", String.valueOf(ph.pid()), "cmdline")).replace('\0', ' ');
            } catch (java.io.IOException | RuntimeException e) {
                return; // ended meanwhile
            }
            if (cmd.contains("chromium") && info.totalCpuDuration().isPresent()) {
                Matcher t = Pattern.compile("--type=([a-z-]+)").matcher(cmd);
                String type = t.find() ? t.group(1) : "browser";
                byType.merge(type, info.totalCpuDuration().get().toNanos() / 1e6, Double::sum);
            }
        });
        return byType;
    }

    /** The page's main-thread task time so far (Chrome DevTools Protocol Performance.getMetrics), s. */
    @SuppressWarnings("unchecked")
    private double taskSeconds() {
        driver.executeCdpCommand("Performance.enable", Map.of());
        for (Map<String, Object> metric : (List<Map<String, Object>>) driver.executeCdpCommand("Performance.getMetrics", Map.of()).get("metrics")) {
            if ("TaskDuration".equals(metric.get("name"))) {
                return ((Number) metric.get("value")).doubleValue();
            }
        }
        return Double.NaN;
    }

    private void open(String url) {
        driver.get(url);
        new WebDriverWait(driver, Duration.ofSeconds(180)).until(d -> Boolean.TRUE.equals(
                ((JavascriptExecutor) d).executeScript("return !!(window.rubbleViewer && (rubbleViewer.ready || rubbleViewer.error))")));
        assertThat(driver.executeScript("return rubbleViewer.error")).as("page error").isNull();
    }

    /** Until the page shows the picture at rest: full render scale, every piece its mesh (viewer.js draw). */
    private void awaitRest() {
        new WebDriverWait(driver, Duration.ofSeconds(30)).until(d -> Boolean.TRUE.equals(
                ((JavascriptExecutor) d).executeScript("return rubbleViewer.atRest")));
    }

    private void seek(long k) {
        driver.executeAsyncScript("const done = arguments[arguments.length - 1];"
                + "rubbleViewer.pause(); rubbleViewer.seek(arguments[0]).then(() => requestAnimationFrame(() =>"
                + " requestAnimationFrame(() => done(true))));", k);
        assertThat(frame()).isEqualTo(k);
    }

    private long frame() {
        return ((Number) driver.executeScript("return rubbleViewer.frame")).longValue();
    }

    private String text(String id) {
        return driver.findElement(By.id(id)).getText().trim();
    }

    private BufferedImage screenshot() throws Exception {
        awaitRest();
        return ImageIO.read(new ByteArrayInputStream(driver.getScreenshotAs(OutputType.BYTES)));
    }

    private static boolean close(int a, int b) {
        int d = 0;
        for (int s = 0; s < 24; s += 8) {
            d = Math.max(d, Math.abs((a >> s & 0xff) - (b >> s & 0xff)));
        }
        return d <= 12;
    }

    private static ChromeDriver browser() {
        ChromeOptions o = new ChromeOptions();
        o.setBinary(CHROMIUM.toFile());
        // WebGL rasterised by SwiftShader, the page composited in software: what Chromium does on a
        // machine without a GPU. Compositing through SwiftShader instead (Chromium's headless default
        // with --use-angle=swiftshader) costs the GPU process ~17 ms of CPU per frame of a page that only
        // clears a WebGL canvas, ~4.7 ms in software (docs/benchmarks.md, viewer, fourth session).
        o.addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,800",
                "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-gpu-vsync", "--disable-gpu-compositing",
                "--hide-scrollbars");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        ChromeDriver d = new ChromeDriver(service, o);
        d.manage().timeouts().scriptTimeout(Duration.ofSeconds(120));
        return d;
    }

    /** {@code rubble view SOURCE} in its own JVM (the real command, as a user starts it). */
    private static Process start(Path source) throws Exception {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-") || a.startsWith("--enable-native") || a.startsWith("--sun-misc")
                    || a.startsWith("-Dchronicle")) {
                cmd.add(a);
            }
        }
        cmd.add("-cp");
        cmd.add(System.getProperty("java.class.path"));
        cmd.add(Main.class.getName());
        cmd.add("view");
        cmd.add(source.toString());
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static String awaitAddress(Process p) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        Pattern at = Pattern.compile("at (http://127\\.0\\.0\\.1:\\d+/) ");
        String line;
        while ((line = in.readLine()) != null) {
            Matcher m = at.matcher(line);
            if (m.find()) {
                return m.group(1);
            }
        }
        throw new AssertionError("rubble view ended without printing its address (exit " + p.waitFor() + ")");
    }
}
