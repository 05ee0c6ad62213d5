/**
 * Internal: not part of the public API; may change without notice. Embedders use
 * {@link dev.rubble.api}.
 */
package dev.rubble.core.body;
