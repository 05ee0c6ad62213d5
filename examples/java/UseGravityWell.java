import dev.rubble.api.BodyId;
import dev.rubble.api.BodySpec;
import dev.rubble.api.Fields;
import dev.rubble.api.FieldOptions;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Plugins;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import org.joml.Vector3d;

/**
 * Uses the custom plugin of plugin/ (a "gravity-well" field node): loads the plugin directory given
 * as the first argument, pulls a ball at 2 m towards the origin with a persistent linear-force field
 * of magnitude 8 N m² (F = 8 / d² = 2 N at the start, a = 2 m/s² for 1 kg) and prints how far it fell in.
 */
public class UseGravityWell {
    public static void main(String[] args) {
        Plugins plugins = Rubble.loadPlugins(Path.of(args[0]));
        System.out.println("field nodes: " + plugins.implementations("field-node"));
        PhysicsWorld world = plugins.newWorld(WorldConfig.defaults().withGravity(new Vector3d()));
        BodyId ball = world.addBody(BodySpec.dynamic(new Sphere(0.1)).withMass(1).withPosition(new Vector3d(2, 0, 0)));
        world.applyField(Fields.Target.LINEAR_FORCE, Fields.node("gravity-well", "magnitude", 8.0),
                FieldOptions.persistent("well"));
        world.step(6); // 0.1 s
        Vector3d p = world.position(ball, new Vector3d());
        System.out.println("distance to the well after " + world.time() + " s: " + p.length() + " m");
    }
}
