package dev.rubble.tui;

/** What the console shows besides the world: pause, view placement, status line. Mutable, console thread only. */
public final class ConsoleState {
    /** Speed factors +/- step through. */
    public static final double MIN_SPEED = 1.0 / 16, MAX_SPEED = 64;

    public boolean paused;
    public boolean quit;
    /** Side view (x right, y up) when false; top view (x right, z up) when true. */
    public boolean topView;
    /** View centre in the view plane, metres. */
    public double viewX, viewY;
    /** Metres per character column; a row is two columns tall. */
    public double scale = 0.5;
    /** Radius of the impulse, release and explosion tools around the cursor, metres. */
    public double toolRadius = 2;
    /** The field preset the {@code f} key applies next (index into FieldPresets.PRESETS). */
    public int fieldPreset;
    /** One-line message from the last key. */
    public String status = "";
    /** Steps requested by n while paused. */
    public int pendingSingleSteps;
    /** Journal bytes per wall second, measured by the runner. */
    public double journalRate;
    /** Wall-clock step rate achieved, steps per second, measured by the runner. */
    public double stepRate;
    /**
     * The cursor of the view, in cells from the view centre (columns right, rows down); it stays on
     * its screen cell while the view pans. The impulse, release and explosion keys act at it.
     */
    public int cursorCol, cursorRow;
    /** Per-step counters, step times and allocation the panel shows (attached to the world on the first step). */
    public final ConsoleStats stats = new ConsoleStats();
    /** The events section (counts of the last step, the last hits and breaks; docs/events.md). */
    public final EventsPanel events = new EventsPanel();
    /** The frame the world view is drawn from, reused every redraw (renderer SPI). */
    public final dev.rubble.spi.render.FrameBuffer frame = new dev.rubble.spi.render.FrameBuffer();

    /** The cursor's first view-plane coordinate (x), metres. */
    public double cursorU() {
        return viewX + cursorCol * scale;
    }

    /** The cursor's second view-plane coordinate (y in the side view, z in the top view), metres; a row is two columns tall. */
    public double cursorV() {
        return viewY - cursorRow * 2 * scale;
    }
}
