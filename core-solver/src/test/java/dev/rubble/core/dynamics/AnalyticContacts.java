package dev.rubble.core.dynamics;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.collision.ContactStage;
import dev.rubble.core.collision.ContactStore;
import dev.rubble.core.collision.PairBuffer;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.HashMap;
import java.util.Map;

/**
 * TEST-ONLY narrowphase: analytic manifolds for the cases the dynamics tests need, filled the way
 * the real narrowphase fills {@link ContactStore} (pair order, normal A→B, anchors relative to
 * each centre of mass, speculative separation up to a motion margin, stable feature ids, last
 * step's impulses carried over by feature for warm starting).
 * <ul>
 *   <li>static box = ground: its top face is the plane y = top (the box must be axis aligned);
 *       vs sphere (1 point) and vs box (the up-to-4 lowest corners);</li>
 *   <li>sphere vs sphere (1 point);</li>
 *   <li>box vs box for nearly face-aligned boxes (a stack): reference face of the lower-slot box
 *       along the axis closest to the centre line, incident corners of the other inside it.</li>
 * </ul>
 * Bound in place of the real narrowphase by a Guice override ({@code Worlds.world}). Allocates (a HashMap
 * for the carried impulses): fine for tests, not for the engine.
 */
final class AnalyticContacts implements ContactStage {
    /** Speculative distance added to the motion margin, metres. */
    static final double SPECULATIVE = 0.02;

    private record Feature(long pair, long feature) {
    }

    private Map<Feature, double[]> carried = new HashMap<>();
    private final double[] corners = new double[24];
    private final double[] cand = new double[4 * 6]; // x, y, z (surface point), separation, feature, on B (1) or A (0)
    private int candCount;

    @Override
    public void generate(BodyStore b, PairBuffer pairs, ContactStore out, double dt) {
        // harvest last step's solved impulses by feature
        Map<Feature, double[]> last = new HashMap<>();
        for (int m = 0; m < out.size(); m++) {
            long pair = ((long) out.bodyA[m] << 32) | out.bodyB[m];
            for (int k = 0, p = m * 4; k < out.pointCount[m]; k++, p++) {
                last.put(new Feature(pair, out.feature[p]),
                        new double[] {out.normalImpulse[p], out.tangentImpulse1[p], out.tangentImpulse2[p]});
            }
        }
        carried = last;
        out.clear();
        for (int i = 0; i < pairs.size(); i++) {
            int a = pairs.first(i), c = pairs.second(i);
            collide(b, a, c, dt, out, pairs.packed(i));
        }
    }

    private void collide(BodyStore b, int a, int c, double dt, ContactStore out, long pair) {
        Shape sa = b.shape[a], sc = b.shape[c];
        double margin = SPECULATIVE + dt * Math.sqrt(sq(b.vx[c] - b.vx[a]) + sq(b.vy[c] - b.vy[a]) + sq(b.vz[c] - b.vz[a]));
        boolean groundA = b.motion[a] == MotionType.STATIC.ordinal() && sa instanceof Box;
        boolean groundC = b.motion[c] == MotionType.STATIC.ordinal() && sc instanceof Box;
        candCount = 0;
        double nx, ny, nz;
        onBDefault = true;
        if (groundA || groundC) {
            int g = groundA ? a : c, o = groundA ? c : a;
            onBDefault = groundA;
            double top = b.py[g] + ((Box) b.shape[g]).halfY();
            if (b.shape[o] instanceof Sphere s) {
                double sep = b.py[o] - s.radius() - top;
                if (sep < margin) {
                    addCand(b.px[o], b.py[o] - s.radius(), b.pz[o], sep, 0);
                }
            } else if (b.shape[o] instanceof Box box) {
                corners(b, o, box);
                for (int k = 0; k < 8; k++) {
                    double sep = corners[k * 3 + 1] - top;
                    if (sep < margin) {
                        addDeepest(corners[k * 3], corners[k * 3 + 1], corners[k * 3 + 2], sep, k);
                    }
                }
            } else {
                return;
            }
            // the point on B's surface is the corner/sphere point if B is the body, else on the plane
            double up = groundA ? 1 : -1;
            emit(b, out, a, c, pair, 0, up, 0, groundA);
            return;
        }
        if (sa instanceof Sphere ra && sc instanceof Sphere rc) {
            double dx = b.px[c] - b.px[a], dy = b.py[c] - b.py[a], dz = b.pz[c] - b.pz[a];
            double d = Math.sqrt(dx * dx + dy * dy + dz * dz);
            double sep = d - ra.radius() - rc.radius();
            if (sep < margin && d > 0) {
                nx = dx / d; ny = dy / d; nz = dz / d;
                addCand(b.px[c] - nx * rc.radius(), b.py[c] - ny * rc.radius(), b.pz[c] - nz * rc.radius(), sep, 0);
                emit(b, out, a, c, pair, nx, ny, nz, true);
            }
            return;
        }
        if (sa instanceof Box ba && sc instanceof Box bc) {
            boxBox(b, a, ba, c, bc, margin, out, pair);
        }
    }

