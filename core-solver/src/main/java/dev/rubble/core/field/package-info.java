/**
 * Fields (issue 24; docs/fields.md): field commands built from {@code field-node} plugins,
 * sampled at bodies (through a broadphase query when the field is bounded) and written to their
 * targets in the FIELDS slot. Sits beside collision: it reads and writes bodies and their states,
 * and reaches destruction only through {@link dev.rubble.core.field.FieldPieces}.
 */
package dev.rubble.core.field;
