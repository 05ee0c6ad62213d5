package dev.rubble.core.destruction;

/**
 * Marks a pass of the destruction step (strain gathering, grouping, modifiers, evaluation,
 * propagation, budget, momentum, release, connectivity, crumbling, removal, point strain): a
 * self-contained class with its own scratch that works on the {@link DestructionContext} it was
 * given and never on the {@link DestructionRuntime} facade (an ArchUnit rule checks it).
 */
interface Pass {
}
