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
    /** Radius of the impulse and release tools around the view centre, metres. */
    public double toolRadius = 2;
    /** One-line message from the last key. */
    public String status = "";
    /** Steps requested by n while paused. */
    public int pendingSingleSteps;
    /** Journal bytes per wall second, measured by the runner. */
    public double journalRate;
    /** Wall-clock step rate achieved, steps per second, measured by the runner. */
    public double stepRate;
    /** The frame the world view is drawn from, reused every redraw (renderer SPI). */
    public final dev.rubble.spi.render.FrameBuffer frame = new dev.rubble.spi.render.FrameBuffer();
}
