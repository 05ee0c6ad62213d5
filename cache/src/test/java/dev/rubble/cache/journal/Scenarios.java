package dev.rubble.cache.journal;

import java.util.Locale;

/** Scenario texts for the journal tests. */
public final class Scenarios {
    private Scenarios() {
    }

    /**
     * A pile of {@code n} boxes and spheres stacked in columns above a static floor, with an impulse at
     * step 5, a put-to-sleep at step 10, a spawn at step 20, a removal at step 30, a disable at step 35
     * and a kinematic paddle moved at step 3.
     */
    public static String pile(int n) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"format\":\"rubble-scenario/1\",\"name\":\"pile\",\"steps\":600,\"bodies\":[");
        sb.append("{\"id\":\"floor\",\"state\":\"static\",\"shape\":{\"type\":\"box\",\"halfExtents\":[20,0.5,20]},"
                + "\"position\":[0,-0.5,0]},");
        sb.append("{\"id\":\"paddle\",\"state\":\"kinematic\",\"shape\":{\"type\":\"box\",\"halfExtents\":[1,0.1,1]},"
                + "\"position\":[5,1,0]}");
        for (int i = 0; i < n; i++) {
            int col = i % 10, row = i / 10;
            String shape = i % 3 == 0 ? "{\"type\":\"sphere\",\"radius\":0.4}"
                    : i % 3 == 1 ? "{\"type\":\"box\",\"halfExtents\":[0.4,0.3,0.5]}"
                    : "{\"type\":\"capsule\",\"radius\":0.2,\"halfHeight\":0.3}";
            sb.append(String.format(Locale.ROOT, ",{\"id\":\"b%d\",\"shape\":%s,\"position\":[%.2f,%.2f,%.2f],"
                            + "\"angularVelocity\":[%.2f,%.2f,0.1],\"linearDamping\":0.05}",
                    i, shape, col * 1.0 - 4.5, 1 + row * 1.1, (i % 7) * 0.1, 0.3 * (i % 5), -0.2 * (i % 4)));
        }
        sb.append("],\"commands\":[");
        sb.append("{\"type\":\"kinematicTarget\",\"step\":3,\"body\":\"paddle\",\"position\":[5,1.5,0],"
                + "\"orientation\":[0,0.3826834,0,0.9238795]},");
        sb.append("{\"type\":\"impulse\",\"step\":5,\"body\":\"b0\",\"impulse\":[100,200,0],\"point\":[-4.5,1.2,0]},");
        sb.append("{\"type\":\"state\",\"step\":10,\"body\":\"b1\",\"state\":\"sleeping\"},");
        sb.append("{\"type\":\"spawn\",\"step\":20,\"body\":{\"id\":\"late\",\"shape\":{\"type\":\"sphere\",\"radius\":0.5},"
                + "\"position\":[0,8,0],\"linearVelocity\":[1,0,0],\"mass\":3}},");
        sb.append("{\"type\":\"remove\",\"step\":30,\"body\":\"b2\"},");
        sb.append("{\"type\":\"state\",\"step\":35,\"body\":\"b3\",\"state\":\"disabled\"}");
        sb.append("]}");
        return sb.toString();
    }
}
