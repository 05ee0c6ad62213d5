package dev.rubble.authoring.export;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Wavefront OBJ and ASCII PLY of posed pieces. Vertices are written in world space (each piece's
 * local vertices moved by its pose: position x, y, z and unit quaternion x, y, z, w, 7 doubles per
 * piece; null = identity for all), faces as the pieces' polygons, counter-clockwise from outside.
 * OBJ: one {@code o}/{@code g} group per piece named after it; PLY: one face property {@code piece}
 * with the piece's index in the list. Numbers in Java's shortest round-trip form (exact doubles).
 */
public final class ObjPlyWriter {
    private ObjPlyWriter() {
    }

    public static void writeObj(List<PieceMesh> pieces, double[] poses, OutputStream os) throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.US_ASCII));
        w.write("# rubble export: " + pieces.size() + " pieces, metres, faces counter-clockwise from outside\n");
        int base = 1;
        double[] p = new double[3];
        for (int i = 0; i < pieces.size(); i++) {
            PieceMesh m = pieces.get(i);
            w.write("o " + m.name() + "\ng " + m.name() + "\n");
            for (int v = 0; v < m.vertexCount(); v++) {
                posed(m, v, poses, i, p);
                w.write("v " + p[0] + " " + p[1] + " " + p[2] + "\n");
            }
            StringBuilder sb = new StringBuilder();
            for (int f = 0; f < m.faceCount(); f++) {
                sb.setLength(0);
                sb.append('f');
                for (int k = m.faceStart()[f]; k < m.faceStart()[f + 1]; k++) {
                    sb.append(' ').append(base + m.faceIndex()[k]);
                }
                w.write(sb.append('\n').toString());
            }
            base += m.vertexCount();
        }
        w.flush();
    }

    public static void writePly(List<PieceMesh> pieces, double[] poses, OutputStream os) throws IOException {
        Writer w = new BufferedWriter(new OutputStreamWriter(os, StandardCharsets.US_ASCII));
        int nv = 0, nf = 0;
        for (PieceMesh m : pieces) {
            nv += m.vertexCount();
            nf += m.faceCount();
        }
        w.write("ply\nformat ascii 1.0\ncomment rubble export: " + pieces.size() + " pieces, metres\n");
        w.write("element vertex " + nv + "\nproperty double x\nproperty double y\nproperty double z\n");
        w.write("element face " + nf + "\nproperty list uchar int vertex_indices\nproperty int piece\nend_header\n");
        double[] p = new double[3];
        for (int i = 0; i < pieces.size(); i++) {
            PieceMesh m = pieces.get(i);
            for (int v = 0; v < m.vertexCount(); v++) {
                posed(m, v, poses, i, p);
                w.write(p[0] + " " + p[1] + " " + p[2] + "\n");
            }
        }
        int base = 0;
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < pieces.size(); i++) {
            PieceMesh m = pieces.get(i);
            for (int f = 0; f < m.faceCount(); f++) {
                int s = m.faceStart()[f], e = m.faceStart()[f + 1];
                if (e - s > 255) {
                    throw new IllegalArgumentException("piece " + m.name() + " face " + f + " has " + (e - s)
                            + " vertices; PLY faces allow at most 255");
                }
                sb.setLength(0);
                sb.append(e - s);
                for (int k = s; k < e; k++) {
                    sb.append(' ').append(base + m.faceIndex()[k]);
                }
                w.write(sb.append(' ').append(i).append('\n').toString());
            }
            base += m.vertexCount();
        }
        w.flush();
    }

    static void posed(PieceMesh m, int v, double[] poses, int i, double[] out) {
        double x = m.vertices()[3 * v], y = m.vertices()[3 * v + 1], z = m.vertices()[3 * v + 2];
        if (poses == null) {
            out[0] = x;
            out[1] = y;
            out[2] = z;
            return;
        }
        int o = 7 * i;
        double[] r = Meshes.rotate(poses[o + 3], poses[o + 4], poses[o + 5], poses[o + 6], x, y, z);
        out[0] = poses[o] + r[0];
        out[1] = poses[o + 1] + r[1];
        out[2] = poses[o + 2] + r[2];
    }
}
