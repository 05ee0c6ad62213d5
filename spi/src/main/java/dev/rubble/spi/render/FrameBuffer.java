package dev.rubble.spi.render;

import dev.rubble.spi.shape.Shape;
import java.util.Arrays;
import java.util.Objects;

/**
 * The writable {@link RenderFrame} that frame builders fill and renderers read. Structure of
 * arrays that grow as needed and are reused: {@link #clear(long, double, long)} then {@link #add} per drawable, so a
 * steady stream of frames allocates nothing. Single threaded.
 */
public final class FrameBuffer implements RenderFrame {
    private int count;
    private Shape[] shape = new Shape[16];
    private double[] pose = new double[16 * 7];
    private double[] bounds = new double[16 * 6];
    private byte[] state = new byte[16];
    private int[] piece = new int[16];
    private int[] level = new int[16];
    private boolean[] anchored = new boolean[16];
    private boolean[][] anchoredParts = new boolean[16][];
    private double[] strain = new double[16];
    private double[] removal = new double[16];
    private double[] stress = new double[16];
    private int maxLevel;
    private long step;
    private double time;
    private long breaks;

    // soft meshes: vertices and normals xyz per vertex, triangles as 3 frame-wide vertex indices
    private int softMeshes, softVertices, softTriangles, softPoints;
    private int[] softMeshTri = new int[2];
    private double[] softVertex = new double[0], softNormal = new double[0], softPoint = new double[0];
    private int[] softTri = new int[0];

    /**
     * Forgets every drawable and sets the frame counters.
     * @param step the step count of the frame, ≥ 0
     * @param time the simulated time of the frame, seconds
     * @param breaks breaks so far, ≥ 0 (0 when unknown)
     */
    public void clear(long step, double time, long breaks) {
        Arrays.fill(shape, 0, count, null);
        Arrays.fill(anchoredParts, 0, count, null);
        count = 0;
        softMeshes = softVertices = softTriangles = softPoints = 0;
        maxLevel = 0;
        this.step = step;
        this.time = time;
        this.breaks = breaks;
    }

    /**
     * Sets the frame's break counter (breaks so far) after a fill that did not know it.
     * @param breaks breaks so far, ≥ 0
     */
    public void setBreaks(long breaks) {
        this.breaks = breaks;
    }

    /**
     * Adds a drawable with level 0, not anchored, strain 0 and removal scale 1, its bounds taken
     * from the shape at the pose; returns its index. Set the rest with the setters.
     * @param s the shape, in its own frame
     * @param px the position's x, metres, world frame
     * @param py the position's y, metres
     * @param pz the position's z, metres
     * @param qx the orientation quaternion's x (unit quaternion)
     * @param qy the quaternion's y
     * @param qz the quaternion's z
     * @param qw the quaternion's w
     * @param bodyState the body state code, one of {@link RenderFrame#STATIC} .. {@link RenderFrame#DISABLED}
     * @param pieceId a stable id for colouring by piece, ≥ 0
     * @return the index of the new drawable
     */
    public int add(Shape s, double px, double py, double pz, double qx, double qy, double qz, double qw,
                   int bodyState, int pieceId) {
        Objects.requireNonNull(s, "shape is null");
        if (bodyState < STATIC || bodyState > DISABLED) {
            throw new IllegalArgumentException("body state = " + bodyState + "; allowed: 0..5");
        }
        if (count == state.length) {
            grow(count * 2);
        }
        int i = count++;
        shape[i] = s;
        int o = 7 * i;
        pose[o] = px;
        pose[o + 1] = py;
        pose[o + 2] = pz;
        pose[o + 3] = qx;
        pose[o + 4] = qy;
        pose[o + 5] = qz;
        pose[o + 6] = qw;
        s.bounds(px, py, pz, qx, qy, qz, qw, bounds, 6 * i);
        state[i] = (byte) bodyState;
        piece[i] = pieceId;
        level[i] = 0;
        anchored[i] = false;
        anchoredParts[i] = null;
        strain[i] = 0;
        removal[i] = 1;
        stress[i] = Double.NaN;
        return i;
    }

    /**
     * Replaces the shape drawn for drawable {@code i}, keeping its pose and bounds (e.g. a
     * destruction piece's render mesh in place of its collision hulls, same frame); forgets its
     * {@link #anchoredParts}.
     * @param i the drawable
     * @param s the shape to draw instead, in the same frame as the old one
     */
    public void setShape(int i, Shape s) {
        shape[check(i)] = Objects.requireNonNull(s, "shape is null");
        anchoredParts[i] = null; // they named the old shape's children
    }

