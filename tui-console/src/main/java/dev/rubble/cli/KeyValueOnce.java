package dev.rubble.cli;

import java.util.Map;
import java.util.Stack;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Reads one {@code KEY=VALUE} of a repeatable map option ({@code --set STAGE=NAME}, {@code --option
 * KEY=VALUE}) and refuses a key given twice: picocli's own map options keep the last value without a
 * word, so {@code --set broadphase=sap --set broadphase=bvh} ran with bvh and {@code --option count=5
 * --option count=9} with 9 (a single-valued option given twice, {@code --steps 5 --steps 6}, was already
 * a usage error). Usage errors exit 2 naming the option's {@code --help}, as picocli's do.
 */
final class KeyValueOnce implements CommandLine.IParameterConsumer {
    @Override
    public void consumeParameters(Stack<String> args, ArgSpec argSpec, CommandSpec commandSpec) {
        String option = argSpec instanceof OptionSpec o ? o.longestName() : argSpec.paramLabel();
        if (args.isEmpty()) {
            throw new CommandLine.ParameterException(commandSpec.commandLine(), "option '" + option + "' needs a value "
                    + argSpec.paramLabel());
        }
        String text = args.pop();
        int eq = text.indexOf('=');
        if (eq < 0) {
            throw new CommandLine.ParameterException(commandSpec.commandLine(), option + " '" + text + "' is not in KEY=VALUE form;"
                    + " allowed: " + argSpec.paramLabel());
        }
        String key = text.substring(0, eq), value = text.substring(eq + 1);
        Map<String, String> map = argSpec.getValue();
        String before = map.get(key);
        if (before != null) {
            throw new CommandLine.ParameterException(commandSpec.commandLine(), option + " " + key + " is given twice ("
                    + key + "=" + before + ", then " + text + "); allowed: each key once");
        }
        map.put(key, value);
    }
}
