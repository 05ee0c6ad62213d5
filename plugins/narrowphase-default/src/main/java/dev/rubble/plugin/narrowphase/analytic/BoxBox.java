package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.spi.narrowphase.ContactSink;
import dev.rubble.spi.narrowphase.PairCollider;
import dev.rubble.spi.narrowphase.Pose;
import dev.rubble.spi.narrowphase.gjk.ManifoldBuilder;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.ShapeMath;

/**
 * Box–box by the separating axis theorem over the 15 axes (3 face normals of each box and the 9
 * edge cross products; Gottschalk's OBB test), taking the axis of largest separation. Faces are
 * preferred over edges unless an edge axis separates by more than {@link #EDGE_TOLERANCE} (avoids
 * flip-flopping between nearly equal axes); A's faces are preferred over B's unless B's beat them by {@link #FACE_TOLERANCE}. Face
 * contacts are clipped into up to 4 points by {@link ManifoldBuilder}; edge contacts give the
 * closest points between the two edges. Allocation-free.
 */
final class BoxBox implements PairCollider {
    /** An edge axis must beat the best face axis by this much, metres. */
    static final double EDGE_TOLERANCE = 1e-3;
    /** One of B's face axes must beat A's best face axis by this much, metres (Box2D: 0.1 x linear slop). */
    static final double FACE_TOLERANCE = 5e-4;
    private final ManifoldBuilder builder = new ManifoldBuilder();
    private final double[] st = new double[2];
    private final double[] ha = new double[3], hb = new double[3];

    @Override
    public void collide(Shape sa, Pose pa, Shape sb, Pose pb, double margin, ContactSink sink) {
        Box a = (Box) sa, b = (Box) sb;
        double[] ra = pa.r, rb = pb.r;
        double[] ha = this.ha, hb = this.hb;
        ha[0] = a.halfX();
        ha[1] = a.halfY();
        ha[2] = a.halfZ();
        hb[0] = b.halfX();
        hb[1] = b.halfY();
        hb[2] = b.halfZ();
        double tx = pb.px - pa.px, ty = pb.py - pa.py, tz = pb.pz - pa.pz;
        // c[i][j] = a_i . b_j (axes are matrix columns)
        double bestFace = Double.NEGATIVE_INFINITY, maxFace = Double.NEGATIVE_INFINITY, bestEdge = Double.NEGATIVE_INFINITY;
        int faceAxis = -1, edgeI = -1, edgeJ = -1;
        double fnx = 0, fny = 0, fnz = 0, enx = 0, eny = 0, enz = 0;
        for (int box = 0; box < 2; box++) {
            double[] r = box == 0 ? ra : rb;
            for (int i = 0; i < 3; i++) {
                double lx = r[i], ly = r[3 + i], lz = r[6 + i];
                double s = separation(lx, ly, lz, tx, ty, tz, ra, ha, rb, hb);
                maxFace = Math.max(maxFace, s);
                // A's faces win unless one of B's separates by FACE_TOLERANCE more: two boxes resting
                // face to face with a slight tilt would otherwise swap reference faces step to step
                // (new feature ids every time, so no warm starting)
                if (s > bestFace + (box == 1 ? FACE_TOLERANCE : 0)) {
                    bestFace = s;
                    faceAxis = 3 * box + i;
                    double sg = lx * tx + ly * ty + lz * tz < 0 ? -1 : 1;
                    fnx = sg * lx;
                    fny = sg * ly;
                    fnz = sg * lz;
                }
            }
        }
        if (maxFace > margin) {
            return;
        }
        for (int i = 0; i < 3; i++) {
            for (int j = 0; j < 3; j++) {
                double ax = ra[i], ay = ra[3 + i], az = ra[6 + i];
                double bx = rb[j], by = rb[3 + j], bz = rb[6 + j];
                double lx = ay * bz - az * by, ly = az * bx - ax * bz, lz = ax * by - ay * bx;
                double l = Math.sqrt(lx * lx + ly * ly + lz * lz);
                if (l < 1e-6) {
                    continue; // parallel edges: covered by the face axes
                }
                lx /= l;
                ly /= l;
                lz /= l;
                double s = separation(lx, ly, lz, tx, ty, tz, ra, ha, rb, hb);
                if (s > bestEdge) {
                    bestEdge = s;
                    edgeI = i;
                    edgeJ = j;
                    double sg = lx * tx + ly * ty + lz * tz < 0 ? -1 : 1;
                    enx = sg * lx;
                    eny = sg * ly;
                    enz = sg * lz;
                }
            }
        }
        if (bestEdge > margin) {
            return;
        }
        if (edgeI >= 0 && bestEdge > bestFace + EDGE_TOLERANCE) {
            edgeContact(pa, ha, pb, hb, edgeI, edgeJ, enx, eny, enz, margin, sink);
            return;
        }
        builder.featureA(sa, pa, fnx, fny, fnz);
        builder.featureB(sb, pb, fnx, fny, fnz);
        builder.clip(fnx, fny, fnz, 0, 0, margin, sink, 0);
    }

