package dev.rubble.tui;

import com.googlecode.lanterna.graphics.TextGraphics;
import dev.rubble.spi.render.CellCanvas;

/** A rectangle of a Lanterna {@link TextGraphics} as a renderer's {@link CellCanvas}. */
final class TextCells implements CellCanvas {
    private final TextGraphics g;
    private final int x0;
    private final int y0;
    private final int columns;
    private final int rows;

    TextCells(TextGraphics g, int x0, int y0, int columns, int rows) {
        this.g = g;
        this.x0 = x0;
        this.y0 = y0;
        this.columns = columns;
        this.rows = rows;
    }

    @Override
    public int columns() {
        return columns;
    }

    @Override
    public int rows() {
        return rows;
    }

    @Override
    public char get(int column, int row) {
        return g.getCharacter(x0 + column, y0 + row).getCharacter();
    }

    @Override
    public void set(int column, int row, char c) {
        if (column >= 0 && column < columns && row >= 0 && row < rows) {
            g.setCharacter(x0 + column, y0 + row, c);
        }
    }
}
