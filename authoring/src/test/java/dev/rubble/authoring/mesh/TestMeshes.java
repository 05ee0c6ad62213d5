package dev.rubble.authoring.mesh;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/** Closed test meshes with volumes known in closed form. */
final class TestMeshes {
    private TestMeshes() {
    }

    /**
     * The boundary of a set of unit voxels scaled by {@code h} (voxel (i, j, k) is
     * [i h, (i+1) h] × ...), every exposed face as two triangles; volume = count × h³. The set must
     * not have voxels meeting only along an edge or at a corner (that would pinch the surface).
     */
    static TriMesh voxels(boolean[][][] on, double h) {
        int nx = on.length, ny = on[0].length, nz = on[0][0].length;
        Map<Long, Integer> ids = new HashMap<>();
        double[] pos = new double[3 * 64];
        int[] tri = new int[3 * 64];
        int[] n = {0, 0};
        int[][] dirs = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
        for (int i = 0; i < nx; i++) {
            for (int j = 0; j < ny; j++) {
                for (int k = 0; k < nz; k++) {
                    if (!on[i][j][k]) {
                        continue;
                    }
                    for (int[] d : dirs) {
                        int a = i + d[0], b = j + d[1], c = k + d[2];
                        if (a >= 0 && b >= 0 && c >= 0 && a < nx && b < ny && c < nz && on[a][b][c]) {
                            continue;
                        }
                        // quad corners counter-clockwise seen from outside (direction d)
                        int axis = d[0] != 0 ? 0 : d[1] != 0 ? 1 : 2;
                        int side = d[axis] > 0 ? 1 : 0;
                        int u = (axis + 1) % 3, w = (axis + 2) % 3;
                        int[][] q = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
                        if (side == 0) {
                            q = new int[][] {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
                        }
                        int[] id = new int[4];
                        for (int r = 0; r < 4; r++) {
                            int[] g = {i, j, k};
                            g[axis] += side;
                            g[u] += q[r][0];
                            g[w] += q[r][1];
                            long key = ((long) g[0] << 40) | ((long) g[1] << 20) | g[2];
                            Integer v = ids.get(key);
                            if (v == null) {
                                v = n[0]++;
                                if (3 * v + 3 > pos.length) {
                                    pos = Arrays.copyOf(pos, 2 * pos.length);
                                }
                                pos[3 * v] = g[0] * h;
                                pos[3 * v + 1] = g[1] * h;
                                pos[3 * v + 2] = g[2] * h;
                                ids.put(key, v);
                            }
                            id[r] = v;
                        }
                        if (3 * n[1] + 6 > tri.length) {
                            tri = Arrays.copyOf(tri, 2 * tri.length);
                        }
                        int[] t = {id[0], id[1], id[2], id[0], id[2], id[3]};
                        System.arraycopy(t, 0, tri, 3 * n[1], 6);
                        n[1] += 2;
                    }
                }
            }
        }
        return TriMesh.of(Arrays.copyOf(pos, 3 * n[0]), Arrays.copyOf(tri, 3 * n[1]));
    }

    /** An L: a 3 × 1 × 1 bar plus a 1 × 2 × 1 leg (4 voxels... scaled), volume 5 h³. */
    static TriMesh lBlock(double h) {
        boolean[][][] on = new boolean[3][3][1];
        on[0][0][0] = on[1][0][0] = on[2][0][0] = true;
        on[0][1][0] = on[0][2][0] = true;
        return voxels(on, h);
    }

    /** A 3 × 3 × 2 block with a 1 × 1 hole through it along z: volume 16 h³, genus 1. */
    static TriMesh holedBlock(double h) {
        boolean[][][] on = new boolean[3][3][2];
        for (boolean[][] a : on) {
            for (boolean[] b : a) {
                Arrays.fill(b, true);
            }
        }
        on[1][1][0] = on[1][1][1] = false;
        return voxels(on, h);
    }

    /** A box [0,sx]×[0,sy]×[0,sz] as 12 triangles. */
    static TriMesh box(double sx, double sy, double sz) {
        double[] p = new double[24];
        for (int i = 0; i < 8; i++) {
            p[3 * i] = (i & 1) == 0 ? 0 : sx;
            p[3 * i + 1] = (i & 2) == 0 ? 0 : sy;
            p[3 * i + 2] = (i & 4) == 0 ? 0 : sz;
        }
        int[] quads = {0, 4, 6, 2, 1, 3, 7, 5, 0, 1, 5, 4, 2, 6, 7, 3, 0, 2, 3, 1, 4, 5, 7, 6};
        int[] t = new int[36];
        for (int f = 0; f < 6; f++) {
            int a = quads[4 * f], b = quads[4 * f + 1], c = quads[4 * f + 2], d = quads[4 * f + 3];
            System.arraycopy(new int[] {a, b, c, a, c, d}, 0, t, 6 * f, 6);
        }
        return TriMesh.of(p, t);
    }

    /**
     * A torus around z with major radius R and minor radius r, nu × nv quads; its volume is that
     * of the polyhedron (computed in closed form by the caller through {@link TriMesh#volume()} is
     * not independent), so tests compare pieces against the source mesh's own volume.
     */
    static TriMesh torus(double big, double small, int nu, int nv) {
        double[] p = new double[3 * nu * nv];
        for (int i = 0; i < nu; i++) {
            double u = 2 * Math.PI * i / nu;
            for (int j = 0; j < nv; j++) {
                double v = 2 * Math.PI * j / nv;
                int k = 3 * (i * nv + j);
                p[k] = (big + small * Math.cos(v)) * Math.cos(u);
                p[k + 1] = (big + small * Math.cos(v)) * Math.sin(u);
                p[k + 2] = small * Math.sin(v);
            }
        }
        int[] t = new int[6 * nu * nv];
        int q = 0;
        for (int i = 0; i < nu; i++) {
            for (int j = 0; j < nv; j++) {
                int a = i * nv + j, b = ((i + 1) % nu) * nv + j, c = ((i + 1) % nu) * nv + (j + 1) % nv,
                        d = i * nv + (j + 1) % nv;
                System.arraycopy(new int[] {a, b, c, a, c, d}, 0, t, q, 6);
                q += 6;
            }
        }
        return TriMesh.of(p, t);
    }
}
