package dev.rubble.api;

/**
 * What a body is in terms of a placed collection: the collection and the authored node the body
 * simulates ({@code node = -1}: an internal cluster made at run time from several still-bonded
 * nodes, which has no authored node of its own).
 */
public record Piece(CollectionId collection, int node) {
}
