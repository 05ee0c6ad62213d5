package dev.rubble.scenario;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;
import dev.rubble.core.destruction.ClusterStore;
import dev.rubble.core.destruction.DestructionRuntime;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Compound;
import dev.rubble.spi.shape.ConvexHull;
import dev.rubble.spi.shape.Shape;

/**
 * The wall's pieces as loose convex hulls, for the peer comparison (bench-scenarios.md, wall:
 * "the same leaf hulls as loose convex bodies in Jolt and Bullet, starting from the poses and
 * velocities Rubble's journal records at the step with the most releases").
 *
 * <p>{@link #scenarioJson} takes a running wall world (after the step with the most releases) and
 * writes a scenario file: the ground, then one body per convex hull of every collection body
 * (an internal cluster or a released cluster carries several hulls: each becomes its own loose
 * body); with {@code leaves}, a dynamic piece gives instead the hulls of every leaf it holds
 * (bench-scenarios.md: "the same leaf hulls"), posed by the piece's body. A hull's body sits at the hull's own centre of mass, unrotated, its points in world axes
 * about it; a dynamic piece's hulls move with the piece's rigid motion at that point
 * ({@code v + ω × r}, ω); a kinematic or static piece (the anchored rest of the wall) gives static
 * hulls. Density: the collection's (2 500 kg/m³). The projectile is left out: the file is the
 * debris alone, so every engine simulates exactly the same hulls.
 */
public final class WallDebris {
    private WallDebris() {
    }

    /** Counts of a debris file. */
    public record Counts(int dynamicHulls, int staticHulls) {
    }

    /** The debris of {@code w} as scenario-file text (see the class comment). */
    public static String scenarioJson(World w, String name, int steps, double density, boolean leaves,
                                      Counts[] counts) {
        BodyStore b = w.bodies();
        DestructionRuntime d = w.destruction();
        ClusterStore cs = d.store();
        ObjectNode root = ScenarioJsonWriter.object();
        root.put("format", "rubble-scenario/1");
        root.put("name", name);
        root.put("steps", steps);
        ObjectNode world = root.putObject("world");
        world.put("dt", w.settings().dt());
        world.put("subSteps", 1);
        world.set("gravity", ScenarioJsonWriter.array(w.settings().gravityX(), w.settings().gravityY(),
                w.settings().gravityZ()));
        world.putObject("sleep").put("enabled", false);
        ArrayNode bodies = root.putArray("bodies");
        ObjectNode ground = bodies.addObject();
        ground.put("id", "ground");
        ground.put("state", "static");
        ObjectNode groundShape = ground.putObject("shape");
        groundShape.put("type", "box");
        groundShape.set("halfExtents", ScenarioJsonWriter.array(50, 0.5, 50));
        ground.set("position", ScenarioJsonWriter.array(0, -0.5, 0));
        ground.put("friction", 0.5);
        ground.put("restitution", 0.0);
        int dyn = 0;
        int fixed = 0;
        for (int i = 0; i < d.activeCount(); i++) {
            long h = cs.body[d.active(i)];
            if (h < 0) {
                continue;
            }
            int s = b.slot(h);
            boolean moving = b.motion(s) == MotionType.DYNAMIC;
            Shape sh = b.shape[s];
            double ox = b.originX(s), oy = b.originY(s), oz = b.originZ(s);
            double[] q = {b.qx[s], b.qy[s], b.qz[s], b.qw[s]};
            if (moving && leaves) {
                // the piece's leaves: asset hulls are in the collection frame; the piece's body frame is
                // the collection frame moved to the piece's centre of mass (docs/destruction.md)
                int g = d.active(i);
                var asset = d.asset(cs.collection[g]);
                int base = d.globalNode(cs.collection[g], 0);
                double mx = cs.com[3 * g], my = cs.com[3 * g + 1], mz = cs.com[3 * g + 2];
                double bx = b.px[s] - rx(q, mx, my, mz), by = b.py[s] - ry(q, mx, my, mz), bz = b.pz[s] - rz(q, mx, my, mz);
                int[] stack = new int[64];
                int top = 0;
                stack[top++] = g;
                while (top > 0) {
                    int x = stack[--top];
                    if (cs.childCount[x] == 0) {
                        int node = x - base;
                        for (int k = asset.hullStart()[node]; k < asset.hullStart()[node + 1]; k++) {
                            hull(bodies, asset.hulls()[asset.hullIndex()[k]], bx, by, bz, q, 0, 0, 0,
                                    new double[] {0, 0, 0, 1}, b, s, true, density);
                            dyn++;
                        }
                        continue;
                    }
                    for (int ch = cs.firstChild[x]; ch >= 0; ch = cs.nextSibling[ch]) {
                        if (top == stack.length) {
                            stack = java.util.Arrays.copyOf(stack, 2 * top);
                        }
                        stack[top++] = ch;
                    }
                }
            } else if (sh instanceof ConvexHull hull) {
                hull(bodies, hull, ox, oy, oz, q, 0, 0, 0, new double[] {0, 0, 0, 1}, b, s, moving, density);
                if (moving) {
                    dyn++;
                } else {
                    fixed++;
                }
            } else if (sh instanceof Compound c) {
                for (int k = 0; k < c.childCount(); k++) {
                    Compound.Child ch = c.child(k);
                    if (!(ch.shape() instanceof ConvexHull hull)) {
                        throw new IllegalStateException("a collection body holds a " + ch.shape().type()
                                + "; allowed: convex hulls");
                    }
                    hull(bodies, hull, ox, oy, oz, q, ch.x(), ch.y(), ch.z(), new double[] {ch.qx(), ch.qy(), ch.qz(), ch.qw()},
                            b, s, moving, density);
                    if (moving) {
                        dyn++;
                    } else {
                        fixed++;
                    }
                }
            } else {
                throw new IllegalStateException("a collection body is a " + sh.type() + "; allowed: hull or compound");
            }
        }
        if (counts != null && counts.length > 0) {
            counts[0] = new Counts(dyn, fixed);
        }
        return ScenarioJsonWriter.write(root);
    }

