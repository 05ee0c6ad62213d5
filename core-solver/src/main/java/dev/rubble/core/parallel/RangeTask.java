package dev.rubble.core.parallel;

/**
 * Work over the items {@code [begin, end)} of one parallel stage. A task is created once (a field
 * of the stage that owns it) and reused every step, so dispatching it allocates nothing.
 */
@FunctionalInterface
public interface RangeTask {
    void run(int begin, int end);
}
