package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.command.Command;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Destruction budgets in scenario files (issue 13): world.budgets and the budget commands. */
final class ScenarioBudgetsTest {

    private static Scenario parse(String world, String commands) {
        return ScenarioLoader.parse("""
                {"format": "rubble-scenario/1", "world": %s, "commands": [%s]}""".formatted(world, commands));
    }

    private static List<Command.Destruction> destruction(Scenario s) {
        return s.commands().stream().map(ScheduledCommand::destruction).toList();
    }

    @Test
    void worldBudgetsBecomeBudgetCommandsBeforeStepZeroAheadOfTheFilesCommands() {
        Scenario s = parse("""
                {"budgets": {"maxBodies": 500, "breaksPerStep": 2, "releaseThrottle": {"min": 100, "max": 400}}}""",
                """
                {"type": "breakBudget", "step": 0, "breaksPerStep": "unlimited"},
                {"type": "releaseThrottle", "step": 7, "min": -1, "max": -1}""");
        assertThat(s.settings().maxBodies()).isEqualTo(500);
        assertThat(s.commands()).extracting(ScheduledCommand::step).containsExactly(0, 0, 0, 7);
        assertThat(destruction(s)).containsExactly(new Command.SetBreakBudget(2),
                new Command.SetReleaseThrottle(100, 400),
                new Command.SetBreakBudget(Command.SetBreakBudget.UNLIMITED),
                new Command.SetReleaseThrottle(-1, -1));
    }

    @Test
    void noDestructionBudgetsMeansNoCommands() {
        assertThat(parse("{\"budgets\": {\"maxBodies\": 5}}", "").commands()).isEmpty();
    }

    @Test
    void badBudgetsNameTheirPathValueAndWhatIsAllowed() {
        assertThatThrownBy(() -> parse("{\"budgets\": {\"breaksPerStep\": -1}}", ""))
                .isInstanceOf(ScenarioException.class)
                .hasMessageContaining("$.world.budgets.breaksPerStep").hasMessageContaining("-1")
                .hasMessageContaining("allowed: an integer >= 0");
        assertThatThrownBy(() -> parse("{\"budgets\": {\"breaksPerStep\": 1.5}}", ""))
                .hasMessageContaining("$.world.budgets.breaksPerStep").hasMessageContaining("1.5");
        assertThatThrownBy(() -> parse("{\"budgets\": {\"releaseThrottle\": {\"min\": 9, \"max\": 3}}}", ""))
                .hasMessageContaining("$.world.budgets.releaseThrottle")
                .hasMessageContaining("max = 3 is below min = 9");
        assertThatThrownBy(() -> parse("{\"budgets\": {\"releaseThrottle\": {\"min\": 9}}}", ""))
                .hasMessageContaining("$.world.budgets.releaseThrottle.max").hasMessageContaining("missing");
        assertThatThrownBy(() -> parse("{\"budgets\": {\"breaksPerSteps\": 1}}", ""))
                .hasMessageContaining("$.world.budgets.breaksPerSteps").hasMessageContaining("unknown key");
        assertThatThrownBy(() -> parse("{}", "{\"type\": \"breakBudget\", \"step\": 2}"))
                .hasMessageContaining("$.commands[0].breaksPerStep").hasMessageContaining("missing");
        assertThatThrownBy(() -> parse("{}", "{\"type\": \"levels\", \"collection\": \"wall\", \"maxClusterLevel\": 2}"))
                .hasMessageContaining("$.commands[0].collection").hasMessageContaining("'wall' is not the id");
        assertThatThrownBy(() -> parse("{}", "{\"type\": \"releaseThrottle\", \"min\": -3, \"max\": 4}"))
                .hasMessageContaining("$.commands[0].min").hasMessageContaining("-3 is not allowed");
    }
}