    private void boxBox(BodyStore b, int a, Box ba, int c, Box bc, double margin, ContactStore out, long pair) {
        double dx = b.px[c] - b.px[a], dy = b.py[c] - b.py[a], dz = b.pz[c] - b.pz[a];
        // A's axes in world
        double[] ax = axes(b, a);
        double[] half = {ba.halfX(), ba.halfY(), ba.halfZ()};
        int best = 0;
        double bestDot = 0;
        for (int k = 0; k < 3; k++) {
            double dot = (ax[k * 3] * dx + ax[k * 3 + 1] * dy + ax[k * 3 + 2] * dz) / half[k];
            if (Math.abs(dot) > Math.abs(bestDot)) {
                bestDot = dot;
                best = k;
            }
        }
        double sign = bestDot >= 0 ? 1 : -1;
        double nx = ax[best * 3] * sign, ny = ax[best * 3 + 1] * sign, nz = ax[best * 3 + 2] * sign;
        double fx = b.px[a] + nx * half[best], fy = b.py[a] + ny * half[best], fz = b.pz[a] + nz * half[best];
        int u = (best + 1) % 3, v = (best + 2) % 3;
        corners(b, c, bc);
        for (int k = 0; k < 8; k++) {
            double rx = corners[k * 3] - fx, ry = corners[k * 3 + 1] - fy, rz = corners[k * 3 + 2] - fz;
            double sep = rx * nx + ry * ny + rz * nz;
            if (sep >= margin) {
                continue;
            }
            double pu = rx * ax[u * 3] + ry * ax[u * 3 + 1] + rz * ax[u * 3 + 2];
            double pv = rx * ax[v * 3] + ry * ax[v * 3 + 1] + rz * ax[v * 3 + 2];
            double tol = 1e-3;
            if (Math.abs(pu) <= half[u] + tol && Math.abs(pv) <= half[v] + tol) {
                addDeepest(corners[k * 3], corners[k * 3 + 1], corners[k * 3 + 2], sep, k);
            }
        }
        // corners of A's reference face inside B's facing face (B shifted sideways)
        double[] bxs = axes(b, c);
        double[] hb = {bc.halfX(), bc.halfY(), bc.halfZ()};
        int kb = 0;
        double kbDot = 0;
        for (int k = 0; k < 3; k++) {
            double dot = bxs[k * 3] * nx + bxs[k * 3 + 1] * ny + bxs[k * 3 + 2] * nz;
            if (Math.abs(dot) > Math.abs(kbDot)) {
                kbDot = dot;
                kb = k;
            }
        }
        double os = kbDot > 0 ? -1 : 1; // B's outward face normal o = os * axis_kb points against n
        double ox = bxs[kb * 3] * os, oy = bxs[kb * 3 + 1] * os, oz = bxs[kb * 3 + 2] * os;
        double gx = b.px[c] + ox * hb[kb], gy = b.py[c] + oy * hb[kb], gz = b.pz[c] + oz * hb[kb];
        int ub = (kb + 1) % 3, vb = (kb + 2) % 3;
        onBDefault = false;
        for (int k = 0; k < 4; k++) {
            double su = (k & 1) == 0 ? -half[u] : half[u], sv = (k & 2) == 0 ? -half[v] : half[v];
            double cx = fx + ax[u * 3] * su + ax[v * 3] * sv;
            double cy = fy + ax[u * 3 + 1] * su + ax[v * 3 + 1] * sv;
            double cz = fz + ax[u * 3 + 2] * su + ax[v * 3 + 2] * sv;
            double rx = cx - gx, ry = cy - gy, rz = cz - gz;
            double sep = rx * ox + ry * oy + rz * oz;
            double pu = rx * bxs[ub * 3] + ry * bxs[ub * 3 + 1] + rz * bxs[ub * 3 + 2];
            double pv = rx * bxs[vb * 3] + ry * bxs[vb * 3 + 1] + rz * bxs[vb * 3 + 2];
            if (sep < margin && Math.abs(pu) <= hb[ub] + 1e-3 && Math.abs(pv) <= hb[vb] + 1e-3
                    && !nearCandidate(cx, cy, cz)) {
                addDeepest(cx, cy, cz, sep, 8 + k);
            }
        }
        if (candCount > 0) {
            emit(b, out, a, c, pair, nx, ny, nz, true);
        }
    }

