package dev.rubble.cache.journal;

import dev.rubble.core.world.World;

/**
 * A recorded step's inputs put into a world that re-simulates the journal ({@code rubble verify},
 * seek): the changes made at once between steps ({@link BetweenSteps}), the pre-solve hook's
 * recorded answers ({@link HookAnswers}; no hook for a step that ran without one), then the step's
 * commands, in the order the recording met them.
 */
public final class StepInputs {
    private StepInputs() {
    }

    /**
     * Before stepping {@code w} through recorded step {@code r}.
     *
     * @return null, or the first between-steps change that came out differently, as {subject, field,
     *         recorded, re-made}
     */
    public static String[] before(World w, StepRecord r) {
        if (!r.between.isEmpty()) {
            String[] d = BetweenSteps.apply(w, r.between);
            if (d != null) {
                return d;
            }
        }
        w.context().events.setHook(r.hook.step == r.step ? r.hook.replay() : null);
        for (int i = 0; i < r.commands.size(); i++) {
            w.queue(r.commands.get(i));
        }
        return null;
    }

    /** Steps {@code w}; where the recorded hook threw, the replayed one throws too, and the step completes as it did. */
    public static void step(World w) {
        try {
            w.step();
        } catch (HookAnswers.ReplayedFailure e) {
            // the recording's step threw the hook's exception at the same call, after completing
        }
    }

    /** After the step: null, or how the re-simulation's hook calls differed from the recorded ones, as {subject, field, recorded, re-simulated}. */
    public static String[] hookMismatch(StepRecord r) {
        return r.hook.step == r.step ? r.hook.mismatch() : null;
    }
}
