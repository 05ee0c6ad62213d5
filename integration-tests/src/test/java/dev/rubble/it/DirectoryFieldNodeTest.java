package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.command.Command;
import dev.rubble.core.command.FieldMeta;
import dev.rubble.core.command.FieldSpec;
import dev.rubble.core.command.FieldTarget;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.world.World;
import dev.rubble.spi.shape.Sphere;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A user adds a field node type by dropping a plugin jar into a directory (issue 24). */
final class DirectoryFieldNodeTest {

    @Test
    void aFieldNodeFromAPluginJarIsUsableInFieldsAndOperators(@TempDir Path tmp) throws Exception {
        Stages stages = Stages.load(List.of(PluginJars.buildWell(tmp)));
        assertThat(stages.factories(StageFamily.FIELD_NODE)).containsKeys("gravity-well", "radial-falloff", "operator");
        World w = World.create(WorldSettings.defaults().withGravity(0, 0, 0), stages);
        long ball = w.createBody(BodyDef.of(new Sphere(0.25)).withPosition(2, 0, 0));
        // 8 / d² towards the origin at d = 2 m: 2 m/s along -x, halved by an operator with a uniform 0.5
        w.queue(new Command.ApplyField("", FieldTarget.LINEAR_VELOCITY, FieldSpec.of("operator",
                "left", FieldSpec.of("gravity-well", "magnitude", 8.0),
                "right", FieldSpec.of("uniform-scalar", "magnitude", 0.5)), FieldMeta.DEFAULT, false));
        w.step();
        int s = w.bodies().slot(ball);
        assertThat(w.bodies().vx[s]).isCloseTo(-1, within(1e-12));
    }
}
