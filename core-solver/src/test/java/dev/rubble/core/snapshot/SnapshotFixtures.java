package dev.rubble.core.snapshot;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** What the snapshot tests share: the loaded stages, save to bytes, restore from bytes, raw body bits. */
public final class SnapshotFixtures {
    private static Stages stages;

    private SnapshotFixtures() {
    }

    /** The plugin stages, loaded once for all snapshot tests. */
    public static synchronized Stages stages() {
        if (stages == null) {
            stages = Stages.load();
        }
        return stages;
    }

    /** {@code w} saved as a snapshot file, in memory. */
    public static byte[] save(World w, String label) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        WorldSnapshot.save(w, out, label);
        return out.toByteArray();
    }

    /** A new world restored from snapshot {@code bytes}. */
    public static World restore(byte[] bytes) throws IOException {
        return WorldSnapshot.read(new ByteArrayInputStream(bytes), "snapshot").restore(stages());
    }

    /** Appends the raw bits of every live body's handle, state, pose, velocities and sleep time, in slot order. */
    public static List<Long> rigidBits(World w, List<Long> out) {
        BodyStore b = w.bodies();
        for (int s = 0; s < b.slotLimit(); s++) {
            if (!b.isLive(s)) {
                continue;
            }
            out.add(b.handle(s));
            out.add((long) b.state[s]);
            for (double[] a : new double[][] {b.px, b.py, b.pz, b.qx, b.qy, b.qz, b.qw, b.vx, b.vy, b.vz, b.wx, b.wy,
                    b.wz, b.sleepTime}) {
                out.add(Double.doubleToRawLongBits(a[s]));
            }
        }
        return out;
    }

    /** {@link #rigidBits} as an array. */
    public static long[] rigidBits(World w) {
        return rigidBits(w, new ArrayList<>()).stream().mapToLong(Long::longValue).toArray();
    }
}
