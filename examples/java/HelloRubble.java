import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import org.joml.Vector3d;

/** Hello world: a sphere dropped from 5 m onto a ground box, three simulated seconds at 60 Hz. */
public class HelloRubble {
    public static void main(String[] args) {
        PhysicsWorld world = Rubble.newWorld(WorldConfig.defaults());
        world.addBody(BodySpec.fixed(new Box(10, 0.5, 10)).withPosition(new Vector3d(0, -0.5, 0)));
        BodyId ball = world.addBody(BodySpec.dynamic(new Sphere(0.5)).withPosition(new Vector3d(0, 5, 0)));
        world.step(180); // 180 fixed steps of 1/60 s
        Vector3d p = world.position(ball, new Vector3d());
        System.out.println("sphere height after " + world.time() + " s: " + p.y + " m");
    }
}
