package dev.rubble.authoring.mesh;

/** Test meshes for tests in other packages. */
public final class MeshTestAccess {
    private MeshTestAccess() {
    }

    public static TriMesh voxels(boolean[][][] on, double h) {
        return TestMeshes.voxels(on, h);
    }

    public static TriMesh torus(double big, double small, int nu, int nv) {
        return TestMeshes.torus(big, small, nu, nv);
    }
}
