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
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
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

    /**
     * An intact wall of 4 x 3 one-metre pieces, x from -2 to 2 and y from 0 to 3 (children in row order, the
     * bottom row first), kinematic, drawn as one compound drawable.
     */
    private static FrameBuffer wall(boolean[] parts) {
        List<Compound.Child> pieces = new ArrayList<>();
        for (int r = 0; r < 3; r++) {
            for (int c = 0; c < 4; c++) {
                pieces.add(new Compound.Child(new Box(0.5, 0.5, 0.5), c - 1.5, r + 0.5, 0, 0, 0, 0, 1));
            }
        }
        FrameBuffer f = new FrameBuffer();
        f.clear(0, 0, 0);
        f.add(new Compound(pieces), 0, 0, 0, 0, 0, 0, 1, RenderFrame.KINEMATIC, 0);
        f.setDestruction(0, 0, true, 0, 1);
        f.setAnchoredParts(0, parts);
        return f;
    }

    @Test
    void aWallAnchoredAlongItsBottomRowShowsTheMarkOnlyOnThatRowsCells() {
        boolean[] parts = new boolean[12];
        for (int c = 0; c < 4; c++) {
            parts[c] = true; // the bottom row
        }
        CellGrid g = CellCanvas.grid(21, 9);
        // 0.5 m per column, 1 m per row; centre column 10 at x = 0, centre row 4 at y = 1.5
        console().render(wall(parts), RenderView.cells(false, 0, 1.5, 0.5), g);
        // column(u) = 10 + floor(2u + 0.5): the wall covers columns column(-2) = 6 .. column(2) = 14;
        // row(v) = 4 - floor(v - 1.5 + 0.5): rows row(3) = 2 .. row(0) = 5, centred at y = 3.5, 2.5, 1.5, 0.5.
        // Each cell goes to the piece nearest its centre: row 5's centres (y = 0.5) lie in the bottom, anchored row
        // of pieces, rows 3 and 4 in the free rows above, row 2's (y = 3.5, just above the wall) nearest the top row.
        assertThat(g.row(2)).isEqualTo("      kkkkkkkkk      ");
        assertThat(g.row(3)).isEqualTo("      kkkkkkkkk      ");
        assertThat(g.row(4)).isEqualTo("      kkkkkkkkk      ");
        assertThat(g.row(5)).isEqualTo("      =========      ");
        assertThat(g.row(1)).isBlank();
        assertThat(g.row(6)).isBlank();
    }

    @Test
    void aWhollyAnchoredBodyIsMarkedAllOverAndOneAnchoredPieceOnlyWhereItIs() {
        CellGrid g = CellCanvas.grid(21, 9);
        // centre column 10 at x = 0.25: column centres at x = 0.25 + k/2 lie on no seam between pieces;
        // column(u) = 10 + floor(2 (u - 0.25) + 0.5): the wall covers columns 6 .. 14 again, rows 2 .. 5
        RenderView view = RenderView.cells(false, 0.25, 1.5, 0.5);
        console().render(wall(null), view, g); // no parts: all of it anchored
        for (int r = 2; r <= 5; r++) {
            assertThat(g.row(r)).isEqualTo("      =========      ");
        }
        // only the top-right piece (x 1..2, y 2..3): the cells nearest it are columns 12 .. 14 (centres x = 1.25,
        // 1.75, 2.25) of rows 2 and 3 (centres y = 3.5, 2.5)
        boolean[] parts = new boolean[12];
        parts[11] = true;
        console().render(wall(parts), view, g);
        assertThat(g.row(2)).isEqualTo("      kkkkkk===      ");
        assertThat(g.row(3)).isEqualTo("      kkkkkk===      ");
        assertThat(g.row(4)).isEqualTo("      kkkkkkkkk      ");
        assertThat(g.row(5)).isEqualTo("      kkkkkkkkk      ");
    }
}
