package dev.rubble.tui;

import dev.rubble.cache.playback.Playback;
import dev.rubble.core.world.World;
import java.nio.file.Path;

/** Plays a journal back; the console's r key releases bodies to live simulation (blend). */
public final class ReplaySession implements ConsoleSession {
    private final Playback playback;
    private final Path dir;

    public ReplaySession(Playback playback, Path dir) {
        this.playback = playback;
        this.dir = dir;
    }

    @Override
    public boolean canRelease() {
        return true;
    }

    public Playback playback() {
        return playback;
    }

    @Override
    public World world() {
        return playback.world();
    }

    @Override
    public String title() {
        return playback.header().scenarioName();
    }

    private long steps, wallNanos, stepNanos, broadphaseNanos;

    @Override
    public void step() {
        if (!finished()) {
            long t0 = System.nanoTime();
            playback.step();
            wallNanos += System.nanoTime() - t0;
            stepNanos += playback.world().profile().totalNanos();
            broadphaseNanos += playback.world().profile().nanos(dev.rubble.core.step.StepSlot.BROADPHASE);
            steps++;
        }
    }

    /** Mean cost per played step, ms: "total (world step x, of which broadphase y; reading and targets z)". */
    public String costSummary() {
        if (steps == 0) {
            return "no steps played";
        }
        double n = steps * 1e6;
        return String.format(java.util.Locale.ROOT,
                "%.3f ms/step (world step %.3f ms, of which broadphase %.3f ms; journal reading and targets %.3f ms)",
                wallNanos / n, stepNanos / n, broadphaseNanos / n, (wallNanos - stepNanos) / n);
    }

    @Override
    public boolean finished() {
        return playback.finished();
    }

    @Override
    public double speed() {
        return playback.speed();
    }

    @Override
    public void setSpeed(double s) {
        if (!(s > 0 && s <= 64)) {
            throw new IllegalArgumentException("speed = " + s + "; allowed: (0, 64]");
        }
        playback.setSpeed(s);
    }

    @Override
    public double stepsPerSecond() {
        return 1 / playback.world().settings().dt();
    }

    @Override
    public int impulse(double x, double y, double z, double radius, double dv) {
        return Impulses.queue(playback.world(), x, y, z, radius, dv); // only released (dynamic) bodies respond
    }

    @Override
    public int release(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        return playback.releaseRegion(minX, minY, minZ, maxX, maxY, maxZ);
    }

    @Override
    public long journalBytes() {
        return playback.journalBytesRead(); // payload bytes, as the live console counts those written
    }

    @Override
    public String journalLabel() {
        return "replay " + dir;
    }

    @Override
    public String position() {
        return String.format("replay step %.1f", playback.cursor());
    }

    @Override
    public boolean driven(int slot) {
        return playback.isDriven(slot);
    }

    @Override
    public boolean replay() {
        return true;
    }

    /** The journal's anchors, made on the first frame drawn (it rebuilds the recording's initial world once). */
    private dev.rubble.cache.playback.PlaybackPieces pieces;

    /** The journal's pieces as {@code rubble render} draws them: levels, anchored holders, their anchored parts. */
    @Override
    public void markAnchored(dev.rubble.spi.render.FrameBuffer frame, int n) {
        if (pieces == null) {
            pieces = dev.rubble.cache.playback.PlaybackPieces.of(playback, dir);
        }
        dev.rubble.cache.playback.PlaybackPieces.destruction(playback, frame, n);
        pieces.anchoredParts(frame, n);
    }
}
