package dev.rubble.core.destruction;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.rubble.api.CollectionId;
import dev.rubble.api.Fields;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.api.Rubble;
import dev.rubble.api.WorldConfig;
import java.util.List;
import java.util.Map;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;

/**
 * A field parameter or a damage-model option of a type no node or model takes (a {@code List} where the
 * caller meant a vector or a list of thresholds) is refused naming the key, the value and what is allowed. Before,
 * the message named the JDK's internal class instead of the value ({@code parameter 'scale' has type ListN},
 * {@code option 'thresholds' has type List12}) and did not say how a list of thresholds is given (one string,
 * as {@code place} and scenario files pass them).
 */
final class ValueTypeMessagesTest {

    @Test
    void aFieldParameterOfAnotherTypeIsRefusedNamingTheValue() {
        assertThatThrownBy(() -> Fields.noise(1, 0, 1).with("scale", List.of(2.0, 2.0, 2.0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("parameter 'scale' = [2.0, 2.0, 2.0] (a list); allowed: a number, string, boolean, vector"
                        + " (org.joml.Vector3dc in the Java API) or field node");
        assertThatThrownBy(() -> Fields.noise(1, 0, 1).with("scale", new double[] {2, 2, 2}))
                .hasMessageStartingWith("parameter 'scale' = [2.0, 2.0, 2.0] (an array); allowed:");
        // what is allowed is taken
        assertThat(Fields.noise(1, 0, 1).with("scale", new Vector3d(2, 2, 2))).isNotNull();
    }

    @Test
    void aDamageModelOptionOfAnotherTypeIsRefusedNamingTheValueAndTheStringForm() {
        PhysicsWorld w = Rubble.newWorld(WorldConfig.defaults());
        CollectionId c = w.destruction().place("bar", TestAssets.chain(2, 1000), new Vector3d(), new Quaterniond(),
                new double[] {1e6}, null);
        assertThatThrownBy(() -> w.destruction().setDamageModel(c, "user-defined", Map.of("thresholds", List.of(50.0, 10.0))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("option 'thresholds' = [50.0, 10.0] (a list); allowed: a string, number or boolean (a list of"
                        + " numbers as one string, e.g. \"50, 10\")");
        // the string form named by the message works: the leaves (level 1) take the first threshold
        w.destruction().setDamageModel(c, "user-defined", Map.of("thresholds", "50, 10"));
        w.step();
        assertThat(w.destruction().threshold(c, 1)).isEqualTo(50);
    }
}
