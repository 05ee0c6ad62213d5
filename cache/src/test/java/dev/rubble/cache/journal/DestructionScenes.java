package dev.rubble.cache.journal;

import java.util.Locale;

/** Destruction scenario texts for the journal tests (issue 14). */
public final class DestructionScenes {
    /** The strain of the scheduled command that breaks slab 0's node 3 at step 5. */
    public static final double STRAIN = 1.0e9;

    private DestructionScenes() {
    }

    /**
     * {@code slabs} voronoi slabs (12 pieces each, threshold 400) stacked 2 m apart above a static
     * floor: each breaks when it lands; slab 0's node 3 is broken off by an external strain of
     * {@link #STRAIN} at step 5, in the air, and slab 0 is crumbled at step 40.
     */
    public static String slabs(int slabs) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"format\":\"rubble-scenario/1\",\"name\":\"slabs\",\"bodies\":[");
        sb.append("{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]}],\"collections\":[");
        for (int i = 0; i < slabs; i++) {
            sb.append(i == 0 ? "" : ",").append(String.format(Locale.ROOT,
                    "{\"id\":\"slab%d\",\"recipe\":{\"box\":[1,0.25,1],\"levels\":[{\"method\":\"voronoi\","
                            + "\"options\":{\"count\":12}}],\"seed\":%d},\"position\":[%.2f,%.2f,0],"
                            + "\"angular\":[0.2,0,0.1],\"destruction\":{\"damageOptions\":{\"thresholds\":[400]}}}",
                    i, 3 + i, 0.3 * i, 2.0 + 2.0 * i));
        }
        sb.append("],\"commands\":[");
        sb.append(String.format(Locale.ROOT, "{\"step\":5,\"type\":\"externalStrain\",\"collection\":\"slab0\","
                + "\"node\":3,\"strain\":%s}", Double.toString(STRAIN)));
        sb.append(",{\"step\":40,\"type\":\"crumble\",\"collection\":\"slab0\"}");
        sb.append("]}");
        return sb.toString();
    }

    /**
     * One 12-piece slab 20 m above the floor, spinning slowly, crumbled at step 2: every piece flies
     * free (touching only its neighbours) for the next 3 s.
     */
    public static String crumbledHigh() {
        return "{\"format\":\"rubble-scenario/1\",\"name\":\"crumbled\",\"bodies\":["
                + "{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]}],\"collections\":[{\"id\":\"slab\",\"recipe\":{\"box\":[1,0.25,1],"
                + "\"levels\":[{\"method\":\"voronoi\",\"options\":{\"count\":12}}],\"seed\":3},\"position\":[0,20,0],"
                + "\"linear\":[0.5,1,0],\"angular\":[0.6,0.2,0.4]}],"
                + "\"commands\":[{\"step\":2,\"type\":\"crumble\",\"collection\":\"slab\"}]}";
    }
}
