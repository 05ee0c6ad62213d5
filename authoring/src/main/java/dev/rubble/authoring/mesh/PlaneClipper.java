package dev.rubble.authoring.mesh;

import java.util.Arrays;
import dev.rubble.geometry.hull.LongIntMap;

/**
 * Clips a closed triangle mesh by a half-space {@code n·x < d} and closes the cut with a cap:
 * the cross-section polygons (any number, non-convex, with holes) triangulated by
 * {@link CapTriangulator}. The result is again a closed, consistently oriented 2-manifold.
 *
 * <p>Robustness by construction rather than by tolerance: every position's side is the sign of
 * {@code s = n·p - d} evaluated once, and a position with {@code s = 0} counts as outside
 * (simulation of simplicity: the plane is moved by an infinitesimal toward the kept side). So no
 * position lies on the plane, every crossing edge is crossed exactly once, and the cut edges form
 * closed loops by topology alone (each crossing edge gets one new position, shared by its two
 * triangles). Geometry does not change: an edge ending in a position with {@code s = 0} is cut
 * exactly at that position. The crossing point of edge (i, j) is computed from the lower index,
 * so clipping by the negated plane gives bit-identical points and the two sides' volumes add up
 * to the source's to rounding.
 *
 * <p>Cut faces get the {@link TriMesh#INSIDE} material, the plane's normal at every corner,
 * planar texture coordinates (metres along the plane's basis) and the plane itself as tag.
 * Source faces keep their material and tags; their corner normals and texture coordinates are
 * interpolated along cut edges. Not thread-safe (reuses buffers); one instance per thread.
 */
public final class PlaneClipper {
    private double[] s = new double[64];
    private final double[] basis = new double[6];