    /**
     * Replaces the bounds of drawable {@code i} (e.g. the world's own, fattened ones).
     * @param i the drawable
     * @param minX the minimum x, metres, world frame
     * @param minY the minimum y, metres
     * @param minZ the minimum z, metres
     * @param maxX the maximum x, metres
     * @param maxY the maximum y, metres
     * @param maxZ the maximum z, metres
     */
    public void setBounds(int i, double minX, double minY, double minZ, double maxX, double maxY, double maxZ) {
        int o = 6 * check(i);
        bounds[o] = minX;
        bounds[o + 1] = minY;
        bounds[o + 2] = minZ;
        bounds[o + 3] = maxX;
        bounds[o + 4] = maxY;
        bounds[o + 5] = maxZ;
    }

    /**
     * Sets level, anchored flag, strain ratio (≥ 0) and removal scale ([0, 1]) of drawable {@code i}.
     * @param i the drawable
     * @param lvl the fracture level, ≥ 0
     * @param isAnchored whether the piece is anchored
     * @param strainRatio load ÷ threshold, ≥ 0
     * @param removalScale the drawn size in [0, 1]
     */
    public void setDestruction(int i, int lvl, boolean isAnchored, double strainRatio, double removalScale) {
        check(i);
        if (lvl < 0) {
            throw new IllegalArgumentException("level = " + lvl + "; allowed: >= 0");
        }
        if (!(strainRatio >= 0)) {
            throw new IllegalArgumentException("strain ratio = " + strainRatio + "; allowed: >= 0");
        }
        if (!(removalScale >= 0 && removalScale <= 1)) {
            throw new IllegalArgumentException("removal scale = " + removalScale + "; allowed: [0, 1]");
        }
        level[i] = lvl;
        maxLevel = Math.max(maxLevel, lvl);
        anchored[i] = isAnchored;
        strain[i] = strainRatio;
        removal[i] = removalScale;
    }

    /**
     * Sets the support-graph stress ratio of drawable {@code i} (issue 30; {@code --color stress}):
     * ≥ 0 (0..1 up to the elastic limit, 1..2 between the limits, ≥ 2 at the fatal limit), or NaN
     * for a drawable that has no bonds under a stress model.
     * @param i the drawable
     * @param ratio the stress ratio, ≥ 0, or NaN
     */
    public void setStress(int i, double ratio) {
        check(i);
        if (ratio < 0) {
            throw new IllegalArgumentException("stress ratio = " + ratio + "; allowed: >= 0 or NaN");
        }
        stress[i] = ratio;
    }

    @Override
    public double stress(int i) {
        return stress[check(i)];
    }

    /**
     * Adds a soft mesh of {@code vertexCount} vertices and {@code triangleCount} triangles
     * ({@code indices[0 .. 3 triangleCount)}, mesh-local vertex indices, counter-clockwise seen from
     * outside); returns the index of its first vertex. The caller then writes positions and unit
     * normals, xyz per vertex from that index, into {@link #softVertexData()} and
     * {@link #softNormalData()} (frame builders only).
     * @param vertexCount the mesh's vertex count
     * @param indices the triangles' corners, three mesh-local vertex indices per triangle
     * @param triangleCount the number of triangles
     * @return the index of the mesh's first vertex in the soft vertex arrays
     */
    public int addSoftMesh(int vertexCount, int[] indices, int triangleCount) {
        Objects.requireNonNull(indices, "indices is null");
        if (vertexCount < 0 || triangleCount < 0 || 3 * triangleCount > indices.length) {
            throw new IllegalArgumentException("soft mesh of " + vertexCount + " vertices, " + triangleCount
                    + " triangles, " + indices.length + " indices; allowed: counts >= 0, 3 indices per triangle");
        }
        int v0 = softVertices;
        if (3 * (softVertices + vertexCount) > softVertex.length) {
            int cap = Math.max(3 * (softVertices + vertexCount), 2 * softVertex.length);
            softVertex = Arrays.copyOf(softVertex, cap);
            softNormal = Arrays.copyOf(softNormal, cap);
        }
        if (3 * (softTriangles + triangleCount) > softTri.length) {
            softTri = Arrays.copyOf(softTri, Math.max(3 * (softTriangles + triangleCount), 2 * softTri.length));
        }
        if (2 * (softMeshes + 1) > softMeshTri.length) {
            softMeshTri = Arrays.copyOf(softMeshTri, 4 * (softMeshes + 1));
        }
        for (int k = 0; k < 3 * triangleCount; k++) {
            int v = indices[k];
            if (v < 0 || v >= vertexCount) {
                throw new IllegalArgumentException("soft mesh index " + v + "; allowed: [0, " + vertexCount + ")");
            }
            softTri[3 * softTriangles + k] = v0 + v;
        }
        softMeshTri[2 * softMeshes] = softTriangles;
        softMeshTri[2 * softMeshes + 1] = triangleCount;
        softMeshes++;
        softTriangles += triangleCount;
        softVertices += vertexCount;
        return v0;
    }

