package dev.rubble.tui;

import dev.rubble.core.world.World;
import dev.rubble.core.world.StepObserver;
import dev.rubble.core.step.StepProfile;
import java.io.PrintWriter;

/**
 * Counts what a run should not hide (issue 17): contacts dropped by the budgets (bodies then pass
 * through each other) and bodies isolated by the non-finite guard. Warns once, loudly, at the step
 * each first happens (when given a writer: not under the full-screen console, which shows the
 * totals in its panel instead), and sums them for the end-of-run lines.
 */
public final class RunHealth implements StepObserver {
    private final PrintWriter warn;
    private long droppedManifolds, droppedPoints, nonFinite;
    private boolean warnedDrop, warnedNonFinite;

    /** @param warn where first occurrences are reported at once; may be null */
    public RunHealth(PrintWriter warn) {
        this.warn = warn;
    }

    @Override
    public void afterStep(World world, StepProfile p) {
        droppedManifolds += p.droppedManifolds();
        droppedPoints += p.droppedContacts();
        nonFinite += p.nonFiniteBodies();
        if (warn == null) {
            return;
        }
        if (!warnedDrop && (p.droppedManifolds() > 0 || p.droppedContacts() > 0)) {
            warnedDrop = true;
            warn.printf("rubble: WARNING: step %d: contact budget reached: %d manifolds and %d contact points dropped;"
                            + " bodies can fall through each other (raise world.budgets.maxContacts / maxManifolds)%n",
                    p.step(), p.droppedManifolds(), p.droppedContacts());
            warn.flush();
        }
        if (!warnedNonFinite && p.nonFiniteBodies() > 0) {
            warnedNonFinite = true;
            warn.printf("rubble: WARNING: step %d: %d bodies got a NaN or infinite position, orientation or velocity"
                    + " and were disabled (the rest keeps running)%n", p.step(), p.nonFiniteBodies());
            warn.flush();
        }
    }

    public long droppedManifolds() {
        return droppedManifolds;
    }

    public long droppedPoints() {
        return droppedPoints;
    }

    public long nonFinite() {
        return nonFinite;
    }

    /** One line for the console panel, or "" when nothing happened. */
    public String panelLine() {
        if (droppedManifolds == 0 && droppedPoints == 0 && nonFinite == 0) {
            return "";
        }
        // compact counts: the line must fit the 44-column panel (issue 14: no cut rows)
        return "WARN dropped " + ConsoleRenderer.count(droppedManifolds) + " mf/" + ConsoleRenderer.count(droppedPoints)
                + " pts, NaN-isolated " + ConsoleRenderer.count(nonFinite);
    }

    /** End-of-run lines (each ends with a newline), or "". */
    public String summary() {
        StringBuilder sb = new StringBuilder();
        if (droppedManifolds > 0 || droppedPoints > 0) {
            sb.append(String.format("rubble: contact budget reached: %d manifolds and %d contact points dropped over the"
                    + " run (world.budgets.maxManifolds / maxContacts)%n", droppedManifolds, droppedPoints));
        }
        if (nonFinite > 0) {
            sb.append(String.format("rubble: %d bodies were isolated (disabled) after their state became NaN or"
                    + " infinite%n", nonFinite));
        }
        return sb.toString();
    }
}
