package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 9: quitting the console with q prints a summary line (after the terminal is
 * restored): where it stopped, how many steps this session made, bodies and the state hash.
 */
final class ConsoleQuitSummaryTest {

    @Test
    void quittingSaysWhereItStoppedWhatRanAndTheStateHash() throws IOException {
        LiveSession s = ConsoleRendererTest.session();
        s.step(); // a step before the console starts: not counted as this session's
        long first = s.world().stepIndex();
        DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(100, 30));
        for (char c : new char[] {' ', 'n', 'n', 'n', 'q'}) {
            vt.addInput(new KeyStroke(c, false, false));
        }
        TerminalScreen screen = new TerminalScreen(vt);
        screen.startScreen();
        ConsoleState st = new ConsoleState();
        ConsoleApp.loop(screen, s, st);
        String line = ConsoleApp.summary(s, st, first, 2_500_000_000L);
        assertThat(line).startsWith("rubble: console quit at step 4 (0.067 s simulated) after 3 steps in 2.5 s; ")
                .contains(s.world().bodies().size() + " bodies")
                .endsWith(String.format("state hash %016x", s.world().stateHash()))
                .doesNotContain("journal").doesNotContain("breaks");
        assertThat(line.lines().count()).isEqualTo(1);
    }
}
