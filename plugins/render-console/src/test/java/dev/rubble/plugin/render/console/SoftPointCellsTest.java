package dev.rubble.plugin.render.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.render.CellCanvas;
import dev.rubble.spi.render.CellGrid;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.shape.Box;
import org.junit.jupiter.api.Test;

final class SoftPointCellsTest {

    @Test
    void softControlPointsAreTildesInTheirCellsOverTheRigidBodies() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        f.add(new Box(5, 0.5, 5), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 0);
        // a column of points at x = -3 from y = 0 to 4, one at x = 2.4, y = 0.2 (over the floor), one off screen
        double[] p = {-3, 0, 0, -3, 2, 0, -3, 4, 0, 2.4, 0.2, 1, 50, 0, 0};
        f.addSoftPoints(p, 0, 5);
        CellGrid g = CellCanvas.grid(21, 9);
        CellViewRendererTest.console().render(f, RenderView.cells(false, 0, 0, 1), g);
        // column(u) = 10 + floor(u + 0.5); row(v) = 4 - floor(v / 2 + 0.5) (1 m per column, 2 m per row)
        // (-3, 0) -> (7, 4); (-3, 2) -> (7, 3); (-3, 4) -> (7, 2); (2.4, 0.2) -> (12, 4), over the floor's '#'
        assertThat(g.row(4)).isEqualTo("     ##~####~###     ");
        assertThat(g.row(3)).isEqualTo("       ~             ");
        assertThat(g.row(2)).isEqualTo("       ~             ");
        // the top view uses z: (2.4, z = 1) -> row 4 - floor(0.5 + 0.5) = 3
        CellGrid top = CellCanvas.grid(21, 9);
        CellViewRendererTest.console().render(f, RenderView.cells(true, 0, 0, 1), top);
        assertThat(top.get(12, 3)).isEqualTo('~');
        assertThat(top.get(7, 4)).isEqualTo('~');
    }
}
