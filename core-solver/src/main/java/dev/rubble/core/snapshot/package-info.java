/**
 * Snapshots: a world's whole state (bodies, sleeping islands, broadphase proxies, contacts and
 * their warm-start caches, parked contacts of sleeping islands, geometry collections with their
 * destruction state, soft bodies, queued commands, the step counter and the settings) saved to a binary file and restored so that the restored world continues bit
 * for bit like the original (docs/snapshot-format.md). Reads and writes the kernel's state through
 * explicit accessors; sits beside the world facade, which never depends on it.
 */
package dev.rubble.core.snapshot;
