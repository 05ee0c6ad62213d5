package dev.rubble.spi.render;

import java.io.IOException;

/** A file output in progress: frames in order, then {@link #finish()}. Single threaded. */
public interface FrameWriter {

    /**
     * Draws and adds the next frame. The frame is read during the call only.
     *
     * @throws IllegalStateException when more frames are added than were announced
     * @param frame the frame to draw
     * @param view the camera
     * @throws IOException when the output stream fails
     */
    void add(RenderFrame frame, RenderView view) throws IOException;

    /**
     * Writes what is still buffered (a sheet is written here, an animation's trailer).
     *
     * @throws IllegalStateException when fewer frames were added than were announced
     * @throws IOException when the output stream fails
     */
    void finish() throws IOException;
}
