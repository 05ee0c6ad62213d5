package dev.rubble.api;

/**
 * A new contact pair as the {@link PreSolveHook} sees it: one reused object, valid during the call.
 */
public final class NewContact {
    private final PhysicsWorld world;
    private int a, b;
    private long key;
    private double[] material;

    NewContact(PhysicsWorld world) {
        this.world = world;
    }

    void set(int slotA, int slotB, long subShape, double[] mat) {
        a = slotA;
        b = slotB;
        key = subShape;
        material = mat;
    }

    /**
     * The first body of the new pair.
     * @return body A's id
     */
    public BodyId bodyA() {
        return world.id(a);
    }

    /**
     * The second body of the new pair.
     * @return body B's id
     */
    public BodyId bodyB() {
        return world.id(b);
    }

    /**
     * The sub-shape pair's key.
     * @return the key (0 for two simple shapes; plus 2^31 for a fast pair's manifold of a box's or hull's
     *     far vertices, docs/events.md)
     */
    public long subShape() {
        return key;
    }

    /**
     * The mixed friction the engine chose for the pair.
     * @return the friction coefficient
     */
    public double friction() {
        return material[0];
    }

    /**
     * The mixed restitution the engine chose for the pair.
     * @return the restitution
     */
    public double restitution() {
        return material[1];
    }

    /**
     * Sets the pair's friction (finite, ≥ 0) while it stays in contact.
     * @param friction the friction coefficient
     */
    public void setFriction(double friction) {
        if (!(friction >= 0) || Double.isInfinite(friction)) {
            throw new IllegalArgumentException("friction = " + friction + "; allowed: finite, >= 0");
        }
        material[0] = friction;
    }

    /**
     * Sets the pair's restitution (finite, ≥ 0) while it stays in contact.
     * @param restitution the restitution
     */
    public void setRestitution(double restitution) {
        if (!(restitution >= 0) || Double.isInfinite(restitution)) {
            throw new IllegalArgumentException("restitution = " + restitution + "; allowed: finite, >= 0");
        }
        material[1] = restitution;
    }
}
