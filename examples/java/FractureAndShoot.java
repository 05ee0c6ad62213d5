import dev.rubble.api.BodySpec;
import dev.rubble.api.CollectionId;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.api.WorldDestruction;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Fracture a wall, shoot it, and listen to its break events: a 3 x 2 x 0.2 m wall in 40 Voronoi
 * pieces (each breaking at 200 N s) is hit by a 9 kg steel ball at 25 m/s (225 N s).
 */
public class FractureAndShoot {
    public static void main(String[] args) {
        // a loading screen's job: compile the destruction paths before the first shot (docs/destruction.md,
        // "The first explosion in a fresh JVM"); two seconds in a game, a short one here
        System.out.println(Rubble.warmUp(java.time.Duration.ofMillis(100)));
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
        world.addBody(BodySpec.fixed(new Box(20, 0.5, 20)).withPosition(new Vector3d(0, -0.5, 0)));
        WorldDestruction destruction = world.destruction();
        // an inline fracture recipe, as in a scenario file: box = half extents
        var asset = WorldDestruction.fracture("{\"box\": [1.5, 1, 0.1], \"seed\": 7,"
                + " \"levels\": [{\"method\": \"voronoi\", \"options\": {\"count\": 40}}]}");
        CollectionId wall = destruction.place("wall", asset, new Vector3d(0, 1, 0), new Quaterniond(), new double[] {200}, null);
        int[] breaks = new int[1];
        destruction.addBreakListener(e -> {
            breaks[0]++;
            if (breaks[0] <= 3) {
                System.out.println("step " + world.stepIndex() + ": " + e.kind() + " of node " + e.node()
                        + " (" + String.format("%.1f", e.mass()) + " kg)");
            }
        });
        world.addBody(BodySpec.dynamic(new Sphere(0.065)).withDensity(7800)
                .withPosition(new Vector3d(0.3, 1.2, -2)).withLinearVelocity(new Vector3d(0, 0, 25)));
        world.step(60);
        int free = 0;
        for (int node = 0; node < destruction.asset(wall).nodeCount(); node++) {
            free += destruction.isFree(wall, node) ? 1 : 0;
        }
        System.out.println("break events: " + breaks[0] + ", free nodes: " + free + ", bodies: " + world.bodyCount());
    }
}
