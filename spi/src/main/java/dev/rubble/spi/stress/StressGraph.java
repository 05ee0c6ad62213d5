package dev.rubble.spi.stress;

import java.util.Arrays;

/**
 * The support graph of one holder, as a {@link StressModel} sees it (structure of arrays, reused
 * across steps; the kernel owns it). Node {@code i} is a bonded child: mass (kg), centre of mass
 * {@code pos[3i..3i+3)} (m, any fixed frame), load {@code force[3i..]} (N) and {@code torque[3i..]}
 * (N·m about its centre of mass), and whether it is a support (anchored, static or kinematic: its
 * reaction is whatever balances the rest). Bond {@code k} joins nodes {@code bondA[k]} and
 * {@code bondB[k]}: contact area (m²), centroid and unit normal from a to b (the face the two pieces
 * share; the midpoint of the centres and their direction when the kernel knows no face), a strength factor
 * (multiplies every limit; 1 = the model's limits; 0 = no strength: the bond breaks at its first evaluation) and its accumulated damage in [0, 1].
 *
 * <p>Outputs: {@code bondForce[3k..]} and {@code bondMoment[3k..]} — what node a exerts on node b
 * through the bond, the moment taken about the bond centroid (so node b's equilibrium reads
 * {@code F + f_b = 0}, {@code M + (c − p_b) × F + τ_b = 0} for a single bond) — the stress
 * {@code ratio[k]} (0..1 up to the elastic limit, 1..2 between elastic and fatal, ≥ 2 fatal),
 * {@code broken[k]}, and the solve's iterations, relative residual {@code ||A x + l|| / ||l||} and
 * convergence. {@code warm} is the solver's state carried between solves; a change of
 * {@link #topology} tells the model that bonds or supports changed (rebuild caches).
 */
public final class StressGraph {
    /** Number of nodes in use. */
    public int nodeCount;
    /** Per node: mass, kg. */
    public double[] mass = new double[0];
    /** Per node, xyz: the centre of mass, metres. */
    public double[] pos = new double[0];
    /** Per node, xyz: the external load, N. */
    public double[] force = new double[0];
    /** Per node, xyz: the external torque about its centre of mass, N·m. */
    public double[] torque = new double[0];
    /** Per node: whether it is a support. */
    public boolean[] support = new boolean[0];
    /** Solver state per node in {@link #warm}. */
    public static final int WARM_PER_NODE = 12;
    /**
     * Solver state kept between solves, zero for a new graph: {@link #WARM_PER_NODE} per node (the
     * model's layout) and one more value after them; snapshots save all of it.
     */
    public double[] warm = new double[1];

    /** Number of bonds in use. */
    public int bondCount;
    /** Per bond: the first node. */
    public int[] bondA = new int[0];
    /** Per bond: the second node. */
    public int[] bondB = new int[0];
    /** Per bond: contact area, m². */
    public double[] area = new double[0];
    /** Per bond, xyz: the centroid, metres. */
    public double[] centroid = new double[0];
    /** Per bond, xyz: the unit normal from node a to node b. */
    public double[] normal = new double[0];
    /** Per bond: the strength factor multiplying every limit (1 = the model's limits). */
    public double[] strength = new double[0];
    /** Per bond: accumulated damage in [0, 1]. */
    public double[] damage = new double[0];
    /**
     * Per bond its own limits, 6 in {@link StressLimits} order (Pa; NaN = not set): the first level of
     * the precedence bond &gt; collection &gt; material &gt; default. Read only when {@link #limitsSet}.
     */
    public double[] bondLimits = new double[0];
    /**
     * Per bond its material's limits, 6 in {@link StressLimits} order (NaN = not set): per limit the
     * weaker of the set limits of the materials of its two nodes. Read only when {@link #limitsSet}.
     */
    public double[] materialLimits = new double[0];
    /** Whether the kernel set any bond or material limit in this graph (false: the model's own limits throughout). */
    public boolean limitsSet;

    /** Output per bond, xyz: the force node a exerts on node b through the bond, N. */
    public double[] bondForce = new double[0];
    /** Output per bond, xyz: the moment about the bond centroid, N·m. */
    public double[] bondMoment = new double[0];
    /** Output per bond: the stress ratio (0..1 elastic, 1..2 between the limits, ≥ 2 fatal). */
    public double[] ratio = new double[0];
    /** Output per bond: whether the last evaluation broke it. */
    public boolean[] broken = new boolean[0];
    /**
     * Per bond the model broke in its last evaluation: the share in [0, 1] of its solved force and
     * moment above its fatal limit (0 for a bond that failed by damage below it); the kernel hands
     * that share to the pieces on either side as an impulse over the step (issue 30).
     */
    public double[] excess = new double[0];

    /** Incremented by the kernel whenever nodes, bonds or supports change. */
    public int topology;
    /** Output: iterations the last solve took. */
    public int iterations;
    /** Output: the last solve's relative residual. */
    public double residual;
    /** Output: whether the last solve reached its tolerance. */
    public boolean converged;
    /** The model's cache (factorisation, preconditioner) for this graph; the kernel never reads it. */
    public Object cache;