    /**
     * The part of {@code m} with {@code n·x < d} (n need not be unit; it is normalised for the
     * cap's tag and normals), {@code m} itself when nothing is cut away, or null when nothing is
     * left.
     */
    public TriMesh clip(TriMesh m, double nx, double ny, double nz, double d) {
        int nv = m.vertexCount();
        if (s.length < nv) {
            s = new double[Math.max(nv, 2 * s.length)];
        }
        int in = 0, out = 0;
        for (int i = 0; i < nv; i++) {
            s[i] = nx * m.pos[3 * i] + ny * m.pos[3 * i + 1] + nz * m.pos[3 * i + 2] - d;
        }
        for (int c : m.tri) {
            if (s[c] < 0) {
                in++;
            } else {
                out++;
            }
        }
        if (out == 0) {
            return m;
        }
        if (in == 0) {
            return null;
        }
        int nt = m.triangleCount();
        Out o = new Out(nt + 16, nv + 16);
        int[] map = new int[nv];
        Arrays.fill(map, -1);
        LongIntMap edgePoint = new LongIntMap(64);
        int[] capNext = new int[16];
        Arrays.fill(capNext, -1);
        // per corner of the kept polygon: position id, normal, uv
        int[] pid = new int[4];
        double[] pn = new double[12];
        double[] puv = new double[8];
        for (int t = 0; t < nt; t++) {
            int a = m.tri[3 * t], b = m.tri[3 * t + 1], c = m.tri[3 * t + 2];
            boolean ia = s[a] < 0, ib = s[b] < 0, ic = s[c] < 0;
            if (!ia && !ib && !ic) {
                continue;
            }
            if (ia && ib && ic) {
                int ma = keep(m, a, map, o), mb = keep(m, b, map, o), mc = keep(m, c, map, o);
                o.copyTriangle(m, t, ma, mb, mc);
                continue;
            }
            int k = 0, exit = -1, enter = -1;
            for (int e = 0; e < 3; e++) {
                int p = m.tri[3 * t + e], q = m.tri[3 * t + (e + 1) % 3];
                boolean ip = s[p] < 0, iq = s[q] < 0;
                if (ip) {
                    pid[k] = keep(m, p, map, o);
                    System.arraycopy(m.normal, 9 * t + 3 * e, pn, 3 * k, 3);
                    System.arraycopy(m.uv, 6 * t + 2 * e, puv, 2 * k, 2);
                    k++;
                }
                if (ip != iq) {
                    int lo = Math.min(p, q), hi = Math.max(p, q);
                    long key = ((long) lo << 32) | hi;
                    int id = edgePoint.get(key);
                    int inV = ip ? p : q, outV = ip ? q : p;
                    if (id < 0) {
                        id = o.vertexCount();
                        if (s[outV] == 0) {
                            o.addVertex(m.pos[3 * outV], m.pos[3 * outV + 1], m.pos[3 * outV + 2]);
                        } else {
                            double tt = s[lo] / (s[lo] - s[hi]);
                            o.addVertex(m.pos[3 * lo] + tt * (m.pos[3 * hi] - m.pos[3 * lo]),
                                    m.pos[3 * lo + 1] + tt * (m.pos[3 * hi + 1] - m.pos[3 * lo + 1]),
                                    m.pos[3 * lo + 2] + tt * (m.pos[3 * hi + 2] - m.pos[3 * lo + 2]));
                        }
                        edgePoint.put(key, id);
                        if (capNext.length <= id) {
                            int old = capNext.length;
                            capNext = Arrays.copyOf(capNext, Math.max(2 * old, id + 1));
                            Arrays.fill(capNext, old, capNext.length, -1);
                        }
                    }
                    // attribute interpolation along this triangle's corners p -> q
                    double tt = s[outV] == 0 ? (inV == p ? 1 : 0) : s[p] / (s[p] - s[q]);
                    int cp = 9 * t + 3 * e, cq = 9 * t + 3 * ((e + 1) % 3);
                    double lx = 0, ly = 0, lz = 0;
                    for (int x = 0; x < 3; x++) {
                        pn[3 * k + x] = m.normal[cp + x] + tt * (m.normal[cq + x] - m.normal[cp + x]);
                    }
                    lx = pn[3 * k];
                    ly = pn[3 * k + 1];
                    lz = pn[3 * k + 2];
                    double len = Math.sqrt(lx * lx + ly * ly + lz * lz);
                    if (len > 0) {
                        pn[3 * k] /= len;
                        pn[3 * k + 1] /= len;
                        pn[3 * k + 2] /= len;
                    }
                    int up = 6 * t + 2 * e, uq = 6 * t + 2 * ((e + 1) % 3);
                    puv[2 * k] = m.uv[up] + tt * (m.uv[uq] - m.uv[up]);
                    puv[2 * k + 1] = m.uv[up + 1] + tt * (m.uv[uq + 1] - m.uv[up + 1]);
                    pid[k++] = id;
                    if (ip) {
                        exit = id;
                    } else {
                        enter = id;
                    }
                }
            }
            // the kept polygon runs ... exit -> enter ...; the cap runs enter -> exit
            capNext[enter] = exit;
            for (int j = 1; j + 1 < k; j++) {
                o.addTriangle(pid[0], pid[j], pid[j + 1], pn, 0, 3 * j, 3 * (j + 1), puv, 0, 2 * j, 2 * (j + 1),
                        m.material[t], m.plane, 4 * t);
            }
        }
        double len = Math.sqrt(nx * nx + ny * ny + nz * nz);
        double ux = nx / len, uy = ny / len, uz = nz / len, ud = d / len;
        cap(o, capNext, ux, uy, uz, ud);
        return o.build();
    }

    private static int keep(TriMesh m, int v, int[] map, Out o) {
        if (map[v] < 0) {
            map[v] = o.vertexCount();
            o.addVertex(m.pos[3 * v], m.pos[3 * v + 1], m.pos[3 * v + 2]);
        }
        return map[v];
    }

