package dev.rubble.core.destruction;

import java.util.Locale;

/**
 * How a collection takes impacts (issue 22; docs/destruction.md "Impacts"), per collection in
 * {@link DestructionOptions#impactMode()}.
 */
public enum ImpactMode {
    /**
     * Chaos's rules (the default): collision strain from the solved impulses after the solve, one
     * level per step, released pieces start at their holder's velocity, and {@code restoreMomentum}
     * gives the impactor a share of what it lost back. An anchored holder absorbs the whole impulse of
     * the step it breaks in.
     */
    CHAOS,
    /**
     * Break prediction before the solve: a trial solve finds the children the impact breaks, they
     * are released before the real solve and the impact is solved against them as free bodies, so the
     * impactor keeps the momentum they cannot stop and they take what they received, moving in their
     * release step ({@link ImpactPass}).
     */
    RESOLVE;

    /** The name used in scenario files and on the command line: {@code chaos}, {@code resolve}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code s} ({@code chaos} or {@code resolve}); fails naming the value and what is allowed. */
    public static ImpactMode parse(String s) {
        for (ImpactMode m : values()) {
            if (m.label().equals(s)) {
                return m;
            }
        }
        throw new IllegalArgumentException("impactMode = " + s + "; allowed: chaos, resolve");
    }
}
