package dev.rubble.authoring.mesh;

import java.util.ArrayList;
import java.util.List;

/**
 * The planar cutter (Chaos's "planar" fracture with noise; reference:
 * chaos-large-scale-destruction, fracture tools): every plane splits every piece it crosses
 * ({@link PlaneSplitter}), so neighbours on either side of a cut share its surface exactly, flat
 * or noisy. Planes are given or drawn at random (seeded) through points inside the mesh.
 */
public final class MeshCutter {
    private MeshCutter() {
    }

    /**
     * Cuts {@code m} by {@code planes} ({@code nx, ny, nz, d} each, {@code n·x = d}; normals are
     * normalised) in order; returns the pieces (connected components), deterministic order.
     *
     * @param grout gap width, metres (≥ 0): each side of every cut loses half of it
     */
    public static List<TriMesh> planes(TriMesh m, double[] planes, MeshNoise noise, double grout) {
        if (planes.length % 4 != 0) {
            throw new IllegalArgumentException("planes.length = " + planes.length + "; allowed: a multiple of 4");
        }
        List<TriMesh> pieces = new ArrayList<>();
        pieces.add(m);
        for (int p = 0; p < planes.length; p += 4) {
            double nx = planes[p], ny = planes[p + 1], nz = planes[p + 2], d = planes[p + 3];
            double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
            if (!(len > 0) || !Double.isFinite(len) || !Double.isFinite(d)) {
                throw new IllegalArgumentException("plane " + p / 4 + " = (" + nx + ", " + ny + ", " + nz + ", " + d
                        + "); allowed: a finite non-zero normal and a finite offset");
            }
            nx /= len;
            ny /= len;
            nz /= len;
            d /= len;
            List<TriMesh> next = new ArrayList<>();
            for (TriMesh piece : pieces) {
                TriMesh lo, hi;
                if (grout == 0) {
                    TriMesh[] r = PlaneSplitter.split(piece, nx, ny, nz, d, noise);
                    lo = r[0];
                    hi = r[1];
                } else {
                    lo = PlaneSplitter.split(piece, nx, ny, nz, d - 0.5 * grout, noise)[0];
                    hi = PlaneSplitter.split(piece, nx, ny, nz, d + 0.5 * grout, noise)[1];
                }
                if (lo != null) {
                    next.addAll(Components.solids(lo));
                }
                if (hi != null) {
                    next.addAll(Components.solids(hi));
                }
            }
            pieces = next;
        }
        return pieces;
    }

    /**
     * {@code count} planes with uniformly random directions, each through a random point inside
     * {@code m} (seeded), packed {@code nx, ny, nz, d}.
     */
    public static double[] randomPlanes(TriMesh m, int count, long seed) {
        double[] through = MeshFracture.sampleInside(m, count, seed);
        double[] out = new double[4 * count];
        long s = seed ^ 0x706C616E6573L;
        for (int i = 0; i < count; i++) {
            double x, y, z, l2;
            do {
                s += 0x9E3779B97F4A7C15L;
                x = 2 * unit(s, 1) - 1;
                y = 2 * unit(s, 2) - 1;
                z = 2 * unit(s, 3) - 1;
                l2 = x * x + y * y + z * z;
            } while (l2 > 1 || l2 < 1e-6);
            double l = Math.sqrt(l2);
            out[4 * i] = x / l;
            out[4 * i + 1] = y / l;
            out[4 * i + 2] = z / l;
            out[4 * i + 3] = out[4 * i] * through[3 * i] + out[4 * i + 1] * through[3 * i + 1]
                    + out[4 * i + 2] * through[3 * i + 2];
        }
        return out;
    }

    private static double unit(long s, long salt) {
        long z = s + salt * 0xD1B54A32D192ED03L;
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        z ^= z >>> 31;
        return (z >>> 11) * 0x1.0p-53;
    }
}