    /**
     * Soft vertex positions, xyz per vertex (written by frame builders after {@link #addSoftMesh}).
     * @return the backing array (not a copy), 3 values per soft vertex
     */
    public double[] softVertexData() {
        return softVertex;
    }

    /**
     * Soft vertex unit normals, xyz per vertex (written by frame builders after {@link #addSoftMesh}).
     * @return the backing array (not a copy), 3 values per soft vertex
     */
    public double[] softNormalData() {
        return softNormal;
    }

    /**
     * Adds control points: {@code count} xyz triples of {@code xyz} from point {@code from}.
     * @param xyz the positions, metres, world frame
     * @param from the first point of xyz to add (its x is at xyz[3 * from])
     * @param count the number of points to add
     */
    public void addSoftPoints(double[] xyz, int from, int count) {
        if (3 * (softPoints + count) > softPoint.length) {
            softPoint = Arrays.copyOf(softPoint, Math.max(3 * (softPoints + count), 2 * softPoint.length));
        }
        System.arraycopy(xyz, 3 * from, softPoint, 3 * softPoints, 3 * count);
        softPoints += count;
    }

    @Override
    public int softMeshCount() {
        return softMeshes;
    }

    @Override
    public int softMeshTriangleStart(int m) {
        return softMeshTri[2 * m];
    }

    @Override
    public int softMeshTriangleCount(int m) {
        return softMeshTri[2 * m + 1];
    }

    @Override
    public int softTriangleVertex(int t, int corner) {
        return softTri[3 * t + corner];
    }

    @Override
    public double softVertex(int v, int axis) {
        return softVertex[3 * v + axis];
    }

    @Override
    public double softNormal(int v, int axis) {
        return softNormal[3 * v + axis];
    }

    @Override
    public int softPointCount() {
        return softPoints;
    }

    @Override
    public double softPoint(int p, int axis) {
        return softPoint[3 * p + axis];
    }

    private int check(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException("drawable " + i + "; allowed: 0.." + (count - 1));
        }
        return i;
    }

    private void grow(int n) {
        shape = Arrays.copyOf(shape, n);
        pose = Arrays.copyOf(pose, 7 * n);
        bounds = Arrays.copyOf(bounds, 6 * n);
        state = Arrays.copyOf(state, n);
        piece = Arrays.copyOf(piece, n);
        level = Arrays.copyOf(level, n);
        anchored = Arrays.copyOf(anchored, n);
        anchoredParts = Arrays.copyOf(anchoredParts, n);
        strain = Arrays.copyOf(strain, n);
        removal = Arrays.copyOf(removal, n);
        stress = Arrays.copyOf(stress, n);
    }

    @Override
    public int count() {
        return count;
    }

    @Override
    public Shape shape(int i) {
        return shape[i];
    }

    @Override
    public double position(int i, int axis) {
        return pose[7 * i + axis];
    }

    @Override
    public double orientation(int i, int component) {
        return pose[7 * i + 3 + component];
    }

    @Override
    public double bounds(int i, int k) {
        return bounds[6 * i + k];
    }

    @Override
    public int state(int i) {
        return state[i];
    }

    @Override
    public int piece(int i) {
        return piece[i];
    }

    @Override
    public int level(int i) {
        return level[i];
    }

    @Override
    public boolean anchored(int i) {
        return anchored[i];
    }

    @Override
    public boolean[] anchoredParts(int i) {
        return anchoredParts[i];
    }

    /**
     * Marks only some compound children of anchored drawable {@code i} as anchored ({@link #anchoredParts});
     * null: all of it (what {@link #setDestruction} sets). Kept, not copied.
     * @param i the drawable
     * @param parts one flag per child of the drawable's {@code Compound} shape, or null
     */
    public void setAnchoredParts(int i, boolean[] parts) {
        check(i);
        if (parts != null && (!(shape[i] instanceof dev.rubble.spi.shape.Compound c) || c.childCount() != parts.length)) {
            throw new IllegalArgumentException("anchored parts = " + parts.length + " flags for drawable " + i
                    + "; allowed: one per child of its compound shape");
        }
        anchoredParts[i] = parts;
    }

    @Override
    public double strain(int i) {
        return strain[i];
    }

    @Override
    public double removalScale(int i) {
        return removal[i];
    }

    @Override
    public int maxLevel() {
        return maxLevel;
    }

    @Override
    public long step() {
        return step;
    }

    @Override
    public double time() {
        return time;
    }

    @Override
    public long breaks() {
        return breaks;
    }
}
