package dev.rubble.core.step;

/**
 * The time source the pipeline times its slots with (nanoseconds, monotonic). The engine binds
 * {@link #SYSTEM}; a test or a host may bind another (a fake clock, a CPU-time clock) through
 * Guice. It only ever feeds the profile: simulation results never depend on it.
 */
@FunctionalInterface
public interface StepClock {
    /** {@link System#nanoTime()}. */
    StepClock SYSTEM = System::nanoTime;

    /** Current time, nanoseconds. */
    long nanoTime();
}
