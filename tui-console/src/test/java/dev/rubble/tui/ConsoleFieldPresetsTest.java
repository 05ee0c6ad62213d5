package dev.rubble.tui;

import static org.assertj.core.api.Assertions.assertThat;

import com.googlecode.lanterna.input.KeyStroke;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.scenario.ScenarioLoader;
import dev.rubble.scenario.ScenarioWorld;
import org.junit.jupiter.api.Test;

/** The f key cycles through the field presets at the cursor (issue 24; docs/console.md). */
final class ConsoleFieldPresetsTest {
    private static final String BALL = """
            {"format": "rubble-scenario/1", "world": {"gravity": [0, 0, 0]},
             "bodies": [{"id": "ball", "shape": {"type": "sphere", "radius": 0.3}, "position": [0.5, 1, 0]}]}""";

    @Test
    void presetsCycleAndActAtTheCursor() {
        ScenarioWorld sw = ScenarioWorld.create(ScenarioLoader.parse(BALL), ConsoleRendererTest.STAGES);
        LiveSession s = new LiveSession(sw, null, Long.MAX_VALUE);
        ConsoleState st = new ConsoleState();
        st.viewX = 0;
        st.viewY = 1;
        st.toolRadius = 2;
        BodyStore b = sw.world().bodies();
        int ball = b.slot(sw.world().findByLabel("ball"));

        ConsoleController.handle(new KeyStroke('f', false, false), s, st); // shatter: no collection, nothing moves
        assertThat(st.status).startsWith("field shatter at 0.0, 1.0, 0.0 (r 2 m); next f: vortex");
        st.stats.step(s);
        assertThat(b.vx[ball]).isZero();

        ConsoleController.handle(new KeyStroke('f', false, false), s, st); // vortex about +y through the cursor
        st.stats.step(s);
        // radial (+x) turned 90° about +y is -z; linear falloff: 8 (1 - 0.5/2) = 6 m/s
        assertThat(b.vz[ball]).isLessThan(-5.9);

        ConsoleController.handle(new KeyStroke('f', false, false), s, st); // lift
        st.stats.step(s);
        assertThat(b.vy[ball]).isGreaterThan(0);

        ConsoleController.handle(new KeyStroke('f', false, false), s, st); // freeze
        st.stats.step(s);
        assertThat(b.motion(ball)).isEqualTo(MotionType.KINEMATIC);

        ConsoleController.handle(new KeyStroke('f', false, false), s, st); // kill
        st.stats.step(s);
        assertThat(b.state(ball)).isEqualTo(BodyState.DISABLED);
        assertThat(st.fieldPreset).isZero();
    }
}
