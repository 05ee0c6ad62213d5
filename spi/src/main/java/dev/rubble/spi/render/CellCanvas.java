package dev.rubble.spi.render;

/**
 * A rectangle of character cells, column 0 / row 0 at the top left. Cells are twice as tall as
 * they are wide (a renderer that keeps proportions uses 2 columns per row of the same length).
 * Implementations may be a terminal's text graphics; access is single threaded.
 */
public interface CellCanvas {

    /** Width in cells, ≥ 0. */
    int columns();

    /** Height in cells, ≥ 0. */
    int rows();

    /** The character at a cell inside the canvas. */
    char get(int column, int row);

    /** Sets a cell inside the canvas; cells outside are ignored. */
    void set(int column, int row, char c);

    /** A canvas over a plain array, filled with spaces (tests, text output). */
    static CellGrid grid(int columns, int rows) {
        return new CellGrid(columns, rows);
    }
}
