package dev.rubble.plugin.narrowphase.analytic;

import dev.rubble.spi.narrowphase.ContactSink;
import java.util.ArrayList;
import java.util.List;

/** Test sink keeping every manifold. */
final class RecordingSink implements ContactSink {
    record Point(double x, double y, double z, double separation, long feature) {
    }

    static final class Manifold {
        double nx, ny, nz;
        long subKey;
        final List<Point> points = new ArrayList<>();

        double minSeparation() {
            double m = Double.POSITIVE_INFINITY;
            for (Point p : points) {
                m = Math.min(m, p.separation());
            }
            return m;
        }
    }

    final List<Manifold> manifolds = new ArrayList<>();

    void clear() {
        manifolds.clear();
    }

    Manifold only() {
        if (manifolds.size() != 1) {
            throw new AssertionError("expected one manifold, got " + manifolds.size());
        }
        return manifolds.get(0);
    }

    /**
     * The one manifold that is not a fast pair's far-vertex manifold (sub-key without
     * {@link dev.rubble.geometry.gjk.ManifoldBuilder#WHIP_KEY}), or null when there is none.
     */
    Manifold main() {
        Manifold found = null;
        for (Manifold m : manifolds) {
            if ((m.subKey & dev.rubble.geometry.gjk.ManifoldBuilder.WHIP_KEY) == 0) {
                if (found != null) {
                    throw new AssertionError("expected one main manifold, got two");
                }
                found = m;
            }
        }
        return found;
    }

    @Override
    public void beginManifold(double nx, double ny, double nz, long subKey) {
        Manifold m = new Manifold();
        m.nx = nx;
        m.ny = ny;
        m.nz = nz;
        m.subKey = subKey;
        manifolds.add(m);
    }

    @Override
    public void addPoint(double ax, double ay, double az, double separation, long featureId) {
        manifolds.get(manifolds.size() - 1).points.add(new Point(ax, ay, az, separation, featureId));
    }
}
