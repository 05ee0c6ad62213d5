package dev.rubble.cache.journal;

import dev.rubble.core.dynamics.DynamicsSettings;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.spi.StageConfig;
import java.util.Map;
import java.util.TreeMap;
import net.openhft.chronicle.bytes.Bytes;

/**
 * The full {@link WorldSettings} in a version 4 header (issue 14): every field, so a journal
 * recorded from the Java API (no scenario, or a scenario whose settings were not the ones used)
 * re-simulates with the gravity, iterations, budgets and solver settings it really ran with.
 * Layout in docs/journal-format.md ("World settings").
 */
public final class SettingsCodec {
    private static final byte STRING = 1, LONG = 2, DOUBLE = 3, BOOLEAN = 4;

    private SettingsCodec() {
    }

    static void write(Bytes<?> b, WorldSettings s) {
        b.writeDouble(s.dt()).writeInt(s.subSteps());
        b.writeDouble(s.gravityX()).writeDouble(s.gravityY()).writeDouble(s.gravityZ());
        b.writeInt(s.velocityIterations()).writeInt(s.positionIterations());
        b.writeInt(s.maxBodies()).writeInt(s.maxContacts()).writeInt(s.maxManifolds());
        DynamicsSettings d = s.dynamics();
        b.writeDouble(d.contactHertz()).writeDouble(d.contactDampingRatio()).writeDouble(d.maxPushVelocity());
        b.writeDouble(d.linearSlop()).writeDouble(d.restitutionThreshold());
        b.writeDouble(d.maxLinearSpeed()).writeDouble(d.maxAngularSpeed()).writeBoolean(d.gyroscopic());
        b.writeBoolean(d.sleepEnabled()).writeDouble(d.sleepLinearThreshold()).writeDouble(d.sleepAngularThreshold());
        b.writeDouble(d.timeToSleep());
        Map<String, String> st = new TreeMap<>(s.stages());
        b.writeInt(st.size());
        for (Map.Entry<String, String> e : st.entrySet()) {
            b.writeUtf8(e.getKey());
            b.writeUtf8(e.getValue());
        }
        Map<String, StageConfig> so = new TreeMap<>(s.stageOptions());
        b.writeInt(so.size());
        for (Map.Entry<String, StageConfig> e : so.entrySet()) {
            b.writeUtf8(e.getKey());
            writeOptions(b, e.getValue().asMap());
        }
    }

    /** One option set: count, then per option its key, a type tag and the value. */
    static void writeOptions(Bytes<?> b, Map<String, Object> opts) {
        b.writeInt(opts.size());
        for (Map.Entry<String, Object> o : opts.entrySet()) {
            b.writeUtf8(o.getKey());
            Object v = o.getValue();
            if (v instanceof String str) {
                b.writeByte(STRING).writeUtf8(str);
            } else if (v instanceof Boolean bo) {
                b.writeByte(BOOLEAN).writeBoolean(bo);
            } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
                b.writeByte(LONG).writeLong(((Number) v).longValue());
            } else {
                b.writeByte(DOUBLE).writeDouble(((Number) v).doubleValue());
            }
        }
    }

    /** Reads what {@link #writeOptions} wrote; {@code what} names the set in errors. */
    static StageConfig readOptions(Bytes<?> b, String what) {
        int n = count(b, "options of " + what);
        Map<String, Object> m = new TreeMap<>();
        for (int k = 0; k < n; k++) {
            String key = b.readUtf8();
            byte tag = b.readByte();
            switch (tag) {
                case STRING -> m.put(key, b.readUtf8());
                case BOOLEAN -> m.put(key, b.readBoolean());
                case LONG -> m.put(key, b.readLong());
                case DOUBLE -> m.put(key, b.readDouble());
                default -> throw new JournalFormatException("option '" + key + "' of " + what
                        + " has value tag " + tag + "; allowed: 1..4");
            }
        }
        return StageConfig.of(m);
    }

    static WorldSettings read(Bytes<?> b) {
        double dt = b.readDouble();
        int sub = b.readInt();
        double gx = b.readDouble(), gy = b.readDouble(), gz = b.readDouble();
        int vi = b.readInt(), pi = b.readInt();
        int mb = b.readInt(), mc = b.readInt(), mm = b.readInt();
        DynamicsSettings d = new DynamicsSettings(b.readDouble(), b.readDouble(), b.readDouble(), b.readDouble(),
                b.readDouble(), b.readDouble(), b.readDouble(), b.readBoolean(), b.readBoolean(), b.readDouble(),
                b.readDouble(), b.readDouble());
        int ns = count(b, "stage choices");
        Map<String, String> stages = new TreeMap<>();
        for (int i = 0; i < ns; i++) {
            stages.put(b.readUtf8(), b.readUtf8());
        }
        int no = count(b, "stage option sets");
        Map<String, StageConfig> options = new TreeMap<>();
        for (int i = 0; i < no; i++) {
            String family = b.readUtf8();
            try {
                options.put(family, readOptions(b, family));
            } catch (JournalFormatException e) {
                throw new JournalFormatException("header is corrupted: " + e.getMessage());
            }
        }
        try {
            return new WorldSettings(dt, sub, gx, gy, gz, vi, pi, stages, options, mb, mc, mm, d);
        } catch (IllegalArgumentException e) {
            throw new JournalFormatException("header is corrupted: its world settings are invalid: " + e.getMessage(), e);
        }
    }

    private static int count(Bytes<?> b, String what) {
        int n = b.readInt();
        if (n < 0 || n > 10_000) {
            throw new JournalFormatException("header is corrupted: " + n + " " + what);
        }
        return n;
    }

    /**
     * The first field where two settings differ, as {field, a, b} (for verify's report), or null if
     * equal.
     */
    public static String[] firstDifference(WorldSettings a, WorldSettings b) {
        String[] names = {"dt", "subSteps", "gravityX", "gravityY", "gravityZ", "velocityIterations",
            "positionIterations", "stages", "stageOptions", "maxBodies", "maxContacts", "maxManifolds", "dynamics"};
        Object[] x = {a.dt(), a.subSteps(), a.gravityX(), a.gravityY(), a.gravityZ(), a.velocityIterations(),
            a.positionIterations(), a.stages(), plain(a.stageOptions()), a.maxBodies(), a.maxContacts(), a.maxManifolds(),
            a.dynamics()};
        Object[] y = {b.dt(), b.subSteps(), b.gravityX(), b.gravityY(), b.gravityZ(), b.velocityIterations(),
            b.positionIterations(), b.stages(), plain(b.stageOptions()), b.maxBodies(), b.maxContacts(), b.maxManifolds(),
            b.dynamics()};
        for (int i = 0; i < names.length; i++) {
            if (!x[i].equals(y[i])) {
                return new String[] {names[i], String.valueOf(x[i]), String.valueOf(y[i])};
            }
        }
        return null;
    }

    /** StageConfig has no equals: compare option maps. */
    private static Map<String, Map<String, Object>> plain(Map<String, StageConfig> m) {
        Map<String, Map<String, Object>> out = new TreeMap<>();
        for (Map.Entry<String, StageConfig> e : m.entrySet()) {
            out.put(e.getKey(), e.getValue().asMap());
        }
        return out;
    }
}
