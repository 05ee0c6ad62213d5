package dev.rubble.plugin.damage;

import dev.rubble.spi.RubblePlugin;
import dev.rubble.spi.damage.DamageModelFactory;
import java.util.List;

/** Offers the damage models {@code user-defined}, {@code size-specific} and {@code material-strength}. */
public final class DamageModelsPlugin implements RubblePlugin {
    @Override
    public String name() {
        return "damage-models";
    }

    @Override
    public Iterable<DamageModelFactory> damageModels() {
        return List.of(new UserDefinedDamageModel.Factory(), new SizeSpecificDamageModel.Factory(),
                new MaterialStrengthDamageModel.Factory());
    }
}
