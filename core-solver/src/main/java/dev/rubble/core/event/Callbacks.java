package dev.rubble.core.event;

import java.lang.reflect.UndeclaredThrowableException;
import java.util.Arrays;
import java.util.Objects;

/**
 * What a step does with the code it calls back (observers, listeners, the pre-solve hook): a
 * callback that throws does not cut the step's notifications short. The step's state is already
 * final when observers and listeners run (the hook's exception is caught where it is called and
 * the step finishes as if it had not been installed from there on), so every other callback still
 * hears the step, a journal still records it, and only then is the first exception thrown from
 * {@code step()}, unchanged, with later ones attached as suppressed. The world steps on.
 *
 * <p>Callback lists are copy-on-write arrays: adding or removing one (also from inside a callback,
 * e.g. a listener removing itself) allocates a new array; the iteration in progress keeps the old
 * one, so no callback is skipped or called twice, and a step allocates nothing.
 */
public final class Callbacks {
    /** Failures attached to the first as suppressed, at most: a listener failing on every contact adds one. */
    static final int MAX_SUPPRESSED = 8;

    private Callbacks() {
    }

    /**
     * The failure to throw after the callbacks: {@code first} (null before any) with {@code next}
     * added as suppressed, or {@code next} when it is the first. A {@link VirtualMachineError} is
     * thrown at once.
     */
    public static Throwable keep(Throwable first, Throwable next) {
        if (next instanceof VirtualMachineError e) {
            throw e; // out of memory, a stack overflow: nothing more is called
        }
        if (first == null) {
            return next;
        }
        if (first != next && first.getSuppressed().length < MAX_SUPPRESSED) {
            first.addSuppressed(next);
        }
        return first;
    }

    /** Throws {@code failure} as it is (a checked exception thrown sneakily is wrapped); nothing when null. */
    public static void rethrow(Throwable failure) {
        if (failure == null) {
            return;
        }
        if (failure instanceof RuntimeException r) {
            throw r;
        }
        if (failure instanceof Error e) {
            throw e;
        }
        throw new UndeclaredThrowableException(failure, "a callback threw " + failure);
    }

    /** A copy of {@code callbacks} with {@code added} appended. */
    public static <T> T[] with(T[] callbacks, T added) {
        Objects.requireNonNull(added, "listener is null");
        T[] a = Arrays.copyOf(callbacks, callbacks.length + 1);
        a[callbacks.length] = added;
        return a;
    }

    /** A copy of {@code callbacks} without the first occurrence of {@code removed} (the same array when absent). */
    public static <T> T[] without(T[] callbacks, Object removed) {
        for (int i = 0; i < callbacks.length; i++) {
            if (callbacks[i].equals(removed)) {
                T[] a = Arrays.copyOf(callbacks, callbacks.length - 1);
                System.arraycopy(callbacks, i + 1, a, i, callbacks.length - 1 - i);
                return a;
            }
        }
        return callbacks;
    }
}
