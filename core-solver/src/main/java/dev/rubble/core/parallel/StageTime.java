package dev.rubble.core.parallel;

/**
 * The time source stage and pass timings read (nanoseconds): wall time ({@link System#nanoTime()}) or,
 * when the system property {@code rubble.stageClock} is {@code cpu}, the calling thread's CPU time
 * ({@code ThreadMXBean.getCurrentThreadCpuTime}: slot times that other processes on a busy machine do not
 * inflate; about a microsecond a reading, -1 where the JVM cannot measure it). It sits in the base layer so
 * that the destruction passes (which time themselves) and the step pipeline's {@code StepClock} read the
 * same clock without the destruction package depending on the step package. Timings only ever feed the
 * profile: simulation results never depend on them.
 */
public final class StageTime {
    /** Whether the property asked for the thread's CPU time. */
    public static final boolean CPU = "cpu".equals(System.getProperty("rubble.stageClock"));

    private StageTime() {
    }

    /** The calling thread's CPU time in nanoseconds (the management bean is looked up at the first call). */
    public static long threadCpu() {
        return java.lang.management.ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
    }

    /** The configured clock's reading: {@link #threadCpu()} when {@link #CPU}, else {@link System#nanoTime()}. */
    public static long now() {
        return CPU ? threadCpu() : System.nanoTime();
    }
}