    /** Separation of the boxes along unit axis L (negative = overlap depth). */
    private static double separation(double lx, double ly, double lz, double tx, double ty, double tz,
                                     double[] ra, double[] ha, double[] rb, double[] hb) {
        double pa = 0, pb = 0;
        for (int k = 0; k < 3; k++) {
            pa += ha[k] * Math.abs(ra[k] * lx + ra[3 + k] * ly + ra[6 + k] * lz);
            pb += hb[k] * Math.abs(rb[k] * lx + rb[3 + k] * ly + rb[6 + k] * lz);
        }
        return Math.abs(lx * tx + ly * ty + lz * tz) - pa - pb;
    }

    private void edgeContact(Pose pa, double[] ha, Pose pb, double[] hb, int i, int j,
                             double nx, double ny, double nz, double margin, ContactSink sink) {
        double[] ra = pa.r, rb = pb.r;
        // A's edge: the one along a_i farthest along n; B's: along b_j farthest along -n
        double cax = pa.px, cay = pa.py, caz = pa.pz, cbx = pb.px, cby = pb.py, cbz = pb.pz;
        for (int k = 0; k < 3; k++) {
            if (k != i) {
                double s = ra[k] * nx + ra[3 + k] * ny + ra[6 + k] * nz < 0 ? -ha[k] : ha[k];
                cax += s * ra[k];
                cay += s * ra[3 + k];
                caz += s * ra[6 + k];
            }
            if (k != j) {
                double s = rb[k] * nx + rb[3 + k] * ny + rb[6 + k] * nz > 0 ? -hb[k] : hb[k];
                cbx += s * rb[k];
                cby += s * rb[3 + k];
                cbz += s * rb[6 + k];
            }
        }
        double dax = ra[i] * ha[i], day = ra[3 + i] * ha[i], daz = ra[6 + i] * ha[i];
        double dbx = rb[j] * hb[j], dby = rb[3 + j] * hb[j], dbz = rb[6 + j] * hb[j];
        ShapeMath.closestSegmentSegment(cax - dax, cay - day, caz - daz, cax + dax, cay + day, caz + daz,
                cbx - dbx, cby - dby, cbz - dbz, cbx + dbx, cby + dby, cbz + dbz, st);
        double px = cax - dax + 2 * st[0] * dax, py = cay - day + 2 * st[0] * day, pz = caz - daz + 2 * st[0] * daz;
        double qx = cbx - dbx + 2 * st[1] * dbx, qy = cby - dby + 2 * st[1] * dby, qz = cbz - dbz + 2 * st[1] * dbz;
        double sep = (qx - px) * nx + (qy - py) * ny + (qz - pz) * nz;
        if (sep > margin) {
            return;
        }
        sink.beginManifold(nx, ny, nz, 0);
        sink.addPoint(px, py, pz, sep, (1L << 59) | (i * 3 + j));
    }
}
