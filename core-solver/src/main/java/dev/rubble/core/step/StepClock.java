package dev.rubble.core.step;

/**
 * The time source the pipeline times its slots with (nanoseconds, monotonic). The engine binds
 * {@link #DEFAULT}; a test or a host may bind another (a fake clock, a CPU-time clock) through
 * Guice. It only ever feeds the profile: simulation results never depend on it.
 */
@FunctionalInterface
public interface StepClock {
    /** {@link System#nanoTime()}. */
    StepClock SYSTEM = System::nanoTime;

    /**
     * The calling thread's CPU time ({@code ThreadMXBean.getCurrentThreadCpuTime}): slot times that other
     * processes on a busy machine do not inflate (about a microsecond a reading; -1 where the JVM cannot measure it).
     * On more than one thread it times only the stepping thread's share of a parallel slot. The management
     * bean is looked up at the first reading, so a JVM that never uses this clock never starts it.
     */
    StepClock THREAD_CPU = dev.rubble.core.parallel.StageTime::threadCpu;

    /**
     * What the engine binds and what the destruction passes time themselves with: {@link #THREAD_CPU} when the
     * system property {@code rubble.stageClock} is {@code cpu} (for instance
     * {@code RUBBLE_JAVA_OPTS=-Drubble.stageClock=cpu ./rubble bench shatter --per-step F}), else {@link #SYSTEM}.
     */
    StepClock DEFAULT = dev.rubble.core.parallel.StageTime.CPU ? THREAD_CPU : SYSTEM;

    /** Current time, nanoseconds. */
    long nanoTime();
}
