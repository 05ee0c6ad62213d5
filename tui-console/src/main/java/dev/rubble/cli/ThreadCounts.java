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
        throw new BadInputException(option + " " + shown(text) + " is not allowed; " + ALLOWED);
    }

    private static final String ALLOWED = "allowed: an integer 1.." + WorldSettings.MAX_THREADS
            + " (the result is the same for every count)";

    /** The value as typed, or {@code ''} when there is nothing to see. */
    private static String shown(String text) {
        return text.isBlank() ? "'" + text + "'" : text;
    }

    /** A comma-separated list of thread counts, e.g. {@code 1,2}; a bad element is named with the whole list. */
    static List<Integer> list(String option, String text) {
        String[] parts = text.split(",", -1);
        if (parts.length == 1) {
            return List.of(one(option, text));
        }
        List<Integer> out = new ArrayList<>();
        for (String p : parts) {
            try {
                out.add(one(option, p));
            } catch (BadInputException e) {
                throw new BadInputException(option + " " + text + ": element '" + p + "' is not allowed; " + ALLOWED);
            }
        }
        return out;
    }
}
