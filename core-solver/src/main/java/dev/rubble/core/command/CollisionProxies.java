package dev.rubble.core.command;

import dev.rubble.core.body.StateHash;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Capsule;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Cheap collision for small pieces (issue 27 item 4; reference: chaos-clusters-strain-runtime §3.3
 * "SizeSpecificData", chaos-large-scale-destruction's checklist "碎块大小分档"): per collection, size
 * buckets that give a piece whose body is its own asset node a box, sphere or capsule instead of its
 * convex hulls, and debris-as-sphere for one-way debris. Only the collision shape changes: the body
 * keeps the piece's own mass, centre of mass and inertia tensor (from the asset), so momentum,
 * rotation and break loads are those of the real piece.
 *
 * <p><b>Which bucket</b> (Chaos's {@code FindIndexForVolume}): buckets are kept in ascending
 * {@code maxSize}; a piece takes the first bucket whose {@code maxSize} is above its relative size
 * ({@code relativeSize < maxSize}), where relative size is the asset's
 * {@code cbrt(volume) / cbrt(largest leaf volume)} (Chaos's {@code Size} attribute; 1 = the largest
 * leaf). No bucket above it: its hulls. With {@code debrisAsSphere}, a piece at or past the
 * collection's one-way interaction level ({@code DebrisOptions.oneWayInteractionLevel}) is a sphere
 * whatever its size (Chaos lets debris collide as spheres).
 *
 * <p><b>The proxy shapes</b>, in the body frame (the collection frame moved to the piece's centre of
 * mass), each centred at the centre of mass and with the piece's own volume {@code V}:
 * <ul>
 *   <li>sphere: radius {@code cbrt(3V / 4π)};</li>
 *   <li>box: the piece's bounding box in the collection frame (its half extents {@code e}), scaled by
 *       {@code cbrt(V / (8 ex ey ez))} so the box has volume V, axes of the collection frame;</li>
 *   <li>capsule: along the bounding box's longest axis; before scaling radius = the mean of the other
 *       two half extents and half height = longest half extent − radius (at least 0), then both scaled
 *       so its volume is V.</li>
 * </ul>
 * Internal clusters (pieces made of several nodes at run time) and union bodies keep their hulls.
 * Changing the proxies (journalled {@code Command.SetCollisionProxies}) affects bodies created from
 * then on; bodies that exist keep their shapes. Off by default ({@link #none()}).
 *
 * @param buckets       size buckets, sorted by {@code maxSize} ascending on construction
 * @param debrisAsSphere one-way debris collides as spheres
 */
public record CollisionProxies(List<Bucket> buckets, boolean debrisAsSphere) {

    /** The proxy kinds; {@code HULL} = the piece's own hulls (a bucket may say so explicitly). */
    public enum Kind {
        HULL, BOX, SPHERE, CAPSULE;

        /** Lower-case name as scenarios and the command line write it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** The kind named {@code s} (hull, box, sphere, capsule), or an error naming the allowed values. */
        public static Kind parse(String field, String s) {
            for (Kind k : values()) {
                if (k.label().equals(s)) {
                    return k;
                }
            }
            throw new IllegalArgumentException(field + " = '" + s + "'; allowed: hull, box, sphere, capsule");
        }
    }

    /**
     * One size bucket: pieces with relative size below {@code maxSize} (and not below a smaller
     * bucket's) collide as {@code shape}.
     */
    public record Bucket(double maxSize, Kind shape) {
        public Bucket {
            if (!(maxSize > 0)) { // NaN fails too; +Infinity = every size
                throw new IllegalArgumentException("collisionProxies bucket maxSize = " + maxSize
                        + "; allowed: > 0 (a relative size: 1 = the largest leaf; Infinity = every piece)");
            }
            Objects.requireNonNull(shape, "collisionProxies bucket shape is null");
        }
    }

    private static final CollisionProxies NONE = new CollisionProxies(List.of(), false);

    public CollisionProxies {
        Objects.requireNonNull(buckets, "collisionProxies buckets is null");
        List<Bucket> sorted = new ArrayList<>(buckets);
        for (int i = 0; i < sorted.size(); i++) {
            Objects.requireNonNull(sorted.get(i), "collisionProxies bucket " + i + " is null");
        }
        sorted.sort((a, b) -> Double.compare(a.maxSize(), b.maxSize())); // stable: equal sizes keep their order
        for (int i = 1; i < sorted.size(); i++) {
            if (sorted.get(i).maxSize() == sorted.get(i - 1).maxSize()) {
                throw new IllegalArgumentException("collisionProxies buckets: two buckets with maxSize "
                        + sorted.get(i).maxSize() + "; allowed: distinct sizes");
            }
        }
        buckets = List.copyOf(sorted);
    }

    /** No proxies (the default): every piece collides with its own hulls. */
    public static CollisionProxies none() {
        return NONE;
    }

    /** One bucket covering every piece: all collide as {@code kind}. */
    public static CollisionProxies all(Kind kind) {
        return new CollisionProxies(List.of(new Bucket(Double.POSITIVE_INFINITY, kind)), false);
    }

    public CollisionProxies withDebrisAsSphere(boolean on) {
        return new CollisionProxies(buckets, on);
    }

    /** Whether any piece can get a proxy. */
    public boolean active() {
        return debrisAsSphere || !buckets.isEmpty();
    }

    /** The proxy of a piece of relative size {@code relativeSize} that is ({@code debris}) or is not one-way debris. */
    public Kind kindFor(double relativeSize, boolean debris) {
        if (debris && debrisAsSphere) {
            return Kind.SPHERE;
        }
        for (Bucket b : buckets) {
            if (relativeSize < b.maxSize()) {
                return b.shape();
            }
        }
        return Kind.HULL;
    }

    /** Mixes every field into a state hash (field by field: stable across JDKs). */
    public long mix(long h) {
        h = StateHash.mix(h, buckets.size());
        for (Bucket b : buckets) {
            h = StateHash.mix(StateHash.mix(h, b.maxSize()), b.shape().ordinal());
        }
        return StateHash.mix(h, debrisAsSphere ? 1 : 0);
    }

    /**
     * The proxy shape of asset node {@code i} in its body frame (see the class comment); null for
     * {@link Kind#HULL}. A node whose volume is not positive falls back to its bounding box's volume.
     */
    public static Shape shape(CollectionAsset a, int i, Kind kind) {
        if (kind == Kind.HULL) {
            return null;
        }
        double[] bd = a.bounds();
        int o = 6 * i;
        double ex = Math.max((bd[o + 3] - bd[o]) / 2, 1e-9);
        double ey = Math.max((bd[o + 4] - bd[o + 1]) / 2, 1e-9);
        double ez = Math.max((bd[o + 5] - bd[o + 2]) / 2, 1e-9);
        double v = a.volume()[i];
        if (!(v > 0) || !Double.isFinite(v)) {
            v = 8 * ex * ey * ez;
        }
        switch (kind) {
            case SPHERE:
                return new Sphere(Math.cbrt(3 * v / (4 * Math.PI)));
            case BOX: {
                double s = Math.cbrt(v / (8 * ex * ey * ez));
                return new Box(ex * s, ey * s, ez * s);
            }
            case CAPSULE: {
                // the longest axis first (ties: x before y before z)
                int axis = ex >= ey && ex >= ez ? 0 : ey >= ez ? 1 : 2;
                double along = axis == 0 ? ex : axis == 1 ? ey : ez;
                double r0 = axis == 0 ? (ey + ez) / 2 : axis == 1 ? (ex + ez) / 2 : (ex + ey) / 2;
                double h0 = Math.max(along - r0, 0);
                double v0 = Math.PI * r0 * r0 * (2 * h0 + 4.0 / 3.0 * r0);
                double s = Math.cbrt(v / v0);
                Capsule c = new Capsule(r0 * s, h0 * s);
                if (axis == 1) {
                    return c;
                }
                // the capsule's own axis is y: turn it onto x (−90° about z) or z (+90° about x)
                double h = Math.sqrt(0.5);
                return axis == 0 ? new Compound(List.of(new Compound.Child(c, 0, 0, 0, 0, 0, -h, h)))
                        : new Compound(List.of(new Compound.Child(c, 0, 0, 0, h, 0, 0, h)));
            }
            default:
                throw new IllegalStateException("unknown proxy kind " + kind);
        }
    }
}
