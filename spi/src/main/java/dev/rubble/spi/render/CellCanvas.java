package dev.rubble.spi.render;

/**
 * A rectangle of character cells, column 0 / row 0 at the top left. Cells are twice as tall as
 * they are wide (a renderer that keeps proportions uses 2 columns per row of the same length).
 * Implementations may be a terminal's text graphics; access is single threaded.
 */
public interface CellCanvas {

    /**
     * Width in cells, ≥ 0.
     * @return the number of columns
     */
    int columns();

    /**
     * Height in cells, ≥ 0.
     * @return the number of rows
     */
    int rows();

    /**
     * The character at a cell inside the canvas.
     * @param column the column, 0 ≤ column &lt; {@link #columns()}
     * @param row the row, 0 ≤ row &lt; {@link #rows()} (row 0 is the top)
     * @return the character stored there
     */
    char get(int column, int row);

    /**
     * Sets a cell inside the canvas; cells outside are ignored.
     * @param column the column; outside 0 ≤ column &lt; {@link #columns()} the call does nothing
     * @param row the row, 0 at the top; outside the canvas the call does nothing
     * @param c the character to store
     */
    void set(int column, int row, char c);

    /**
     * A canvas over a plain array, filled with spaces (tests, text output).
     * @param columns the width in cells, ≥ 0
     * @param rows the height in cells, ≥ 0
     * @return a new canvas of that size filled with spaces
     */
    static CellGrid grid(int columns, int rows) {
        return new CellGrid(columns, rows);
    }
}
