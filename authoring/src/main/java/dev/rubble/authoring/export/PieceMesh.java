package dev.rubble.authoring.export;

import java.util.Objects;

/**
 * One piece to export: a closed polygon mesh in the piece's own frame.
 *
 * @param name       group / node name, e.g. {@code piece_12}
 * @param piece      stable id (collection node or body slot), for colours
 * @param level      fracture level (0 when unknown)
 * @param vertices   x, y, z per vertex, metres (owned by this record, not copied)
 * @param faceStart  face {@code f} uses {@code faceIndex[faceStart[f] .. faceStart[f+1]-1]}, counter-clockwise
 *                   seen from outside
 * @param faceIndex  vertex indices of every face
 */
public record PieceMesh(String name, int piece, int level, double[] vertices, int[] faceStart, int[] faceIndex) {
    public PieceMesh {
        Objects.requireNonNull(name, "name is null");
        if (vertices.length % 3 != 0 || faceStart.length < 1 || faceStart[faceStart.length - 1] != faceIndex.length) {
            throw new IllegalArgumentException("piece mesh '" + name + "' is malformed");
        }
    }

    public int vertexCount() {
        return vertices.length / 3;
    }

    public int faceCount() {
        return faceStart.length - 1;
    }

    /** Triangles of the faces (fans), 3 indices each. */
    public int[] triangles() {
        int n = 0;
        for (int f = 0; f < faceCount(); f++) {
            n += Math.max(0, faceStart[f + 1] - faceStart[f] - 2);
        }
        int[] t = new int[3 * n];
        int k = 0;
        for (int f = 0; f < faceCount(); f++) {
            int s = faceStart[f];
            for (int j = s + 1; j + 1 < faceStart[f + 1]; j++) {
                t[k++] = faceIndex[s];
                t[k++] = faceIndex[j];
                t[k++] = faceIndex[j + 1];
            }
        }
        return t;
    }

    /** Enclosed volume, m³ (divergence theorem over the face fans). */
    public double volume() {
        int[] t = triangles();
        double v = 0;
        for (int i = 0; i < t.length; i += 3) {
            int a = 3 * t[i], b = 3 * t[i + 1], c = 3 * t[i + 2];
            double[] p = vertices;
            v += p[a] * (p[b + 1] * p[c + 2] - p[b + 2] * p[c + 1]) - p[a + 1] * (p[b] * p[c + 2] - p[b + 2] * p[c])
                    + p[a + 2] * (p[b] * p[c + 1] - p[b + 1] * p[c]);
        }
        return v / 6;
    }
}
