package dev.rubble.plugin.render.console;

import static org.assertj.core.api.Assertions.assertThat;

import dev.rubble.spi.StageConfig;
import dev.rubble.spi.render.CellCanvas;
import dev.rubble.spi.render.CellGrid;
import dev.rubble.spi.render.FrameBuffer;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import dev.rubble.spi.render.Renderer;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.junit.jupiter.api.Test;

final class CellViewRendererTest {
    static Renderer console() {
        return new ConsoleRenderPlugin().renderers().iterator().next().create(StageConfig.empty());
    }

    @Test
    void aSideViewFillsTheCellsOfEachBodysBoundsWithItsStateOnTopOfStatics() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        // drawn last in the frame but first on screen: the static floor, x in [-5, 5], y in [-1, 0]
        f.add(new Sphere(0.5), 0, 2, 0, 0, 0, 0, 1, RenderFrame.KINEMATIC, 0);
        f.add(new Box(5, 0.5, 5), 0, -0.5, 0, 0, 0, 0, 1, RenderFrame.STATIC, 1);
        f.add(new Box(1, 0.5, 1), 0, 0, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 2); // overlaps the floor's top row
        CellGrid g = CellCanvas.grid(21, 9);
        console().render(f, RenderView.cells(false, 0, 0, 1), g);
        // 1 m per column, 2 m per row; centre column 10, centre row 4 (y = 0)
        // column(u) = 10 + floor(u + 0.5); row(v) = 4 - floor(v / 2 + 0.5)
        // floor: columns 10-5=5 .. 15, rows row(0)=4 .. row(-1)=4 -> just row 4
        // box: columns 9..11, rows row(0.5)=4 .. row(-0.5)=4; sphere: columns 10+floor(0)=10 .. 10+floor(1)=11,
        //      rows row(2.5) = 4 - floor(1.75) = 3 .. row(1.5) = 4 - floor(1.25) = 3
        assertThat(g.row(4)).isEqualTo("     ####ooo####     ");
        assertThat(g.row(3)).isEqualTo("          kk         ");
        assertThat(g.row(2)).isBlank();
        assertThat(g.row(5)).isBlank();
    }

    @Test
    void aPieceBeingRemovedCoversItsBoundsShrunkByItsRemovalScale() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        // a box x in [-4, 4], y in [-1, 1] at full size; at scale 0.25 x in [-1, 1], y in [-0.25, 0.25]
        f.add(new Box(4, 1, 1), 0, 0, 0, 0, 0, 0, 1, RenderFrame.AWAKE, 0);
        CellGrid g = CellCanvas.grid(21, 9);
        console().render(f, RenderView.cells(false, 0, 0, 1), g);
        // columns 10 + floor(u + 0.5): -4 -> 6 .. 4 -> 14
        assertThat(g.row(4)).isEqualTo("      ooooooooo      ");
        f.setDestruction(0, 1, false, 0, 0.25);
        console().render(f, RenderView.cells(false, 0, 0, 1), g);
        // -1 -> 9 .. 1 -> 11
        assertThat(g.row(4)).isEqualTo("         ooo         ");
    }

    @Test
    void anEmptyCentreShowsAPlusAndTheTopViewUsesXz() {
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        f.add(new Sphere(0.4), 0, 0, 4, 0, 0, 0, 1, RenderFrame.SLEEPING, 0);
        CellGrid g = CellCanvas.grid(11, 5);
        console().render(f, RenderView.cells(true, 0, 0, 1), g);
        assertThat(g.get(5, 2)).isEqualTo('+');
        // z = 4 is two rows up (2 m per row): row 0, column 5
        assertThat(g.row(0)).isEqualTo("     z     ");
    }
}
