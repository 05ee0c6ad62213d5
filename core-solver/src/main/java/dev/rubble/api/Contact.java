package dev.rubble.api;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.collision.ContactStore;
import org.joml.Vector3d;

/**
 * One contact manifold of the last step, as a {@link ContactListener} sees it: two bodies, the
 * normal from A to B, and up to four points with the impulses the solver applied. A view over the
 * engine's contact arrays, reused for every manifold: valid only during the listener call.
 */
public final class Contact {
    private final PhysicsWorld world;
    private BodyStore bodies;
    private ContactStore contacts;
    private int m;

    Contact(PhysicsWorld world) {
        this.world = world;
    }

    void set(BodyStore b, ContactStore cs, int manifold) {
        bodies = b;
        contacts = cs;
        m = manifold;
    }

    /**
     * The first body of the manifold (the lower slot).
     * @return body A's id
     */
    public BodyId bodyA() {
        return world.id(contacts.bodyA[m]);
    }

    /**
     * The second body of the manifold.
     * @return body B's id
     */
    public BodyId bodyB() {
        return world.id(contacts.bodyB[m]);
    }

    /**
     * When body A is a cluster union's body: the welded member whose shape this manifold touches (a
     * union's body moves for its members; docs/events.md, "Cluster unions"); null otherwise.
     * @return the member's body, or null
     */
    public BodyId memberA() {
        return member(true);
    }

    /**
     * As {@link #memberA} for body B.
     * @return the member's body, or null
     */
    public BodyId memberB() {
        return member(false);
    }

    private BodyId member(boolean sideA) {
        var un = world.kernel().destruction().unions();
        long h = un.any() ? un.memberTouched(sideA ? contacts.bodyA[m] : contacts.bodyB[m], contacts.key[m], sideA) : -1;
        return h < 0 ? null : world.idOf(h);
    }

    /**
     * Unit normal pointing from A to B, world frame; written into {@code dest}, which is returned.
     * @param dest receives the normal
     * @return dest
     */
    public Vector3d normal(Vector3d dest) {
        return dest.set(contacts.nx[m], contacts.ny[m], contacts.nz[m]);
    }

    /**
     * Sum of the normal impulses over the points, N·s (divide by the time step for a force).
     * @return the total normal impulse, N·s, ≥ 0
     */
    public double normalImpulse() {
        return contacts.totalNormalImpulse(m);
    }

    /**
     * Number of contact points, 1..4.
     * @return the point count
     */
    public int pointCount() {
        return contacts.pointCount[m];
    }

    /**
     * World position of point {@code i} on body A's surface; written into {@code dest}.
     * @param i the point, 0 ≤ i &lt; {@link #pointCount()}
     * @param dest receives the position, metres
     * @return dest
     */
    public Vector3d point(int i, Vector3d dest) {
        int p = index(i);
        int a = contacts.bodyA[m];
        return dest.set(bodies.px[a] + contacts.ax[p], bodies.py[a] + contacts.ay[p], bodies.pz[a] + contacts.az[p]);
    }

    /**
     * Separation of point {@code i}, metres (negative = penetrating).
     * @param i the point, 0 ≤ i &lt; {@link #pointCount()}
     * @return the separation, metres
     */
    public double separation(int i) {
        return contacts.separation[index(i)];
    }

    /**
     * Normal impulse at point {@code i}, N·s.
     * @param i the point, 0 ≤ i &lt; {@link #pointCount()}
     * @return the point's normal impulse, N·s, ≥ 0
     */
    public double normalImpulse(int i) {
        return contacts.normalImpulse[index(i)];
    }

    private int index(int i) {
        if (i < 0 || i >= contacts.pointCount[m]) {
            throw new IndexOutOfBoundsException("contact point " + i + "; allowed: 0.." + (contacts.pointCount[m] - 1));
        }
        return m * ContactStore.MAX_POINTS + i;
    }
}
