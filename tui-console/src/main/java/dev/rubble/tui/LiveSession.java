package dev.rubble.tui;

import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.world.World;
import dev.rubble.scenario.ScenarioWorld;

/** A live simulation of a scenario, journalled when a writer is given. */
public final class LiveSession implements ConsoleSession {
    private final ScenarioWorld sw;
    private final JournalWriter journal;
    private final long stepLimit;
    private double speed = 1;
    private RunHealth health;
    private final Explosions explosions = new Explosions();

    /**
     * @param journal   may be null
     * @param stepLimit stop after this many steps (Long.MAX_VALUE for none)
     */
    public LiveSession(ScenarioWorld sw, JournalWriter journal, long stepLimit) {
        this.sw = sw;
        this.journal = journal;
        this.stepLimit = stepLimit;
    }

    /** Attaches the run's counters (already observing the world) so the console can show them. */
    public LiveSession withHealth(RunHealth h) {
        this.health = h;
        return this;
    }

    @Override
    public RunHealth health() {
        return health;
    }

    @Override
    public World world() {
        return sw.world();
    }

    @Override
    public String title() {
        return sw.scenario().name();
    }

    @Override
    public void step() {
        if (!finished()) {
            sw.step();
        }
    }

    @Override
    public boolean finished() {
        return sw.world().stepIndex() >= stepLimit;
    }

    @Override
    public double speed() {
        return speed;
    }

    @Override
    public void setSpeed(double s) {
        if (!(s > 0 && s <= 64)) {
            throw new IllegalArgumentException("speed = " + s + "; allowed: (0, 64]");
        }
        speed = s;
    }

    @Override
    public double stepsPerSecond() {
        return speed / sw.world().settings().dt();
    }

    @Override
    public int impulse(double x, double y, double z, double radius, double dv) {
        return Impulses.queue(sw.world(), x, y, z, radius, dv);
    }

    @Override
    public Explosions.Blast explode(boolean topView, double u, double v, double radius, double dv) {
        return explosions.explode(sw.world(), topView, u, v, radius, dv);
    }

    @Override
    public Explosions.Blast field(int k, boolean topView, double u, double v, double radius, double dv) {
        return explosions.field(sw.world(), k, topView, u, v, radius, dv);
    }

    @Override
    public int release(double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        return -1;
    }

    @Override
    public long journalBytes() {
        return journal == null ? 0 : journal.bytes();
    }

    @Override
    public String journalLabel() {
        return journal == null ? "off" : "recording " + journal.dir();
    }

    @Override
    public String position() {
        return stepLimit == Long.MAX_VALUE ? "" : "of " + stepLimit;
    }
}
