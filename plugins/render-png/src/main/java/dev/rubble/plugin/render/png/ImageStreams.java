package dev.rubble.plugin.render.png;

import java.awt.image.RenderedImage;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Iterator;
import javax.imageio.ImageIO;
import javax.imageio.ImageWriter;
import javax.imageio.stream.ImageOutputStream;
import javax.imageio.stream.MemoryCacheImageOutputStream;

/**
 * Image output streams over an {@link OutputStream} with an in-memory cache. {@code ImageIO.write(img, "png", out)}
 * and {@code ImageIO.createImageOutputStream(out)} cache through a temporary file and register the stream with the
 * JDK's {@code StreamCloser} shutdown hook; when a write failed on a full disk (fuzz13), closing that stream failed
 * half way and the hook then threw at exit, printing a {@code NullPointerException} trace from
 * {@code FileCacheImageOutputStream.close} after Rubble's own one-line error. A memory cache has no temporary file and
 * no hook; the bytes are the same.
 */
final class ImageStreams {
    private ImageStreams() {
    }

    /** An image output stream writing to {@code out} (closing it does not close {@code out}). */
    static ImageOutputStream over(OutputStream out) {
        return new MemoryCacheImageOutputStream(out);
    }

    /** The JDK's writer for {@code format} ("png", "gif"). */
    static ImageWriter writer(String format) {
        Iterator<ImageWriter> it = ImageIO.getImageWritersByFormatName(format);
        if (!it.hasNext()) {
            throw new IllegalStateException("this Java runtime has no " + format.toUpperCase(java.util.Locale.ROOT)
                    + " image writer");
        }
        return it.next();
    }

    /** Writes {@code img} to {@code out} as a PNG, as {@code ImageIO.write(img, "png", out)} does. */
    static void png(RenderedImage img, OutputStream out) throws IOException {
        ImageWriter w = writer("png");
        try (ImageOutputStream ios = over(out)) {
            w.setOutput(ios);
            w.write(img);
        } finally {
            w.dispose();
        }
    }
}
