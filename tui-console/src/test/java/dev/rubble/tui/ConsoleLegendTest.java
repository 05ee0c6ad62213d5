package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * Issue 28, item 6: the console explains its view letters: while no status message is showing, the
 * status row is the legend of the view's glyphs (cut to whole entries on narrow terminals).
 */
final class ConsoleLegendTest {

    @Test
    void theStatusRowExplainsTheViewLettersUntilAMessageReplacesIt() throws IOException {
        LiveSession s = ConsoleRendererTest.session();
        DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(120, 30));
        TerminalScreen screen = new TerminalScreen(vt);
        screen.startScreen();
        ConsoleState st = new ConsoleState();
        ConsoleRenderer.render(screen.newTextGraphics(), new TerminalSize(120, 30), s, st);
        screen.refresh();
        String all = "";
        for (int r = 0; r < 30; r++) {
            all += ConsoleRendererTest.rowText(vt, r) + "\n";
        }
        assertThat(all).contains("view: # static  o awake  z sleeping  k kinematic  = anchored  @ released  + centre  X cursor");
        st.status = "paused";
        ConsoleRenderer.render(screen.newTextGraphics(), new TerminalSize(120, 30), s, st);
        screen.refresh();
        all = "";
        for (int r = 0; r < 30; r++) {
            all += ConsoleRendererTest.rowText(vt, r) + "\n";
        }
        assertThat(all).doesNotContain("view: #").contains("paused");
        assertThat(ConsoleRenderer.legend(40)).isEqualTo("view: # static  o awake  z sleeping");
        assertThat(ConsoleRenderer.legend(3)).isEmpty();
    }
}
