package dev.rubble.api;

import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.Unions;
import dev.rubble.core.world.World;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.joml.Quaterniondc;
import org.joml.Vector3dc;

/**
 * Cluster unions through the public API (issue 29; docs/destruction.md "Cluster unions"): weld
 * bodies and placed collections into ONE rigid body at run time; it comes apart by connectivity
 * when a member breaks or leaves. Get it from {@link PhysicsWorld#unions()}. A union is named by an
 * id you choose ({@code >= 0}); the first add creates it.
 *
 * <p>A static member makes its union static (it never moves); else a kinematic member (an anchored collection,
 * a kinematic body) makes it kinematic, held as that member moves (docs/destruction.md "Cluster unions",
 * item 6); a member leaving goes with its own motion.
 *
 * <p>Writes are journalled commands: checked now (a dead body, a union's own body, an unknown collection
 * fail here with an {@link IllegalArgumentException} naming it), applied together at the start of the
 * next step (removes before adds before poses; each union rebuilt once). Reads see the state after
 * the last step. While a body is a member it is disabled; the union's body moves for it.
 */
public final class WorldUnions {
    private final World world;
    private final PhysicsWorld pw;

    WorldUnions(PhysicsWorld pw, World world) {
        this.pw = pw;
        this.world = world;
    }

    private Unions unions() {
        return world.destruction().unions();
    }

    /**
     * Adds a body (a plain body or a collection piece; a static one holds the union static, a kinematic one
     * kinematic) to union {@code union}.
     * @param union the union's id, ≥ 0 (created on first use)
     * @param body a live body, not a union's own body
     */
    public void add(int union, BodyId body) {
        world.queue(new Command.UnionAdd(union, handle(body), false));
    }

    /**
     * Adds an auxiliary body: it stays only while connected to a main member.
     * @param union the union's id, ≥ 0
     * @param body a live dynamic or kinematic body
     */
    public void addAuxiliary(int union, BodyId body) {
        world.queue(new Command.UnionAdd(union, handle(body), true));
    }

    /**
     * Adds a placed collection's dynamic and kinematic (anchored) pieces as they are (an intact collection is one member).
     * @param union the union's id, ≥ 0
     * @param collection the placed collection
     */
    public void add(int union, CollectionId collection) {
        world.queue(new Command.UnionAddCollection(union, index(collection), false, false));
    }

    /**
     * Breaks a placed collection into its children first; they join at the end of the next step.
     * @param union the union's id, ≥ 0
     * @param collection the placed collection
     */
    public void addReleased(int union, CollectionId collection) {
        world.queue(new Command.UnionAddCollection(union, index(collection), true, false));
    }

    /**
     * Takes a member out; the rest of the union is split by connectivity.
     * @param union the union's id
     * @param body the member to take out
     */
    public void remove(int union, BodyId body) {
        world.queue(new Command.UnionRemove(union, handle(body)));
    }

    /**
     * Places a member (its body origin) in the union's frame: the union's centre of mass and orientation.
     * @param union the union's id
     * @param body the member
     * @param position the member's origin in the union's frame, metres, each coordinate within
     *     ±{@link PhysicsWorld#MAX_COORDINATE}
     * @param orientation the member's orientation in the union's frame (finite, non-zero; normalised)
     * @throws IllegalArgumentException naming the position or orientation out of range, or the member's place in
     *     the world when the union exists and that lies beyond ±{@link PhysicsWorld#MAX_COORDINATE} (nothing is
     *     queued)
     */
    public void setChildToParent(int union, BodyId body, Vector3dc position, Quaterniondc orientation) {
        Objects.requireNonNull(position, "position is null");
        Objects.requireNonNull(orientation, "orientation is null");
        PhysicsWorld.finite("child-to-parent position", position);
        PhysicsWorld.rotation("child-to-parent orientation", orientation);
        Command.UnionSetChildToParent c = new Command.UnionSetChildToParent(union, handle(body), position.x(),
                position.y(), position.z(), orientation.x(), orientation.y(), orientation.z(), orientation.w());
        inWorldRange(union, position);
        world.queue(c);
    }

    /**
     * A member placed at {@code position} in existing union {@code union}'s frame lies in the world within the
     * coordinate range. Within the range in the frame was not enough: 1e9 m up in a union 9e8 m up put the member
     * at 1.9e9 m and the union's body, at their centre of mass, at 1.4e9 m, which the next step disabled (the
     * union gone without a word at the call). The union's pose now is the one the command will find unless
     * another command moves it first; its members in range keep its centre of mass in range.
     */
    private void inWorldRange(int union, Vector3dc position) {
        long h = unions().body(union);
        if (h < 0) {
            return; // made by queued commands: its frame is not known yet
        }
        BodyId u = pw.idOf(h);
        if (!pw.contains(u)) {
            return;
        }
        org.joml.Vector3d com = pw.centerOfMass(u, new org.joml.Vector3d());
        org.joml.Vector3d at = pw.orientation(u, new org.joml.Quaterniond()).transform(new org.joml.Vector3d(position))
                .add(com);
        double r = PhysicsWorld.MAX_COORDINATE;
        if (!(Math.abs(at.x) <= r && Math.abs(at.y) <= r && Math.abs(at.z) <= r)) {
            throw new IllegalArgumentException("union " + union + " member's place in the world = (" + at.x + ", " + at.y
                    + ", " + at.z + ") (child-to-parent position (" + position.x() + ", " + position.y() + ", "
                    + position.z() + ") in the union's frame, its centre of mass now at (" + com.x + ", " + com.y + ", "
                    + com.z + ")); allowed: each coordinate within ±" + r + " m");
        }
    }

    /**
     * The ids of the unions that exist, ascending.
     * @return a new array of ids
     */
    public int[] ids() {
        return unions().ids();
    }

    /**
     * Union {@code union}'s body, or null when there is no such union.
     * @param union the union's id
     * @return the body, or null
     */
    public BodyId body(int union) {
        long h = unions().body(union);
        return h < 0 ? null : pw.idOf(h);
    }

    /**
     * Union {@code union}'s members in member order (empty when there is no such union).
     * @param union the union's id
     * @return the members, a new list
     */
    public List<BodyId> members(int union) {
        List<BodyId> out = new ArrayList<>();
        for (long h : unions().members(union)) {
            out.add(pw.idOf(h));
        }
        return out;
    }

    /**
     * The union {@code body} is a member of, or -1.
     * @param body a body
     * @return the union's id, or -1
     */
    public int unionOf(BodyId body) {
        return unions().unionOfMember(handle(body));
    }

    private long handle(BodyId body) {
        return pw.handle(body);
    }

    private int index(CollectionId c) {
        pw.own(c);
        int n = world.destruction().collectionCount();
        if (c.index() >= n) {
            throw new IllegalArgumentException("collection = " + c.index() + "; allowed: [0, " + n + ")");
        }
        return c.index();
    }
}
