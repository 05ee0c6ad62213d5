package dev.rubble.scenario;

import dev.rubble.core.command.Command;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.field.FieldException;
import dev.rubble.core.world.World;
import dev.rubble.spi.collection.CollectionAsset;

/**
 * Initialisation fields (issue 24 item 8; docs/fields.md, "Initialisation fields"): a collection's
 * {@code fields[]} entries with {@code "collection": id} are evaluated at its leaves when it is
 * placed — before its clusters are built, every leaf sampled (Maximum resolution), at the leaf's
 * centre of mass in the world (placement pose × collection frame). A {@code dynamic-state} value of
 * 2 (kinematic) or 3 (static) anchors the leaf, added to the placement's own anchors. The
 * evaluation is the core's ({@code World.initialisationField}, also the Java API).
 */
final class InitFields {
    private InitFields() {
    }

    /**
     * Refuses an initialisation field whose {@code collection} names no collection of the scenario (before,
     * it was silently never evaluated): the message names the field's path, the id and the ids allowed.
     */
    static void checkCollections(Scenario scenario, java.util.List<CollectionSpec> cols) {
        for (ScheduledCommand sc : scenario.commands()) {
            if (!"initField".equals(sc.type()) || !(sc.command() instanceof Command.ApplyField f)) {
                continue;
            }
            boolean known = false;
            StringBuilder ids = new StringBuilder();
            for (CollectionSpec c : cols) {
                known |= c.id().equals(f.name());
                ids.append(ids.length() == 0 ? "" : ", ").append(c.id());
            }
            if (!known) {
                throw new ScenarioException(sc.path() + ".collection", "'" + f.name() + "' is not a collection of this scenario; allowed: "
                        + (cols.isEmpty() ? "(no collections)" : ids));
            }
        }
    }

    static CollectionPlacement apply(World world, Scenario scenario, CollectionSpec col, CollectionAsset asset) {
        CollectionPlacement pl = col.placement();
        for (ScheduledCommand sc : scenario.commands()) {
            if (!"initField".equals(sc.type()) || !(sc.command() instanceof Command.ApplyField f)
                    || !f.name().equals(col.id())) {
                continue;
            }
            try {
                pl = world.initialisationField(asset, pl, f.target(), f.field(), sc.path() + ".field");
            } catch (FieldException e) {
                throw new ScenarioException(e.path(), e.detail().startsWith(" = ") ? e.detail().substring(3)
                        : e.detail().startsWith(": ") ? e.detail().substring(2) : e.detail().trim(), e);
            }
        }
        return pl;
    }
}
