/**
 * Internal: not part of the public API; may change without notice. Embedders use
 * {@link dev.rubble.api}. (One exception: {@link dev.rubble.core.step.StepProfile}'s accessors,
 * which {@code dev.rubble.api.StepListener} hands out read-only.)
 */
package dev.rubble.core.step;