    private void cap(Out o, int[] capNext, double nx, double ny, double nz, double d) {
        int nv = o.vertexCount();
        boolean[] seen = new boolean[nv];
        int[] loopStart = new int[8];
        int[] loopIds = new int[64];
        int loops = 0, total = 0;
        for (int v = 0; v < Math.min(nv, capNext.length); v++) {
            if (capNext[v] < 0 || seen[v]) {
                continue;
            }
            if (loops + 1 >= loopStart.length) {
                loopStart = Arrays.copyOf(loopStart, 2 * loopStart.length);
            }
            loopStart[loops] = total;
            int x = v;
            while (!seen[x]) {
                seen[x] = true;
                if (total == loopIds.length) {
                    loopIds = Arrays.copyOf(loopIds, 2 * total);
                }
                loopIds[total++] = x;
                x = capNext[x];
                if (x < 0) {
                    throw new IllegalStateException("open cut loop: the mesh being clipped is not closed");
                }
            }
            loops++;
        }
        loopStart[loops] = total;
        if (loops == 0) {
            return;
        }
        dev.rubble.spi.geom.ConvexPolytope.planeBasis(nx, ny, nz, basis);
        double[] xy = new double[2 * total];
        for (int i = 0; i < total; i++) {
            int p = 3 * loopIds[i];
            double x = o.pos[p], y = o.pos[p + 1], z = o.pos[p + 2];
            xy[2 * i] = x * basis[0] + y * basis[1] + z * basis[2];
            xy[2 * i + 1] = x * basis[3] + y * basis[4] + z * basis[5];
        }
        int[] tris = CapTriangulator.triangulate(xy, Arrays.copyOf(loopStart, loops + 1), loops);
        double[] cn = {nx, ny, nz, nx, ny, nz, nx, ny, nz};
        double[] cuv = new double[6];
        double[] tag = {nx, ny, nz, d};
        for (int i = 0; i < tris.length; i += 3) {
            for (int k = 0; k < 3; k++) {
                cuv[2 * k] = xy[2 * tris[i + k]];
                cuv[2 * k + 1] = xy[2 * tris[i + k] + 1];
            }
            o.addTriangle(loopIds[tris[i]], loopIds[tris[i + 1]], loopIds[tris[i + 2]], cn, 0, 3, 6, cuv, 0, 2, 4,
                    TriMesh.INSIDE, tag, 0);
        }
    }

    /** A growing mesh. */
    static final class Out {
        double[] pos;
        int nv;
        int[] tri;
        double[] normal;
        double[] uv;
        byte[] material;
        double[] plane;
        int nt;

        Out(int triangles, int vertices) {
            pos = new double[3 * vertices];
            tri = new int[3 * triangles];
            normal = new double[9 * triangles];
            uv = new double[6 * triangles];
            material = new byte[triangles];
            plane = new double[4 * triangles];
        }

        int vertexCount() {
            return nv;
        }

        int addVertex(double x, double y, double z) {
            if (3 * nv + 3 > pos.length) {
                pos = Arrays.copyOf(pos, 2 * pos.length + 3);
            }
            pos[3 * nv] = x;
            pos[3 * nv + 1] = y;
            pos[3 * nv + 2] = z;
            return nv++;
        }

        private void grow() {
            if (nt == material.length) {
                int c = 2 * nt + 4;
                tri = Arrays.copyOf(tri, 3 * c);
                normal = Arrays.copyOf(normal, 9 * c);
                uv = Arrays.copyOf(uv, 6 * c);
                material = Arrays.copyOf(material, c);
                plane = Arrays.copyOf(plane, 4 * c);
            }
        }

        void copyTriangle(TriMesh m, int t, int a, int b, int c) {
            grow();
            tri[3 * nt] = a;
            tri[3 * nt + 1] = b;
            tri[3 * nt + 2] = c;
            System.arraycopy(m.normal, 9 * t, normal, 9 * nt, 9);
            System.arraycopy(m.uv, 6 * t, uv, 6 * nt, 6);
            material[nt] = m.material[t];
            System.arraycopy(m.plane, 4 * t, plane, 4 * nt, 4);
            nt++;
        }

        void addTriangle(int a, int b, int c, double[] n, int na, int nb, int nc, double[] u, int ua, int ub, int uc,
                byte mat, double[] pl, int po) {
            grow();
            tri[3 * nt] = a;
            tri[3 * nt + 1] = b;
            tri[3 * nt + 2] = c;
            System.arraycopy(n, na, normal, 9 * nt, 3);
            System.arraycopy(n, nb, normal, 9 * nt + 3, 3);
            System.arraycopy(n, nc, normal, 9 * nt + 6, 3);
            uv[6 * nt] = u[ua];
            uv[6 * nt + 1] = u[ua + 1];
            uv[6 * nt + 2] = u[ub];
            uv[6 * nt + 3] = u[ub + 1];
            uv[6 * nt + 4] = u[uc];
            uv[6 * nt + 5] = u[uc + 1];
            material[nt] = mat;
            System.arraycopy(pl, po, plane, 4 * nt, 4);
            nt++;
        }

        TriMesh build() {
            return new TriMesh(Arrays.copyOf(pos, 3 * nv), Arrays.copyOf(tri, 3 * nt), Arrays.copyOf(normal, 9 * nt),
                    Arrays.copyOf(uv, 6 * nt), Arrays.copyOf(material, nt), Arrays.copyOf(plane, 4 * nt));
        }
    }
}
