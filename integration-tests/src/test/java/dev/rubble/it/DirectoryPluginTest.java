package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.world.World;
import dev.rubble.core.step.WorldSettings;
import dev.rubble.core.plugin.PluginLoadException;
import dev.rubble.core.plugin.Registration;
import dev.rubble.core.plugin.StageFamily;
import dev.rubble.core.plugin.Stages;
import dev.rubble.spi.shape.Box;
import dev.rubble.spi.shape.Sphere;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A plugin jar that is not on the class path is loaded from a directory and selected by name. */
final class DirectoryPluginTest {

    @Test
    void pluginFromADirectoryIsFoundIsolatedAndSelectable(@TempDir Path tmp) throws Exception {
        Path dir = PluginJars.buildSweepX(tmp);
        Stages stages = Stages.load(List.of(dir));
        Registration r = stages.plugins().registrations(StageFamily.BROADPHASE).stream()
                .filter(x -> x.name().equals("sweep-x")).findFirst().orElseThrow();
        assertThat(r.plugin()).isEqualTo("sweep-x");
        assertThat(r.source()).endsWith("sweep-x.jar");
        assertThat(stages.factories(StageFamily.BROADPHASE)).containsKeys("bruteforce", "sweep-x");

        // the plugin sees the SPI but not the kernel's libraries
        Class<?> pluginClass = r.factory().getClass().getEnclosingClass();
        Method canSee = pluginClass.getMethod("canSee", String.class);
        assertThat((boolean) canSee.invoke(null, "dev.rubble.spi.RubblePlugin")).isTrue();
        assertThat((boolean) canSee.invoke(null, "com.google.inject.Guice")).isFalse();
        assertThat((boolean) canSee.invoke(null, "dev.rubble.core.world.World")).isFalse();

        // the same scene stepped with the directory plugin and the reference gives identical pairs and states
        World a = scene(stages, "sweep-x");
        World b = scene(stages, "bruteforce");
        for (int i = 0; i < 60; i++) {
            a.step();
            b.step();
            assertThat(a.profile().pairs()).isEqualTo(b.profile().pairs());
            for (int k = 0; k < a.pairs().size(); k++) {
                assertThat(a.pairs().packed(k)).isEqualTo(b.pairs().packed(k));
            }
            assertThat(a.profile().stateHash()).isEqualTo(b.profile().stateHash());
        }
        assertThat(a.broadphaseName()).isEqualTo("sweep-x");
    }

    private static World scene(Stages stages, String broadphase) {
        World w = World.create(WorldSettings.defaults().withStage("broadphase", broadphase), stages);
        w.createBody(BodyDef.of(new Box(10, 0.5, 10)).withMotion(dev.rubble.core.body.MotionType.STATIC)
                .withPosition(0, -0.5, 0));
        for (int i = 0; i < 40; i++) {
            w.createBody(BodyDef.of(new Sphere(0.4)).withPosition((i % 7) * 0.7, 0.5 + i * 0.3, (i % 3) * 0.5)
                    .withLinearVelocity(i % 5 - 2, 0, 0));
        }
        return w;
    }

    @Test
    void theSamePluginInTwoDirectoriesIsADuplicate(@TempDir Path tmp) throws Exception {
        Path one = PluginJars.buildSweepX(tmp.resolve("one"));
        Path two = PluginJars.buildSweepX(tmp.resolve("two"));
        assertThatThrownBy(() -> Stages.load(List.of(one, two)))
                .isInstanceOf(PluginLoadException.class)
                .hasMessageContaining("duplicate broadphase 'sweep-x'")
                .hasMessageContaining(one.toString())
                .hasMessageContaining(two.toString());
    }

    @Test
    void aMissingDirectoryIsABadInput(@TempDir Path tmp) {
        assertThatThrownBy(() -> Stages.load(List.of(tmp.resolve("nope"))))
                .isInstanceOf(PluginLoadException.class)
                .hasMessageContaining("is not a directory");
        assertThat(Files.exists(tmp.resolve("nope"))).isFalse();
    }
}
