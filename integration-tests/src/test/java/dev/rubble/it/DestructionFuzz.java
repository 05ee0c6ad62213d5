package dev.rubble.it;

import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.BreakEvent;
import dev.rubble.api.CollectionId;
import dev.rubble.api.ConstraintSpec;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.Fields;
import dev.rubble.api.Piece;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.WorldDestruction;
import dev.rubble.cache.journal.JournalWriter;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.destruction.ImpactMode;
import dev.rubble.spi.StageConfig;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Plane;
import dev.rubble.spi.shape.Shape;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * A fuzz of destruction at run time (dfuzz17, docs/destruction.md "The destruction fuzz"): seeded random scenes of a
 * geometry collection (fractured by {@code voronoi}, {@code brick} or {@code slice}, sometimes auto-clustered into a
 * second level, free or anchored, {@code impactMode} chaos or resolve) thrown in zero gravity, dropped on a static
 * floor, resting on it, struck by balls and boxes at random speeds, broken by strain commands, crumbled, cut, anchored
 * and freed, blown by fields (an explosion, a wind, a kill zone, internal strain), joined to a ball by a joint and
 * welded to a box in a cluster union, with a break budget on or off and removal on break, built through
 * {@code dev.rubble.api} (the kernel's placement only for {@code impactMode} and anchor boxes). After every step it
 * checks what a user relies on, each against a bound that does not come from the engine:
 * <ul>
 * <li><b>finite</b>: every live body's pose and velocity;</li>
 * <li><b>mass</b>: every leaf of the asset is carried by a live body ({@code bodyOf}) or was named by a removal or
 *     kill event (an internal cluster's by the leaves its body carried the step before); each dynamic body's mass
 *     is the sum of the asset's masses of the leaves it carries, and the carried and removed leaves' masses sum
 *     to the root's (the asset's masses are volumes times one density: exact to round-off, 1e-9 relative);</li>
 * <li><b>events</b>: a BREAK or RELEASE event's body is live after the step, simulates the event's node
 *     ({@code pieceOf}) and is free ({@code isFree}); a CLUSTER event's body simulates an internal cluster (node -1);
 *     the event's mass is the body's, in {@code resolve} too, where a later trial pass of the step may break again
 *     what an earlier one released (the listener hears only the pieces that replaced it: docs/events.md "Breaks
 *     within one step"; dfuzz18);</li>
 * <li><b>momentum and energy in zero gravity</b> (nothing but the collection): a step's linear momentum is the step
 *     before's to 1e-11 of {@code Σ m |v|} a step (a release gives its children the holder's velocity at their
 *     place, {@code v + ω × r}, a rigid motion that keeps the momentum exactly, as contacts between the pieces do),
 *     except where the engine makes momentum by design: a removed piece takes its own, and in {@code chaos} a holder
 *     that breaks gives the bodies that struck it back half their impulse without paying it (restoreMomentum,
 *     Chaos's RestoreBreakingMomentum); the kinetic energy after a step without a break is not above the step before's by more than
 *     1e-4 of it (a packed heap of touching pieces: up to 5.2e-5 measured, open); released clusters no longer start
 *     inside a sibling (their collision proxies are cut back at authoring, dfuzz18), so there is no push-out
 *     allowance;</li>
 * <li><b>energy with gravity</b>: while the collection is one body and nothing else moves, after a step with no
 *     break, field or command, not above the step before's by more than the rigid fuzz's
 *     {@link PhysicsFuzz#energySlack}. A heap of released pieces landing pressed together is the rigid fuzz's "many
 *     bodies created touching" and gains up to 5 % in a step (documented open), and a ball squeezed between the
 *     collection and the floor is the documented heavy-on-light limit: both kept out;</li>
 * <li><b>floor</b>: in a quiet step (every body slower than 1 m/s before it) a piece in its first step is no deeper
 *     in the floor than the collection's deepest body before the step plus 1 cm plus what the holder can move in the
 *     step (a release puts pieces where the holder carried them); no body's centre passes more than its extent plus
 *     0.25 m under the floor's top within its footprint (the rigid fuzz's rule);</li>
 * <li><b>determinism and journal</b> (the test): the same state hash after every step at 1, 2 and 3 threads on
 *     every fourth seed, and every eighth seed's journal verifies.</li>
 * </ul>
 */
final class DestructionFuzz {
    private DestructionFuzz() {
    }

    static final boolean TRACE = Boolean.getBoolean("rubble.dfuzz.trace");

    /** How the collection meets the world. */
    enum Kind { FREE, DROP, REST, STRIKE, ANCHORED }

    /** Everything drawn from the seed that names the scene. */
    record Scene(long seed, Kind kind, String recipe, double dt, int subSteps, int steps, boolean resolve,
                 int budget, int field, boolean joint, boolean union, boolean removal, boolean plane, String text) {
    }

    record Finding(int step, String what) {
        @Override
        public String toString() {
            return "step " + step + ": " + what;
        }
    }

    record Run(List<Finding> findings, long[] hashes, int breaks) {
    }

    private static double logUniform(SplittableRandom r, double lo, double hi) {
        return Math.exp(Math.log(lo) + r.nextDouble() * (Math.log(hi) - Math.log(lo)));
    }

    static Scene scene(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        Kind kind = Kind.values()[r.nextInt(Kind.values().length)];
        double[] dts = {1.0 / 120, 1.0 / 60, 1.0 / 30};
        double dt = dts[r.nextInt(dts.length)];
        int sub = 1 + r.nextInt(2);
        int steps = 30 + r.nextInt(30);
        double hx = 0.15 + 0.85 * r.nextDouble(), hy = 0.15 + 0.85 * r.nextDouble(), hz = 0.1 + 0.5 * r.nextDouble();
        String level;
        int method = r.nextInt(3);
        int leaves;
        if (method == 0) {
            leaves = 3 + r.nextInt(22);
            level = String.format(Locale.ROOT, "{\"method\": \"voronoi\", \"options\": {\"count\": %d}}", leaves);
        } else if (method == 1) {
            int nx = 1 + r.nextInt(4), ny = 1 + r.nextInt(4);
            leaves = nx * ny;
            level = String.format(Locale.ROOT, "{\"method\": \"brick\", \"options\": {\"length\": %.4f, \"height\": %.4f, \"depth\": %.4f}}",
                    2 * hx / nx, 2 * hy / ny, 2 * hz);
        } else {
            int x = r.nextInt(4), y = r.nextInt(4), z = r.nextInt(2);
            leaves = (x + 1) * (y + 1) * (z + 1);
            level = String.format(Locale.ROOT, "{\"method\": \"slice\", \"options\": {\"x\": %d, \"y\": %d, \"z\": %d,"
                    + " \"angleJitter\": %.2f, \"offsetJitter\": %.2f}}", x, y, z, r.nextInt(2) * 20 * r.nextDouble(),
                    0.4 * r.nextDouble());
        }
        String cluster = leaves >= 6 && r.nextInt(3) == 0 ? ", \"cluster\": " + (2 + r.nextInt(3)) : "";
        String graph = r.nextBoolean() ? "" : ", \"graph\": \"bounds-overlap-delaunay\"";
        String recipe = String.format(Locale.ROOT, "{\"box\": [%.4f, %.4f, %.4f], \"seed\": %d, \"density\": %.1f, \"levels\": [%s]%s%s}",
                hx, hy, hz, r.nextInt(1000), logUniform(r, 100, 8000), level, cluster, graph);
        boolean resolve = r.nextInt(3) == 0;
        int budget = r.nextInt(3) == 0 ? 1 + r.nextInt(3) : -1;
        int field = r.nextInt(6); // 0: none, 1: explosion, 2: wind, 3: kill zone, 4: internal strain, 5: none
        if (field == 5) {
            field = 0;
        }
        boolean joint = r.nextInt(4) == 0;
        boolean union = kind != Kind.FREE && r.nextInt(5) == 0;
        boolean removal = r.nextInt(5) == 0;
        boolean plane = r.nextInt(3) == 0;
        if (kind == Kind.FREE && (field == 2 || field == 3)) {
            field = 0; // a wind or kill changes the momentum the zero-gravity checks keep
        }
        String text = String.format(Locale.ROOT, "seed %d %s dt=%.5f sub=%d steps=%d %s budget=%d field=%d joint=%b union=%b removal=%b plane=%b recipe=%s",
                seed, kind, dt, sub, steps, resolve ? "resolve" : "chaos", budget, field, joint, union, removal, plane, recipe);
        return new Scene(seed, kind, recipe, dt, sub, steps, resolve, budget, field, joint, union, removal, plane, text);
    }

    /** What the scene holds, for the checks. */
    private static final class Built {
        PhysicsWorld w;
        CollectionId c;
        CollectionAsset asset;
        final List<BodyId> others = new ArrayList<>();
        double g;
        boolean constrained; // a joint or a union: energy is not checked (a joint's bias may push)
        boolean freeMomentum; // zero gravity and nothing but the collection's own bodies
        double scale; // energy scale, J
        double extent; // the collection's circumscribed radius about its centre of mass
    }

    static PhysicsWorld world(Scene s, int threads) {
        WorldSettings ws = WorldSettings.defaults().withStep(s.dt(), s.subSteps()).withThreads(threads);
        ws = s.kind() == Kind.FREE ? ws.withGravity(0, 0, 0) : ws.withGravity(0, -9.81, 0);
        if (Integer.getInteger("rubble.dfuzz.velocityIterations") != null) { // diagnosis: other iteration counts
            ws = ws.withIterations(Integer.getInteger("rubble.dfuzz.velocityIterations"), Integer.getInteger("rubble.dfuzz.relaxIterations"));
        }
        return PhysicsWorld.wrap(World.create(ws, DeterminismFuzz.STAGES), null);
    }

    private static Built build(Scene s, int threads, SplittableRandom r) {
        Built b = new Built();
        PhysicsWorld w = world(s, threads);
        b.w = w;
        b.g = s.kind() == Kind.FREE ? 0 : 9.81;
        b.asset = WorldDestruction.fracture(s.recipe());
        double[] bounds = b.asset.bounds(); // the root's bounds, collection frame
        double ex = Math.max(Math.abs(bounds[0]), Math.abs(bounds[3])), ey = Math.max(Math.abs(bounds[1]), Math.abs(bounds[4])),
                ez = Math.max(Math.abs(bounds[2]), Math.abs(bounds[5]));
        b.extent = 2 * Math.sqrt(ex * ex + ey * ey + ez * ez);
        double mass = b.asset.mass()[0];
        if (s.kind() != Kind.FREE) {
            if (s.plane()) {
                w.addBody(BodySpec.fixed(new Plane(0, 1, 0, 0)));
            } else {
                w.addBody(BodySpec.fixed(new Box(30, 0.5, 30)).withPosition(new Vector3d(0, -0.5, 0)));
            }
        }
        DestructionOptions o = DestructionOptions.defaults().withImpactMode(s.resolve() ? ImpactMode.RESOLVE : ImpactMode.CHAOS);
        if (Boolean.getBoolean("rubble.dfuzz.noRestore")) { // diagnosis: without restoreMomentum
            o = o.withRestoreMomentum(0);
        }
        double t0 = logUniform(r, 1, 1e5);
        String thresholds = String.format(Locale.ROOT, "%.6g, %.6g", t0, t0 * logUniform(r, 0.05, 1));
        o = o.withDamageModel(null, StageConfig.of(Map.of("thresholds", thresholds)));
        Quaterniond q = new Quaterniond();
        Vector3d at = new Vector3d();
        Vector3d v = new Vector3d(), om = new Vector3d();
        double[] anchorBox = null;
        switch (s.kind()) {
            case FREE -> {
                q.rotateXYZ(6 * r.nextDouble(), 6 * r.nextDouble(), 6 * r.nextDouble());
                v.set(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).normalize(r.nextInt(3) == 0 ? 0 : logUniform(r, 0.1, 30));
                om.set(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).normalize(r.nextInt(3) == 0 ? 0 : logUniform(r, 0.1, 10));
            }
            case DROP -> {
                q.rotateXYZ(6 * r.nextDouble(), 6 * r.nextDouble(), 6 * r.nextDouble());
                at.set(0, b.extent + 0.02 + 4 * r.nextDouble(), 0);
                v.set(r.nextDouble() - 0.5, -r.nextDouble(), r.nextDouble() - 0.5).normalize(r.nextInt(2) == 0 ? 0 : logUniform(r, 0.1, 20));
                om.set(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).normalize(r.nextInt(2) == 0 ? 0 : logUniform(r, 0.1, 5));
            }
            case REST, STRIKE -> at.set(0, -bounds[1] + 0.001, 0);
            default -> { // ANCHORED: standing on the floor, the leaves in its lowest fifth anchored
                at.set(0, -bounds[1] + 0.001, 0);
                double h = bounds[1] + 0.2 * (bounds[4] - bounds[1]);
                anchorBox = new double[] {bounds[0] - 1, bounds[1] - 1, bounds[2] - 1, bounds[3] + 1, h, bounds[5] + 1};
            }
        }
        CollectionPlacement pl = CollectionPlacement.at(at.x, at.y, at.z).withOrientation(q.x, q.y, q.z, q.w)
                .withVelocity(v.x, v.y, v.z, om.x, om.y, om.z).withAnchors(null, anchorBox).withOptions(o).withLabel("c");
        b.c = w.destruction().collection(w.kernel().placeCollection(b.asset, pl));
        BodyId holder = w.destruction().bodyOf(b.c, 0);
        b.scale = 0.5 * mass * v.lengthSquared() + 0.5 * mass * om.lengthSquared() * b.extent * b.extent + mass * b.g * (at.y + b.extent);
        if (s.kind() == Kind.STRIKE || s.kind() == Kind.ANCHORED || (s.kind() == Kind.REST && r.nextBoolean())) {
            int n = 1 + r.nextInt(3);
            for (int i = 0; i < n; i++) {
                double m = logUniform(r, 0.1, 2000);
                double size = 0.05 + 0.3 * r.nextDouble();
                Shape sh = r.nextBoolean() ? new Sphere(size) : new Box(size, size * (0.3 + r.nextDouble()), size);
                Vector3d dir = new Vector3d(r.nextDouble() - 0.5, 0.5 * r.nextDouble() - 0.1, r.nextDouble() - 0.5).normalize();
                Vector3d target = new Vector3d(bounds[0] + r.nextDouble() * (bounds[3] - bounds[0]),
                        bounds[1] + r.nextDouble() * (bounds[4] - bounds[1]), 0).add(at);
                Vector3d from = new Vector3d(target).fma(b.extent + 2 * size + 0.3 + 2 * r.nextDouble() + 1.0 * i, dir);
                from.y = Math.max(from.y, 2 * size + 0.05);
                double speed = logUniform(r, 0.5, 150);
                Vector3d vel = new Vector3d(target).sub(from).normalize(speed);
                BodyId id = w.addBody(BodySpec.dynamic(sh).withMass(m).withPosition(from).withLinearVelocity(vel).withLabel("i" + i));
                b.others.add(id);
                b.scale += 0.5 * m * speed * speed + m * b.g * (from.y + 1);
            }
        }
        if (s.joint()) {
            b.constrained = true;
            double m = logUniform(r, 0.1, 500);
            Vector3d p = w.centerOfMass(holder, new Vector3d()).add(0, b.extent + 0.3, 0);
            BodyId ball = w.addBody(BodySpec.dynamic(new Sphere(0.1)).withMass(m).withPosition(p).withLabel("jointed"));
            b.others.add(ball);
            Vector3d anchor = new Vector3d(p).sub(0, 0.15, 0);
            ConstraintSpec spec = switch (r.nextInt(3)) {
                case 0 -> ConstraintSpec.ball(anchor);
                case 1 -> ConstraintSpec.distance(anchor, p);
                default -> ConstraintSpec.fixed(anchor);
            };
            if (!Boolean.getBoolean("rubble.dfuzz.noJoint")) { // diagnosis: the scene without its joint (same draws)
                w.addConstraint(holder, ball, spec);
            }
            if (TRACE) {
                System.out.printf(Locale.ROOT, "TRACE joint %s to a %.4g kg ball%n", spec.type(), m);
            }
            b.scale += m * b.g * (p.y + 1);
        }
        if (s.union()) {
            b.constrained = true;
            double m = logUniform(r, 1, 500);
            Vector3d p = w.centerOfMass(holder, new Vector3d()).add(b.extent + 0.3, 0, 0);
            p.y = Math.max(p.y, 0.31);
            BodyId box = w.addBody(BodySpec.dynamic(new Box(0.3, 0.3, 0.3)).withMass(m).withPosition(p).withLabel("welded"));
            b.others.add(box);
            if (r.nextBoolean()) {
                w.unions().add(0, b.c);
            } else {
                w.unions().addReleased(0, b.c);
            }
            w.unions().add(0, box);
            b.scale += m * b.g * (p.y + 1);
        }
        if (s.budget() > 0) {
            w.setBreakBudget(s.budget());
        }
        if (s.removal()) {
            w.setRemoveOnBreak(b.c.index(), true, 0, 0.2, 0.05, 0.2);
        }
        b.freeMomentum = s.kind() == Kind.FREE && b.others.isEmpty();
        b.scale = Math.max(b.scale, 1e-9);
        return b;
    }

    /** One step's break events, copied out of the reused buffer. */
    private record Ev(BreakEvent.Kind kind, int collection, int node, BodyId body, double mass) {
    }

    static Run run(Scene s, int threads) {
        return run(s, threads, null);
    }

    /** Runs the scene; with {@code journal} non-null, recorded there (a new or empty directory). */
    static Run run(Scene s, int threads, Path journal) {
        SplittableRandom r = new SplittableRandom(s.seed() * 0x9E3779B97F4A7C15L + 17);
        Built b = build(s, threads, r);
        PhysicsWorld w = b.w;
        WorldDestruction d = w.destruction();
        List<Ev> events = new ArrayList<>();
        d.addBreakListener(e -> events.add(new Ev(e.kind(), e.collection().index(), e.node(), e.body(), e.mass())));
        // what is sent when: a strain or command at one step, a field at another
        int commandAt = r.nextInt(Math.max(1, s.steps() - 5));
        int command = r.nextInt(6);
        int fieldAt = r.nextInt(Math.max(1, s.steps() - 5));
        int node = b.asset.nodeCount() == 1 ? 0 : 1 + r.nextInt(b.asset.nodeCount() - 1);
        double strain = r.nextInt(4) == 0 ? Double.POSITIVE_INFINITY : logUniform(r, 1, 1e6);
        double fieldMag = logUniform(r, 1, 1e6);
        double fieldRadius = 0.2 + 2 * r.nextDouble();
        Vector3d fieldOff = new Vector3d(r.nextDouble() - 0.5, r.nextDouble() - 0.5, r.nextDouble() - 0.5).mul(b.extent);
        int bond = b.asset.edgeCount() == 0 ? -1 : r.nextInt(b.asset.edgeCount());
        boolean[] removedLeaf = new boolean[b.asset.nodeCount()];
        Map<BodyId, List<Integer>> carriedBefore = carriedLeaves(b); // the leaves each body carried after the step before
        List<Finding> found = new ArrayList<>();
        long[] hashes = new long[s.steps()];
        int breaks = 0;
        JournalWriter jw = journal == null ? null : JournalWriter.attach(journal, w, "dfuzz");
        try {
            double before = energy(w, b.g);
            double[] p0 = PhysicsFuzz.momentum(w);
            // round-off scale: Σ m |v|, and at least the collection's mass times 1 µm/s (a scene at rest has a scale
            // of 0, and its touching pieces' round-off moved 1e-29 kg m/s: seed 171252)
            double pScale = Math.max(p0[3], 1e-6 * b.asset.mass()[0]);
            double deepest = deepestOf(b);
            for (int k = 0; k < s.steps(); k++) {
                boolean sent = false;
                if (k == commandAt) {
                    sent = true;
                    switch (command) {
                        case 0 -> d.applyStrain(b.c, node, strain);
                        case 1 -> {
                            BodyId h = d.bodyOf(b.c, node);
                            Vector3d p = h == null ? new Vector3d() : w.centerOfMass(h, new Vector3d());
                            d.applyStrainAt(p, 0.1 + b.extent * r.nextDouble(), strain, 1 + r.nextInt(3), r.nextDouble());
                        }
                        case 2 -> d.crumble(b.c, b.asset.parent()[node] < 0 ? 0 : b.asset.parent()[node]);
                        case 3 -> {
                            if (bond >= 0) {
                                d.cutBond(b.c, bond);
                            }
                        }
                        case 4 -> d.setAnchor(b.c, node, s.kind() != Kind.ANCHORED && s.kind() != Kind.FREE);
                        default -> d.addInternalStrain(b.c, node, -logUniform(r, 1, 1e6));
                    }
                }
                if (k == fieldAt && s.field() != 0) {
                    sent = true;
                    BodyId h = d.bodyOf(b.c, 0) != null ? d.bodyOf(b.c, 0) : d.bodyOf(b.c, node);
                    Vector3d c = h == null ? new Vector3d() : w.centerOfMass(h, new Vector3d()).add(fieldOff);
                    switch (s.field()) {
                        case 1 -> {
                            w.applyField(Fields.Target.EXTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(c, fieldRadius).magnitude(fieldMag)
                                    .falloff("squared"), FieldOptions.once().resolution("maximum"));
                            if (!b.freeMomentum) {
                                w.applyField(Fields.Target.LINEAR_VELOCITY, Fields.radialVector(c).times(Fields.radialFalloff(c, fieldRadius)
                                        .magnitude(Math.min(50, fieldMag))), FieldOptions.once().state("disabled"));
                            }
                        }
                        // a wind of at most 20 m/s² on the lightest body (1e4 N on a 0.12 kg ball joined to a piece
                        // dragged it through the floor at 83 000 m/s², seed 172767: an input no game sends)
                        case 2 -> w.applyField(Fields.Target.LINEAR_FORCE, Fields.uniformVector(new Vector3d(1, 0.2, 0).normalize(),
                                Math.min(fieldMag, 20 * lightest(w))), FieldOptions.persistent("wind"));
                        // pieces only: the default state `all` kills static bodies too, the floor among them, and everything
                        // falls through the hole (docs/fields.md, metadata: a user's choice, not a defect)
                        case 3 -> w.applyField(Fields.Target.KILL, Fields.radialFalloff(c, fieldRadius).magnitude(1),
                                FieldOptions.persistent("kill").object("destruction"));
                        default -> w.applyField(Fields.Target.INTERNAL_CLUSTER_STRAIN, Fields.radialFalloff(c, fieldRadius)
                                .magnitude(-fieldMag), FieldOptions.once());
                    }
                }
                if (TRACE && sent) {
                    System.out.printf(Locale.ROOT, "TRACE sent before step %d: command %d at %d (node %d, strain %.4g), field %d at %d (%.4g, r %.3f)%n",
                            k, command, commandAt, node, strain, s.field(), fieldAt, fieldMag, fieldRadius);
                }
                boolean persistentField = (s.field() == 2 || s.field() == 3) && k >= fieldAt;
                // quiet: every dynamic body slower than 1 m/s before the step, so the holder a piece leaves moves at
                // most (1 + g dt) dt into the floor in the step: a piece starts no deeper than that, the collection's
                // deepest body before and 1 cm (a release puts it where the holder carried it). In a step with a fast
                // body the holder itself may be squeezed into the floor before it breaks (docs/dynamics.md "Physical
                // limits"), which is no release's doing
                boolean quiet = maxSpeed(w) < 1;
                // with gravity, energy is checked while the collection is one body: a heap of released pieces pressed
                // together and landing is the rigid fuzz's "many bodies created touching", kept out there as a known
                // gain (docs/destruction.md "The destruction fuzz": up to 5 % of the scene's energy in a step)
                // and nothing else moves in the scene: a ball or box pressed between the collection and the floor is
                // the documented heavy-on-light squeeze (docs/dynamics.md "A light body between a heavy one and static
                // geometry"; seed 171680's gained 2.8 J a step of 7 946)
                boolean intact = carriedBefore.size() <= 1 && b.others.isEmpty();
                // the push-out of the body's own overlap with the floor lifts it by at most that depth, the depth
                // before the step plus the g dt² gravity can sink it within the step: M g (depth + g dt²) (the relax
                // pass takes the push's velocity back; seed 172065's landing gained 0.14 J of 17 272)
                double lift = b.asset.mass()[0] * b.g * Math.max(0, deepest) + b.asset.mass()[0] * b.g * b.g * s.dt() * s.dt();
                events.clear();
                w.step();
                hashes[k] = w.stateHash();
                String nf = PhysicsFuzz.nonFinite(w);
                if (nf != null) {
                    found.add(new Finding(k, nf));
                    break;
                }
                int stepBreaks = w.lastProfile().breaks() + w.lastProfile().released();
                boolean removedMomentum = false;
                breaks += events.size();
                // events against the state
                for (int ei = 0; ei < events.size(); ei++) {
                    Ev e = events.get(ei);
                    if (e.kind() == BreakEvent.Kind.REMOVED || e.kind() == BreakEvent.Kind.KILLED) {
                        if (e.node() >= 0) {
                            markLeaves(b.asset, e.node(), removedLeaf);
                        } else { // an internal cluster: the leaves its body carried after the step before
                            for (int leaf : carriedBefore.getOrDefault(e.body(), List.of())) {
                                removedLeaf[leaf] = true;
                            }
                        }
                        removedMomentum = true;
                        continue;
                    }
                    if (e.kind() == BreakEvent.Kind.CRUMBLE) {
                        continue;
                    }
                    if (!w.contains(e.body())) {
                        found.add(new Finding(k, e.kind() + " event of node " + e.node() + " names a body that is not live"));
                        continue;
                    }
                    Piece p = d.pieceOf(e.body());
                    if (p == null || p.node() != e.node() || p.collection().index() != e.collection()) {
                        found.add(new Finding(k, e.kind() + " event of node " + e.node() + ": its body simulates " + p));
                    } else if (e.node() >= 0 && !d.isFree(b.c, e.node())) {
                        found.add(new Finding(k, e.kind() + " event of node " + e.node() + ": the node is not free"));
                    }
                    if (Double.isFinite(w.mass(e.body())) && Math.abs(w.mass(e.body()) - e.mass()) > 1e-9 * e.mass()) {
                        found.add(new Finding(k, String.format(Locale.ROOT, "%s event of node %d: mass %.9g, its body's %.9g",
                                e.kind(), e.node(), e.mass(), w.mass(e.body()))));
                    }
                }
                checkMass(b, removedLeaf, k, found);
                // floor: pieces in their first step no deeper than their collection's deepest body before, plus 1 cm
                if (s.kind() != Kind.FREE && quiet) {
                    for (Ev e : events) {
                        if ((e.kind() == BreakEvent.Kind.BREAK || e.kind() == BreakEvent.Kind.RELEASE || e.kind() == BreakEvent.Kind.CLUSTER)
                                && w.contains(e.body())) {
                            double depth = depth(w, e.body());
                            if (depth > Math.max(0, deepest) + 0.01 + (1 + b.g * s.dt()) * s.dt()) {
                                found.add(new Finding(k, String.format(Locale.ROOT, "%s of node %d starts %.4f m into the floor (its collection's deepest body was %.4f m in)",
                                        e.kind(), e.node(), depth, deepest)));
                            }
                        }
                    }
                }
                if (s.kind() != Kind.FREE) {
                    throughFloor(b, k, found);
                }
                double e = energy(w, b.g);
                // chaos: a holder that breaks gives the bodies that struck it back a share of the impulse they got
                // (restoreMomentum 0.5, Chaos's RestoreBreakingMomentum; MomentumReturn) without paying it itself, so
                // a break step between touching pieces makes momentum and energy by design; resolve pays it back
                boolean chaosBreak = !s.resolve() && stepBreaks > 0;
                if (b.freeMomentum && (removedMomentum || chaosBreak)) {
                    p0 = PhysicsFuzz.momentum(w); // a removed piece took its momentum with it; chaos returned some
                    pScale = Math.max(pScale, p0[3]);
                } else if (b.freeMomentum) {
                    double[] p = PhysicsFuzz.momentum(w);
                    pScale = Math.max(pScale, p[3]);
                    double dp = Math.sqrt((p[0] - p0[0]) * (p[0] - p0[0]) + (p[1] - p0[1]) * (p[1] - p0[1]) + (p[2] - p0[2]) * (p[2] - p0[2]));
                    if (dp > 1e-11 * (k + 1) * pScale) {
                        found.add(new Finding(k, String.format(Locale.ROOT, "linear momentum moved by %.3g of scale %.3g (%d breaks in the step)",
                                dp, pScale, stepBreaks)));
                    }
                    // 1e-4 of the energy: a packed heap of touching pieces tumbling in zero gravity gains up to 5.2e-5
                    // of its energy in a step without a break (seeds 172190, 173488, 173711, 173940 of 4 000; the rigid
                    // fuzz's gas 1.2e-6; docs/destruction.md "The destruction fuzz", open); a release from rest that
                    // sets pieces moving has no energy to be measured against and fails at any tolerance
                    // not in a break step: restoreMomentum gives the bodies pressing on a breaking holder back half their
                    // impulse (resolve makes the holder pay it, momentum kept), push-out included, which adds energy
                    // by design (seed 171758, resolve: +0.3 J of 147 in a step with 5 breaks; 0 without restoreMomentum)
                    if (stepBreaks == 0 && e > before + 1e-4 * Math.max(before, 1e-9)) {
                        found.add(new Finding(k, String.format(Locale.ROOT, "kinetic energy rose in a zero-gravity step: %.9g -> %.9g J (%d breaks)",
                                before, e, stepBreaks)));
                    }
                } else if (!sent && !persistentField && stepBreaks == 0 && events.isEmpty() && !b.constrained && intact
                        && e > before + PhysicsFuzz.energySlack(b.scale, lift)) {
                    found.add(new Finding(k, String.format(Locale.ROOT, "energy rose in a step without a break or command: %.9g -> %.9g J (by %.3g, slack %.3g)",
                            before, e, e - before, PhysicsFuzz.energySlack(b.scale, lift))));
                }
                if (TRACE) {
                    StringBuilder leaves = new StringBuilder();
                    for (int n = 0; n < b.asset.nodeCount(); n++) {
                        BodyId h = d.bodyOf(b.c, n);
                        leaves.append(' ').append(n).append(b.asset.childCount()[n] == 0 ? "" : "*").append('=')
                                .append(h == null ? "-" : h.handle() + (w.isDisabled(h) ? "d" : "") + (d.isFree(b.c, n) ? "f" : ""));
                    }
                    StringBuilder bodies = new StringBuilder();
                    List<BodyId> traced = new ArrayList<>(carriedLeaves(b).keySet());
                    for (BodyId o : b.others) {
                        if (w.contains(o)) {
                            traced.add(o); // the balls, boxes and the jointed or welded body too
                        }
                    }
                    for (BodyId h : traced) {
                        Vector3d c = w.centerOfMass(h, new Vector3d()), v = w.linearVelocity(h, new Vector3d());
                        Vector3d om = w.angularVelocity(h, new Vector3d());
                        bodies.append(String.format(Locale.ROOT, "%n   %s m %.9g depth %.4f c (%.4f %.4f %.4f) v (%.4f %.4f %.4f) w (%.3f %.3f %.3f)%s%s", h,
                                w.mass(h), depth(w, h), c.x, c.y, c.z, v.x, v.y, v.z, om.x, om.y, om.z,
                                w.isDisabled(h) ? " disabled" : "", w.isAsleep(h) ? " asleep" : "")).append(' ')
                                .append(w.kernel().bodies().shape[w.kernel().bodies().slot(h.handle())].type());
                    }
                    dev.rubble.core.destruction.ClusterStore cs = w.kernel().destruction().store();
                    for (int g = 0; g < cs.size(); g++) {
                        if (cs.parent[g] != -1 || cs.body[g] == -1 || cs.childCount[g] == 0) {
                            continue;
                        }
                        double mm = 0, cx = 0, cy = 0, cz = 0;
                        for (int ch = cs.firstChild[g]; ch != -1; ch = cs.nextSibling[ch]) {
                            mm += cs.mass[ch];
                            cx += cs.mass[ch] * cs.com[3 * ch];
                            cy += cs.mass[ch] * cs.com[3 * ch + 1];
                            cz += cs.mass[ch] * cs.com[3 * ch + 2];
                        }
                        bodies.append(String.format(Locale.ROOT, "%n   top %d (node %d, body %d): mass %.9g children %.9g, com - children's (%.3g %.3g %.3g)",
                                g, cs.node[g], cs.body[g], cs.mass[g], mm, cs.com[3 * g] - cx / mm, cs.com[3 * g + 1] - cy / mm, cs.com[3 * g + 2] - cz / mm));
                    }
                    if (Boolean.getBoolean("rubble.dfuzz.traceContacts")) {
                        dev.rubble.core.collision.ContactStore cst = w.kernel().contacts();
                        BodyStore bst = w.kernel().bodies();
                        for (int m = 0; m < cst.size(); m++) {
                            bodies.append(String.format(Locale.ROOT, "%n   manifold %d-%d (%s-%s) n (%.3f %.3f %.3f) points %d sep %.4f", cst.bodyA[m], cst.bodyB[m],
                                    bst.label[cst.bodyA[m]], bst.label[cst.bodyB[m]], cst.nx[m], cst.ny[m], cst.nz[m], cst.pointCount[m],
                                    cst.pointCount[m] > 0 ? cst.separation[m * dev.rubble.core.collision.ContactStore.MAX_POINTS] : Double.NaN));
                        }
                    }
                    double[] pm = PhysicsFuzz.momentum(w);
                    System.out.printf(Locale.ROOT, "TRACE %d E %.9g p (%.9g %.9g %.9g) breaks %d events %s nodes%s%s%n", k, e, pm[0], pm[1], pm[2],
                            stepBreaks, events, leaves, bodies);
                }
                before = e;
                deepest = deepestOf(b);
                carriedBefore = carriedLeaves(b);
            }
        } finally {
            if (jw != null) {
                jw.close();
            }
        }
        return new Run(found, hashes, breaks);
    }

    /** The lightest live dynamic body's mass, kg. */
    private static double lightest(PhysicsWorld w) {
        BodyStore bs = w.kernel().bodies();
        double m = Double.POSITIVE_INFINITY;
        for (int s = 0; s < bs.slotLimit(); s++) {
            if (bs.isLive(s) && bs.invMass[s] > 0) {
                m = Math.min(m, bs.mass[s]);
            }
        }
        return Double.isFinite(m) ? m : 1;
    }

    /** The fastest live awake dynamic body's speed, m/s. */
    private static double maxSpeed(PhysicsWorld w) {
        BodyStore bs = w.kernel().bodies();
        double v = 0;
        for (int s = 0; s < bs.slotLimit(); s++) {
            if (bs.isLive(s) && bs.invMass[s] > 0 && bs.state(s) == BodyState.AWAKE) {
                v = Math.max(v, Math.sqrt(bs.vx[s] * bs.vx[s] + bs.vy[s] * bs.vy[s] + bs.vz[s] * bs.vz[s]));
            }
        }
        return v;
    }

    /** The leaves each live body of the collection carries. */
    private static Map<BodyId, List<Integer>> carriedLeaves(Built b) {
        Map<BodyId, List<Integer>> m = new HashMap<>();
        for (int n = 0; n < b.asset.nodeCount(); n++) {
            BodyId body = b.asset.childCount()[n] == 0 ? b.w.destruction().bodyOf(b.c, n) : null;
            if (body != null) {
                m.computeIfAbsent(body, x -> new ArrayList<>()).add(n);
            }
        }
        return m;
    }

    /** Marks the leaves under {@code node} (the node itself when a leaf). */
    private static void markLeaves(CollectionAsset a, int node, boolean[] leaf) {
        int n = a.childCount()[node];
        if (n == 0) {
            leaf[node] = true;
            return;
        }
        for (int i = 0; i < n; i++) {
            markLeaves(a, a.firstChild()[node] + i, leaf);
        }
    }

    /** Each leaf on a live body or removed; each body's mass the sum of its leaves'; the sum the root's. */
    private static void checkMass(Built b, boolean[] removedLeaf, int k, List<Finding> found) {
        CollectionAsset a = b.asset;
        WorldDestruction d = b.w.destruction();
        Map<BodyId, double[]> carried = new HashMap<>(); // checked entry by entry: no order reaches a result
        double total = 0;
        for (int n = 0; n < a.nodeCount(); n++) {
            if (a.childCount()[n] != 0) {
                continue;
            }
            BodyId body = d.bodyOf(b.c, n);
            if (body == null) {
                if (!removedLeaf[n]) {
                    found.add(new Finding(k, "leaf " + n + " has no body and no removal or kill event named it"));
                    return;
                }
                total += a.mass()[n];
                continue;
            }
            if (removedLeaf[n]) {
                found.add(new Finding(k, "leaf " + n + " was removed but is carried by a live body"));
                return;
            }
            carried.computeIfAbsent(body, x -> new double[1])[0] += a.mass()[n];
            total += a.mass()[n];
        }
        BodyStore bs = b.w.kernel().bodies();
        for (Map.Entry<BodyId, double[]> en : carried.entrySet()) {
            int slot = bs.slot(en.getKey().handle());
            if (bs.motion[slot] != dev.rubble.core.body.MotionType.DYNAMIC.ordinal()) {
                continue; // an anchored (kinematic) holder's mass reads +inf through the API: nothing to compare
            }
            double m = b.w.mass(en.getKey());
            double want = en.getValue()[0];
            if (!(Math.abs(m - want) <= 1e-9 * want)) {
                found.add(new Finding(k, String.format(Locale.ROOT, "a body carrying %.9g kg of leaves has mass %.9g kg", want, m)));
                return;
            }
        }
        if (!(Math.abs(total - a.mass()[0]) <= 1e-9 * a.mass()[0])) {
            found.add(new Finding(k, String.format(Locale.ROOT, "leaves sum to %.9g kg, the root is %.9g", total, a.mass()[0])));
        }
    }

    /** How far the body's lowest point is under y = 0 (negative when above). */
    static double depth(PhysicsWorld w, BodyId id) {
        BodyStore bs = w.kernel().bodies();
        Shape sh = bs.shape[bs.slot(id.handle())];
        Vector3d p = w.position(id, new Vector3d());
        Quaterniond q = w.orientation(id, new Quaterniond());
        double[] out = new double[6];
        sh.bounds(p.x, p.y, p.z, q.x, q.y, q.z, q.w, out, 0);
        return -out[1];
    }

    /** The deepest live dynamic body of the collection (its leaves' bodies), or 0 in zero gravity. */
    private static double deepestOf(Built b) {
        if (b.g == 0) {
            return 0;
        }
        double deepest = 0;
        for (int n = 0; n < b.asset.nodeCount(); n++) {
            BodyId body = b.w.destruction().bodyOf(b.c, n);
            if (body != null && b.w.contains(body) && !b.w.isDisabled(body)) {
                deepest = Math.max(deepest, depth(b.w, body));
            }
        }
        return deepest;
    }

    /** No body's centre more than its extent plus 0.25 m under the floor's top (PhysicsFuzz's rule). */
    private static void throughFloor(Built b, int k, List<Finding> found) {
        BodyStore bs = b.w.kernel().bodies();
        for (int s = 0; s < bs.slotLimit(); s++) {
            if (!bs.isLive(s) || !(bs.invMass[s] > 0) || bs.state(s) == BodyState.DISABLED) {
                continue;
            }
            double[] out = new double[6];
            Shape sh = bs.shape[s];
            sh.bounds(0, 0, 0, 0, 0, 0, 1, out, 0);
            double ext = Math.sqrt(Math.max(out[0] * out[0], out[3] * out[3]) + Math.max(out[1] * out[1], out[4] * out[4])
                    + Math.max(out[2] * out[2], out[5] * out[5])) + Math.sqrt(bs.lcx[s] * bs.lcx[s] + bs.lcy[s] * bs.lcy[s] + bs.lcz[s] * bs.lcz[s]);
            boolean over = Math.abs(bs.px[s]) < 30 - ext && Math.abs(bs.pz[s]) < 30 - ext;
            if (over && bs.py[s] < -(ext + 0.25)) {
                found.add(new Finding(k, String.format(Locale.ROOT, "slot %d (%s, %.4g kg, extent %.3g) is %.4f m under the floor",
                        s, bs.label[s], bs.mass[s], ext, -bs.py[s])));
            }
        }
    }

    /** Kinetic + potential energy of the live awake or sleeping dynamic bodies (PhysicsFuzz.energy). */
    static double energy(PhysicsWorld w, double g) {
        return PhysicsFuzz.energy(w, g);
    }
}