    /**
     * Sizes the graph for {@code nodes} nodes and {@code bonds} bonds (arrays grow, never shrink); bumps
     * {@link #topology}.
     * @param nodes the node count, ≥ 0
     * @param bonds the bond count, ≥ 0
     */
    public void reset(int nodes, int bonds) {
        nodeCount = nodes;
        bondCount = bonds;
        if (mass.length < nodes) {
            mass = new double[nodes];
            pos = new double[3 * nodes];
            force = new double[3 * nodes];
            torque = new double[3 * nodes];
            support = new boolean[nodes];
            warm = new double[WARM_PER_NODE * nodes + 1];
        }
        Arrays.fill(warm, 0, WARM_PER_NODE * nodes + 1, 0);
        Arrays.fill(force, 0, 3 * nodes, 0);
        Arrays.fill(torque, 0, 3 * nodes, 0);
        Arrays.fill(support, 0, nodes, false);
        if (bondA.length < bonds) {
            bondA = new int[bonds];
            bondB = new int[bonds];
            area = new double[bonds];
            centroid = new double[3 * bonds];
            normal = new double[3 * bonds];
            strength = new double[bonds];
            damage = new double[bonds];
            bondLimits = new double[6 * bonds];
            materialLimits = new double[6 * bonds];
            bondForce = new double[3 * bonds];
            bondMoment = new double[3 * bonds];
            ratio = new double[bonds];
            broken = new boolean[bonds];
            excess = new double[bonds];
        }
        Arrays.fill(strength, 0, bonds, 1);
        Arrays.fill(damage, 0, bonds, 0);
        Arrays.fill(bondLimits, 0, 6 * bonds, Double.NaN);
        Arrays.fill(materialLimits, 0, 6 * bonds, Double.NaN);
        limitsSet = false;
        Arrays.fill(ratio, 0, bonds, 0);
        Arrays.fill(broken, 0, bonds, false);
        Arrays.fill(excess, 0, bonds, 0);
        Arrays.fill(bondForce, 0, 3 * bonds, 0);
        Arrays.fill(bondMoment, 0, 3 * bonds, 0);
        topology++;
        cache = null;
    }

    /**
     * Sets node {@code i}: mass (kg, > 0), centre of mass (m), support flag.
     * @param i the node, 0 ≤ i &lt; {@link #nodeCount}
     * @param m the mass, kg, &gt; 0
     * @param x the centre of mass's x, metres
     * @param y the centre of mass's y, metres
     * @param z the centre of mass's z, metres
     * @param isSupport whether the node is a support (anchored, static or kinematic)
     */
    public void node(int i, double m, double x, double y, double z, boolean isSupport) {
        mass[i] = m;
        pos[3 * i] = x;
        pos[3 * i + 1] = y;
        pos[3 * i + 2] = z;
        support[i] = isSupport;
    }

    /**
     * Sets bond {@code k} between nodes a and b with contact area (m², > 0); the centroid is the
     * midpoint of the two centres of mass and the normal points from a to b.
     * @param k the bond, 0 ≤ k &lt; {@link #bondCount}
     * @param a the first node
     * @param b the second node
     * @param contactArea the bond's area, m², &gt; 0
     */
    public void bond(int k, int a, int b, double contactArea) {
        bondA[k] = a;
        bondB[k] = b;
        area[k] = contactArea;
        double dx = pos[3 * b] - pos[3 * a], dy = pos[3 * b + 1] - pos[3 * a + 1], dz = pos[3 * b + 2] - pos[3 * a + 2];
        double len = Math.sqrt(dx * dx + dy * dy + dz * dz);
        centroid[3 * k] = pos[3 * a] + 0.5 * dx;
        centroid[3 * k + 1] = pos[3 * a + 1] + 0.5 * dy;
        centroid[3 * k + 2] = pos[3 * a + 2] + 0.5 * dz;
        double inv = len > 0 ? 1 / len : 0;
        normal[3 * k] = dx * inv;
        normal[3 * k + 1] = dy * inv;
        normal[3 * k + 2] = dz * inv;
    }

    /**
     * Sets bond {@code k} between nodes a and b with contact area (m², &gt; 0) and the interface the two
     * pieces share: its centroid and its unit normal from a to b (as NVIDIA Blast's bonds carry them), so
     * the model reads compression and tension along the face's normal and shear across it, and moments
     * about the face's centroid.
     * @param k the bond, 0 ≤ k &lt; {@link #bondCount}
     * @param a the first node
     * @param b the second node
     * @param contactArea the bond's area, m², &gt; 0
     * @param cx the interface centroid's x, metres (the nodes' frame)
     * @param cy the interface centroid's y, metres
     * @param cz the interface centroid's z, metres
     * @param nx the unit normal's x (from a to b)
     * @param ny the unit normal's y
     * @param nz the unit normal's z
     */
    public void bond(int k, int a, int b, double contactArea, double cx, double cy, double cz, double nx, double ny,
            double nz) {
        bondA[k] = a;
        bondB[k] = b;
        area[k] = contactArea;
        centroid[3 * k] = cx;
        centroid[3 * k + 1] = cy;
        centroid[3 * k + 2] = cz;
        normal[3 * k] = nx;
        normal[3 * k + 1] = ny;
        normal[3 * k + 2] = nz;
    }
}
