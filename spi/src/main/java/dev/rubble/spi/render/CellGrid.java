package dev.rubble.spi.render;

import java.util.Arrays;

/** A {@link CellCanvas} over a {@code char[]}, row major; starts filled with spaces. */
public final class CellGrid implements CellCanvas {
    private final int columns;
    private final int rows;
    private final char[] cells;

    /**
     * A grid of the given size filled with spaces.
     * @param columns the width in cells, ≥ 0
     * @param rows the height in cells, ≥ 0
     * @throws IllegalArgumentException when a size is negative
     */
    public CellGrid(int columns, int rows) {
        if (columns < 0 || rows < 0) {
            throw new IllegalArgumentException("cell grid size = " + columns + "x" + rows + "; allowed: >= 0");
        }
        this.columns = columns;
        this.rows = rows;
        this.cells = new char[columns * rows];
        Arrays.fill(cells, ' ');
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
        return cells[row * columns + column];
    }

    @Override
    public void set(int column, int row, char c) {
        if (column >= 0 && column < columns && row >= 0 && row < rows) {
            cells[row * columns + column] = c;
        }
    }

    /**
     * Row {@code row} as a string.
     * @param row the row, 0 at the top, 0 ≤ row &lt; {@link #rows()}
     * @return that row's characters, exactly {@link #columns()} of them (trailing spaces kept)
     */
    public String row(int row) {
        return new String(cells, row * columns, columns);
    }
}
