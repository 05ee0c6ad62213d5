package dev.rubble.plugin.render.png;

import dev.rubble.spi.render.FrameWriter;
import dev.rubble.spi.render.RenderFrame;
import dev.rubble.spi.render.RenderView;
import java.awt.image.BufferedImage;
import java.awt.image.DataBufferByte;
import java.awt.image.DataBufferInt;
import java.awt.image.IndexColorModel;
import java.io.IOException;
import java.io.OutputStream;
import javax.imageio.IIOImage;
import javax.imageio.ImageTypeSpecifier;
import javax.imageio.ImageWriter;
import javax.imageio.metadata.IIOMetadata;
import javax.imageio.metadata.IIOMetadataNode;
import javax.imageio.stream.ImageOutputStream;

/**
 * An animated GIF through the JDK's ImageIO GIF writer: every frame drawn in RGB, mapped to a fixed
 * 252-colour palette (6 red × 7 green × 6 blue levels) with 4×4 ordered dithering (deterministic:
 * the same frames give the same bytes), written with a frame delay and a loop-forever extension.
 * Frames are streamed: memory stays one RGB and one indexed image.
 */
final class GifWriter implements FrameWriter {
    private static final int R = 6, G = 7, B = 6;
    private static final IndexColorModel PALETTE;

    static {
        byte[] r = new byte[256], g = new byte[256], b = new byte[256];
        for (int i = 0; i < R * G * B; i++) {
            r[i] = (byte) Math.round((i / (G * B)) * 255.0 / (R - 1));
            g[i] = (byte) Math.round(((i / B) % G) * 255.0 / (G - 1));
            b[i] = (byte) Math.round((i % B) * 255.0 / (B - 1));
        }
        PALETTE = new IndexColorModel(8, 256, r, g, b);
    }

    private final PixelRenderer renderer;
    private final ImageOutputStream ios;
    private final ImageWriter writer;
    private final BufferedImage rgb;
    private final BufferedImage indexed;
    private final int frames;
    private final int delayCentis;
    private int added;
    private IIOMetadata firstMeta, nextMeta;

    GifWriter(PixelRenderer renderer, OutputStream out, int frames, int width, int height, int delayMillis) {
        this.renderer = renderer;
        this.frames = frames;
        this.delayCentis = Math.max(1, Math.round(delayMillis / 10f));
        this.rgb = PixelRenderer.rgb(width, height);
        this.indexed = new BufferedImage(width, height, BufferedImage.TYPE_BYTE_INDEXED, PALETTE);
        this.writer = ImageStreams.writer("gif");
        try {
            this.ios = ImageStreams.over(out);
            writer.setOutput(ios);
            writer.prepareWriteSequence(null);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Override
    public void add(RenderFrame frame, RenderView view) throws IOException {
        if (added >= frames) {
            throw new IllegalStateException("frame " + (added + 1) + " added; the output was opened for " + frames);
        }
        renderer.drawInto(rgb, frame, view);
        int[] src = ((DataBufferInt) rgb.getRaster().getDataBuffer()).getData();
        byte[] dst = ((DataBufferByte) indexed.getRaster().getDataBuffer()).getData();
        int w = rgb.getWidth(), h = rgb.getHeight();
        for (int y = 0, i = 0; y < h; y++) {
            for (int x = 0; x < w; x++, i++) {
                dst[i] = (byte) index(src[i], BAYER[(y & 3) * 4 + (x & 3)]);
            }
        }
        if (firstMeta == null) {
            firstMeta = metadata(true);
            nextMeta = metadata(false);
        }
        writer.writeToSequence(new IIOImage(indexed, null, added == 0 ? firstMeta : nextMeta), null);
        // hand the frame's bytes to the output now: the GIF writer never flushes, so the memory cache would hold the
        // whole animation until the end (a frame is never written to again)
        ios.flushBefore(ios.getStreamPosition());
        added++;
    }

    /** 4×4 ordered-dither thresholds, in 1/16 of a palette step, centred: (m + 0.5) / 16 scaled by 255·16. */
    private static final int[] BAYER = {0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5};

    /**
     * Palette index of an RGB colour at a pixel with Bayer entry {@code m}: per channel the level
     * {@code floor(v (L-1) / 255 + (m + 0.5) / 16)}, so a 4×4 block averages to the colour within a
     * sixteenth of a level (flat colours between levels and shading gradients keep their tone).
     */
    static int index(int c, int m) {
        int t = 255 * (2 * m + 1) / 32; // (m + 0.5) / 16 of 255
        int r = Math.min(R - 1, (((c >> 16) & 255) * (R - 1) + t) / 255);
        int g = Math.min(G - 1, (((c >> 8) & 255) * (G - 1) + t) / 255);
        int b = Math.min(B - 1, ((c & 255) * (B - 1) + t) / 255);
        return r * G * B + g * B + b;
    }

    private IIOMetadata metadata(boolean first) throws IOException {
        IIOMetadata m = writer.getDefaultImageMetadata(ImageTypeSpecifier.createFromRenderedImage(indexed), null);
        String f = m.getNativeMetadataFormatName();
        IIOMetadataNode root = (IIOMetadataNode) m.getAsTree(f);
        IIOMetadataNode gce = child(root, "GraphicControlExtension");
        gce.setAttribute("disposalMethod", "none");
        gce.setAttribute("userInputFlag", "FALSE");
        gce.setAttribute("transparentColorFlag", "FALSE");
        gce.setAttribute("delayTime", Integer.toString(delayCentis));
        gce.setAttribute("transparentColorIndex", "0");
        // the default metadata carries a generic local colour table, not the image's: write ours
        IIOMetadataNode table = child(root, "LocalColorTable");
        while (table.getLength() > 0) {
            table.removeChild(table.getFirstChild());
        }
        table.setAttribute("sizeOfLocalColorTable", "256");
        table.setAttribute("sortFlag", "FALSE");
        for (int i = 0; i < 256; i++) {
            IIOMetadataNode e = new IIOMetadataNode("ColorTableEntry");
            e.setAttribute("index", Integer.toString(i));
            e.setAttribute("red", Integer.toString(PALETTE.getRed(i)));
            e.setAttribute("green", Integer.toString(PALETTE.getGreen(i)));
            e.setAttribute("blue", Integer.toString(PALETTE.getBlue(i)));
            table.appendChild(e);
        }
        if (first) {
            IIOMetadataNode apps = child(root, "ApplicationExtensions");
            IIOMetadataNode app = new IIOMetadataNode("ApplicationExtension");
            app.setAttribute("applicationID", "NETSCAPE");
            app.setAttribute("authenticationCode", "2.0");
            app.setUserObject(new byte[] {1, 0, 0}); // loop forever
            apps.appendChild(app);
        }
        m.setFromTree(f, root);
        return m;
    }

    private static IIOMetadataNode child(IIOMetadataNode root, String name) {
        for (int i = 0; i < root.getLength(); i++) {
            if (root.item(i).getNodeName().equalsIgnoreCase(name)) {
                return (IIOMetadataNode) root.item(i);
            }
        }
        IIOMetadataNode n = new IIOMetadataNode(name);
        root.appendChild(n);
        return n;
    }

    @Override
    public void finish() throws IOException {
        if (added != frames) {
            throw new IllegalStateException(added + " frames added; the output was opened for " + frames);
        }
        writer.endWriteSequence();
        ios.flush();
        ios.close();
        writer.dispose();
    }
}
