package dev.rubble.cli;

import java.io.PrintWriter;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help.Ansi;
import picocli.CommandLine.Parameters;

/**
 * {@code rubble help [COMMAND [SUBCOMMAND...]]}: the usage of a command, walking nested subcommands
 * ({@code rubble help journal info}); picocli's own help command only looks at the first name. An
 * unknown name is bad input that lists the known ones.
 */
@Command(name = "help", helpCommand = true, mixinStandardHelpOptions = true,
        description = "Print the usage of a command, e.g. rubble help journal info.")
final class HelpCommand implements CommandLine.IHelpCommandInitializable2, Runnable {
    @Parameters(paramLabel = "COMMAND", arity = "0..*", description = "the command (and subcommands) to describe")
    String[] names = new String[0];

    private CommandLine self;
    private PrintWriter out;
    private Ansi ansi;

    @Override
    public void init(CommandLine helpCommandLine, CommandLine.Help.ColorScheme colorScheme, PrintWriter out,
                     PrintWriter err) {
        this.self = helpCommandLine;
        this.ansi = colorScheme.ansi();
        this.out = out;
    }

    @Override
    public void run() {
        CommandLine target = self.getParent();
        for (String n : names) {
            CommandLine sub = target.getSubcommands().get(n);
            if (sub == null) {
                throw new CommandLine.ParameterException(self, "unknown command '" + n + "' under '"
                        + target.getCommandSpec().qualifiedName() + "'; known: "
                        + String.join(", ", target.getSubcommands().keySet()));
            }
            target = sub;
        }
        target.usage(out, ansi);
        out.flush();
    }
}