    /** One loose hull: points in world axes about the hull's centre of mass. */
    private static void hull(ArrayNode bodies, ConvexHull hull, double ox, double oy, double oz, double[] q,
                             double cx, double cy, double cz, double[] cq, BodyStore b, int s, boolean moving,
                             double density) {
        int n = hull.vertexCount();
        double[] p = new double[3 * n];
        double[] t = new double[3];
        for (int v = 0; v < n; v++) {
            rotate(cq, hull.vertex(v, 0), hull.vertex(v, 1), hull.vertex(v, 2), t);
            rotate(q, t[0] + cx, t[1] + cy, t[2] + cz, t);
            p[3 * v] = ox + t[0];
            p[3 * v + 1] = oy + t[1];
            p[3 * v + 2] = oz + t[2];
        }
        var mp = hull.massProperties(1);
        rotate(cq, mp.comX(), mp.comY(), mp.comZ(), t);
        rotate(q, t[0] + cx, t[1] + cy, t[2] + cz, t);
        double gx = ox + t[0], gy = oy + t[1], gz = oz + t[2];
        double vx = 0, vy = 0, vz = 0, wx = 0, wy = 0, wz = 0;
        if (moving) {
            wx = b.wx[s];
            wy = b.wy[s];
            wz = b.wz[s];
            double rx = gx - b.px[s], ry = gy - b.py[s], rz = gz - b.pz[s];
            vx = b.vx[s] + wy * rz - wz * ry;
            vy = b.vy[s] + wz * rx - wx * rz;
            vz = b.vz[s] + wx * ry - wy * rx;
        }
        ObjectNode body = bodies.addObject();
        body.put("state", moving ? "dynamic" : "static");
        ObjectNode shape = body.putObject("shape");
        shape.put("type", "convexHull");
        ArrayNode points = shape.putArray("points");
        for (int v = 0; v < n; v++) {
            points.add(ScenarioJsonWriter.array(p[3 * v] - gx, p[3 * v + 1] - gy, p[3 * v + 2] - gz));
        }
        body.set("position", ScenarioJsonWriter.array(gx, gy, gz));
        if (moving) {
            body.put("density", density);
            body.set("linearVelocity", ScenarioJsonWriter.array(vx, vy, vz));
            body.set("angularVelocity", ScenarioJsonWriter.array(wx, wy, wz));
        }
        body.put("friction", 0.5);
        body.put("restitution", 0.0);
    }

    private static double rx(double[] q, double x, double y, double z) {
        double[] t = new double[3];
        rotate(q, x, y, z, t);
        return t[0];
    }

    private static double ry(double[] q, double x, double y, double z) {
        double[] t = new double[3];
        rotate(q, x, y, z, t);
        return t[1];
    }

    private static double rz(double[] q, double x, double y, double z) {
        double[] t = new double[3];
        rotate(q, x, y, z, t);
        return t[2];
    }

    /** out = R(q) v. */
    private static void rotate(double[] q, double x, double y, double z, double[] out) {
        double ux = q[0], uy = q[1], uz = q[2], w = q[3];
        double tx = 2 * (uy * z - uz * y), ty = 2 * (uz * x - ux * z), tz = 2 * (ux * y - uy * x);
        out[0] = x + w * tx + (uy * tz - uz * ty);
        out[1] = y + w * ty + (uz * tx - ux * tz);
        out[2] = z + w * tz + (ux * ty - uy * tx);
    }
}
