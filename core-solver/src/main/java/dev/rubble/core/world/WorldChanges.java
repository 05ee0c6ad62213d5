package dev.rubble.core.world;

import dev.rubble.core.body.BodyDef;
import dev.rubble.core.body.BodyState;
import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.spi.collection.CollectionAsset;

/**
 * Hears the changes a world makes <b>at once, between steps</b> — the calls that are not commands,
 * so no step's applied commands hold them: a body created ({@link World#createBody}, the public
 * API's {@code addBody}), removed or moved into a state ({@link World#removeBody},
 * {@link World#setState}), a collection placed ({@link World#placeCollection}, the public API's
 * {@code place}). A journal records them, in the order they were made, before the next step's
 * document, and verify, seek and playback make the same calls at the same point, so bodies land on
 * the same slots and generations (docs/journal-format.md, "Between-steps document").
 *
 * <p>Called on the thread that made the change, right after it took effect, with the world's
 * {@link World#stepIndex()} naming the step it comes before. Changes made inside a step (a stage's
 * spawn through the INSERT slot) are not reported here. Between-steps calls no listener can record
 * ({@link World#setStressModel}, {@link World#setMaterialStressLimits}, {@link World#addSoftBodies})
 * are refused while a listener is registered (their journalled forms are commands, or they belong
 * before recording starts).
 */
public interface WorldChanges {
    /**
     * A body was created between steps.
     *
     * @param world  the world
     * @param handle its handle
     * @param def    what it was created from
     * @param layer  its collision layer bits, as set right after creation
     * @param mask   its collision mask bits
     */
    default void bodyCreated(World world, long handle, BodyDef def, int layer, int mask) {
    }

    /** A body was removed between steps. */
    default void bodyRemoved(World world, long handle) {
    }

    /** A body was moved into {@code state} between steps. */
    default void stateSet(World world, long handle, BodyState state) {
    }

    /**
     * A collection was placed between steps (its intact root is a new body).
     *
     * @param index     its placement index
     * @param asset     the asset placed
     * @param placement where and how, as the world placed it (initialisation fields already applied)
     */
    default void collectionPlaced(World world, int index, CollectionAsset asset, CollectionPlacement placement) {
    }
}
