package dev.rubble.spi.field;

import java.util.List;

/**
 * One node of a field: a small tree evaluated at sample points into an integer, a scalar or a
 * vector per sample (reference: chaos-fields-events-cache §1.5; docs/fields.md has every
 * built-in node's formula). Created by a {@link FieldNodeFactory} from {@link FieldParams};
 * immutable after creation, so one tree may be evaluated by many commands.
 *
 * <p>Threading: called on the kernel thread only. Allocation: {@link #evaluate} must not allocate
 * (borrow scratch from the context).
 */
public interface FieldNode {

    /**
     * What this node writes per sample.
     * @return the value type of this node's output
     */
    FieldType type();

    /**
     * The nodes this one reads, in a fixed order (empty for leaves).
     * @return the input nodes, never null
     */
    default List<FieldNode> inputs() {
        return List.of();
    }

    /**
     * Where this node can write a non-zero value: {@code [minX, minY, minZ, maxX, maxY, maxZ]}
     * (metres, world frame), or {@code null} when unbounded. A command culls its candidates with a
     * broadphase query over these bounds, so return finite bounds only where every sample outside
     * them would get 0 (reference §1.3: radial and box falloff with default 0, radial mask with
     * exterior 0). Returns a fresh array; called once per command, not per step.
     * @return six world-frame bounds in metres, or null when the node can write everywhere
     */
    default double[] bounds() {
        return null;
    }

    /**
     * Evaluates this node at the samples {@code idx[0..count)} of {@code ctx} (sample indices,
     * any order, no duplicates) and writes one value per kept sample into {@code out} at that
     * sample's index. Returns how many samples were kept: the kept ones are compacted, in their
     * original order, into {@code idx[0..kept)}. Only culling (and nodes that write nothing, such
     * as a falloff of radius 0) keep fewer than {@code count}; a sample that is not kept is not
     * written by the command.
     *
     * @param idx owned by the caller; this node may reorder only by compaction as described
     * @param out owned by the caller, capacity ≥ {@code ctx.size}
     * @param ctx the samples (positions, velocities, masses, ...) and scratch buffers of this evaluation
     * @param count the number of sample indices in {@code idx}
     * @return how many samples were kept, 0 ≤ kept ≤ count
     */
    int evaluate(FieldContext ctx, int[] idx, int count, FieldValues out);
}
