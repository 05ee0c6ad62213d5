package dev.rubble.cli;

import dev.rubble.core.step.WorldSettings;
import java.util.ArrayList;
import java.util.List;

/** {@code --threads} values (issue 26): one count, or for {@code bench} a comma-separated list. */
final class ThreadCounts {
    private ThreadCounts() {
    }

    /** One thread count, 1..256, or exit 2 naming the option. */
    static int one(String option, String text) {
        try {
            int n = Integer.parseInt(text.trim());
            if (n >= 1 && n <= WorldSettings.MAX_THREADS) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new BadInputException(option + " " + text + " is not allowed; allowed: an integer 1.."
                + WorldSettings.MAX_THREADS + " (the result is the same for every count)");
    }

    /** A comma-separated list of thread counts, e.g. {@code 1,2}. */
    static List<Integer> list(String option, String text) {
        List<Integer> out = new ArrayList<>();
        for (String p : text.split(",", -1)) {
            out.add(one(option, p));
        }
        return out;
    }
}
