/**
 * Rubble's public Java API for embedding the engine: the only package whose types an application
 * needs (plus the shapes of {@code dev.rubble.spi.shape} and JOML's vectors).
 *
 * <ul>
 *   <li>{@link dev.rubble.api.Rubble}: entry point; loads plugins and creates worlds from a
 *       {@link dev.rubble.api.WorldConfig}.</li>
 *   <li>{@link dev.rubble.api.PhysicsWorld}: add bodies ({@link dev.rubble.api.BodySpec}, addressed
 *       by {@link dev.rubble.api.BodyId}), step, read poses and velocities into JOML
 *       {@code Vector3d}/{@code Quaterniond}/{@code Matrix4d} without allocating, write them through
 *       journalled commands, ray/shape/overlap/closest-point queries
 *       ({@link dev.rubble.api.QueryHit}), step and contact listeners.</li>
 * </ul>
 *
 * <p>Single threaded per world. JOML appears only here, at the surface; the engine's inner loops
 * work on primitive arrays. Everything under {@code dev.rubble.core} is internal. See
 * {@code docs/java-api.md}.
 */
package dev.rubble.api;