    private boolean nearCandidate(double x, double y, double z) {
        for (int i = 0; i < candCount; i++) {
            int o = i * 6;
            if (sq(cand[o] - x) + sq(cand[o + 1] - y) + sq(cand[o + 2] - z) < 1e-4) {
                return true;
            }
        }
        return false;
    }

    private static double[] axes(BodyStore b, int s) {
        double x = b.qx[s], y = b.qy[s], z = b.qz[s], w = b.qw[s];
        return new double[] {
            1 - 2 * (y * y + z * z), 2 * (x * y + w * z), 2 * (x * z - w * y),
            2 * (x * y - w * z), 1 - 2 * (x * x + z * z), 2 * (y * z + w * x),
            2 * (x * z + w * y), 2 * (y * z - w * x), 1 - 2 * (x * x + y * y)};
    }

    private void corners(BodyStore b, int s, Box box) {
        double[] ax = axes(b, s);
        double ox = b.originX(s), oy = b.originY(s), oz = b.originZ(s);
        for (int k = 0; k < 8; k++) {
            double sx = (k & 1) == 0 ? -box.halfX() : box.halfX();
            double sy = (k & 2) == 0 ? -box.halfY() : box.halfY();
            double sz = (k & 4) == 0 ? -box.halfZ() : box.halfZ();
            corners[k * 3] = ox + ax[0] * sx + ax[3] * sy + ax[6] * sz;
            corners[k * 3 + 1] = oy + ax[1] * sx + ax[4] * sy + ax[7] * sz;
            corners[k * 3 + 2] = oz + ax[2] * sx + ax[5] * sy + ax[8] * sz;
        }
    }

    private boolean onBDefault = true;

    private void addCand(double x, double y, double z, double sep, long feature) {
        int o = candCount++ * 6;
        cand[o] = x; cand[o + 1] = y; cand[o + 2] = z; cand[o + 3] = sep; cand[o + 4] = feature;
        cand[o + 5] = onBDefault ? 1 : 0;
    }

    /** Keeps the 4 deepest candidates. */
    private void addDeepest(double x, double y, double z, double sep, long feature) {
        if (candCount < 4) {
            addCand(x, y, z, sep, feature);
            return;
        }
        int worst = 0;
        for (int i = 1; i < 4; i++) {
            if (cand[i * 6 + 3] > cand[worst * 6 + 3]) {
                worst = i;
            }
        }
        if (sep < cand[worst * 6 + 3]) {
            int o = worst * 6;
            cand[o] = x; cand[o + 1] = y; cand[o + 2] = z; cand[o + 3] = sep; cand[o + 4] = feature;
            cand[o + 5] = onBDefault ? 1 : 0;
        }
    }

    /**
     * Writes the candidates as one manifold. Candidates are points on the surface of the body
     * that is not the reference; {@code onB} says whether that is B. The contact point is the
     * midpoint between the two surfaces.
     */
    private void emit(BodyStore b, ContactStore out, int a, int c, long pair, double nx, double ny, double nz,
                      boolean onB) {
        if (candCount == 0) {
            return;
        }
        if (!out.hasRoom()) {
            out.droppedThisStep++;
            return;
        }
        int m = out.add(a, c, 0);
        out.nx[m] = nx; out.ny[m] = ny; out.nz[m] = nz;
        out.pointCount[m] = candCount;
        for (int k = 0; k < candCount; k++) {
            int o = k * 6;
            double sep = cand[o + 3];
            // move half the separation towards the other surface: along -n if the point is on B
            double shift = cand[o + 5] == 1 ? -0.5 * sep : 0.5 * sep;
            double x = cand[o] + nx * shift, y = cand[o + 1] + ny * shift, z = cand[o + 2] + nz * shift;
            int p = m * 4 + k;
            out.ax[p] = x - b.px[a]; out.ay[p] = y - b.py[a]; out.az[p] = z - b.pz[a];
            out.bx[p] = x - b.px[c]; out.by[p] = y - b.py[c]; out.bz[p] = z - b.pz[c];
            out.separation[p] = sep;
            long feature = (long) cand[o + 4];
            out.feature[p] = feature;
            double[] old = carried.get(new Feature(pair, feature));
            out.normalImpulse[p] = old == null ? 0 : old[0];
            out.tangentImpulse1[p] = old == null ? 0 : old[1];
            out.tangentImpulse2[p] = old == null ? 0 : old[2];
        }
    }

    private static double sq(double v) {
        return v * v;
    }
}
