package dev.rubble.cli;

import picocli.CommandLine.Model.CommandSpec;

/**
 * Options that mean something only with another option or another kind of input, checked alike: given without
 * it they were dropped without a word ({@code fracture --color level} without {@code --preview}, {@code softbody
 * --check F --density 5}), so the user believed them applied. Refused with exit 2 instead, naming what they need.
 */
final class OptionNeeds {
    private OptionNeeds() {
    }

    /**
     * Fails with exit 2 when {@code option} was given on the command line but {@code satisfied} is false;
     * {@code needs} says what it needs, e.g. {@code "--preview FILE.png (it colours the preview)"}.
     */
    static void check(CommandSpec spec, String option, boolean satisfied, String needs) {
        if (!satisfied && spec.commandLine().getParseResult().hasMatchedOption(option)) {
            throw new BadInputException(option + " needs " + needs + "; allowed: with it, or not at all");
        }
    }
}
