package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.googlecode.lanterna.TerminalSize;
import com.googlecode.lanterna.input.KeyStroke;
import com.googlecode.lanterna.input.KeyType;
import com.googlecode.lanterna.screen.TerminalScreen;
import com.googlecode.lanterna.terminal.virtual.DefaultVirtualTerminal;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.cache.playback.Playback;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

final class ConsoleControllerTest {

    private static KeyStroke key(char c) {
        return new KeyStroke(c, false, false);
    }

    @Test
    void theLoopPausesStepsChangesSpeedAndQuitsOnKeys() throws IOException {
        LiveSession s = ConsoleRendererTest.session();
        DefaultVirtualTerminal vt = new DefaultVirtualTerminal(new TerminalSize(100, 30));
        for (KeyStroke k : new KeyStroke[] {key(' '), key('n'), key('n'), key('+'), key('q')}) {
            vt.addInput(k);
        }
        TerminalScreen screen = new TerminalScreen(vt);
        screen.startScreen();
        ConsoleState st = new ConsoleState();
        ConsoleApp.loop(screen, s, st);
        assertThat(st.quit).isTrue();
        assertThat(st.paused).isTrue();
        assertThat(s.world().stepIndex()).isEqualTo(2); // paused before any timed step; two single steps
        assertThat(s.speed()).isEqualTo(2);
        assertThat(ConsoleRendererTest.rowText(vt, 0)).contains("step 2 ", "speed x2", "PAUSED");
    }

    @Test
    void speedIsClampedAndUnpausingResumes() {
        LiveSession s = ConsoleRendererTest.session();
        ConsoleState st = new ConsoleState();
        for (int i = 0; i < 10; i++) {
            ConsoleController.handle(key('-'), s, st);
        }
        assertThat(s.speed()).isEqualTo(ConsoleState.MIN_SPEED);
        for (int i = 0; i < 20; i++) {
            ConsoleController.handle(key('+'), s, st);
        }
        assertThat(s.speed()).isEqualTo(ConsoleState.MAX_SPEED);
        ConsoleController.handle(key(' '), s, st);
        ConsoleController.handle(key(' '), s, st);
        assertThat(st.paused).isFalse();
        ConsoleController.handle(new KeyStroke(KeyType.ArrowUp), s, st);
        ConsoleController.handle(new KeyStroke(KeyType.ArrowRight), s, st);
        assertThat(st.viewX).isEqualTo(4);
        assertThat(st.viewY).isEqualTo(4);
        assertThat(st.status).isEqualTo("view centre 4.0, 4.0");
    }

    @Test
    void impulseKeyPushesBodiesNearTheViewCentreAwayAndUp() {
        LiveSession s = ConsoleRendererTest.session();
        ConsoleState st = new ConsoleState();
        st.viewX = -1; // the ball at (0, 1) is 1 m to the right of the centre (-1, 1)
        st.viewY = 1;
        ConsoleController.handle(key('i'), s, st);
        assertThat(st.status).endsWith(": 1 bodies");
        s.step();
        BodyStore b = s.world().bodies();
        int ball = b.slot(s.world().findByLabel("ball"));
        double dv = ConsoleController.IMPULSE_DV;
        assertThat(b.vx[ball]).isCloseTo(dv, within(1e-12));
        assertThat(b.vy[ball]).isCloseTo(dv - 9.81 / 60, within(1e-12));
        assertThat(s.world().appliedCommands()).hasSize(1); // journalled like any command
    }

    @Test
    void releaseKeyReleasesTheBodiesUnderTheViewCentreOnlyDuringReplay(@TempDir Path dir) {
        LiveSession live = ConsoleRendererTest.session();
        ConsoleState st = new ConsoleState();
        st.viewY = 1;
        ConsoleController.handle(key('r'), live, st);
        assertThat(st.status).isEqualTo("release works during replay only");

        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(ConsoleRendererTest.SCENE), ConsoleRendererTest.STAGES);
        try (JournalWriter jw = JournalWriter.create(dir, sw.world(), "scene", ConsoleRendererTest.SCENE)) {
            sw.world().addObserver(jw);
            sw.run(30);
        }
        try (Playback pb = Playback.open(dir, ConsoleRendererTest.STAGES)) {
            ReplaySession rs = new ReplaySession(pb, dir);
            rs.step();
            ConsoleController.handle(key('r'), rs, st);
            assertThat(st.status).isEqualTo("released 1 bodies to live simulation");
            int ball = pb.world().bodies().slot(pb.world().findByLabel("ball"));
            assertThat(pb.world().bodies().motion(ball)).isEqualTo(MotionType.DYNAMIC);
            assertThat(rs.driven(ball)).isFalse();
        }
    }

    @Test
    void quitOnEndOfInput() {
        ConsoleState st = new ConsoleState();
        ConsoleController.handle(new KeyStroke(KeyType.EOF), ConsoleRendererTest.session(), st);
        assertThat(st.quit).isTrue();
    }
}
