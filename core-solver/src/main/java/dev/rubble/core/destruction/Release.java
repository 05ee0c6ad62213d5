package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;

/**
 * The release pass (reference: chaos-clusters-strain-runtime §5.4): for every holder that broke,
 * in holder order, its broken children leave it (bonds cut, unlinked, each its own body at
 * {@code childToParent × holderPose}; an anchored leaf becomes dynamic, SPEC §4), the
 * {@link Connectivity} pass splits what is left, the holder's body is retired, and the damage model
 * updates the thresholds of nodes that lost a neighbour. Holder by holder because a retired body's
 * slot is reused by the next holder's pieces. Connectivity's time is reported separately.
 */
final class Release implements Pass {
    private final DestructionContext d;
    private final Pieces pieces;
    private final Connectivity connectivity;
    /** Wall time spent in connectivity during the last {@link #run}, ns. */
    long connectivityNanos;

    Release(DestructionContext d, Pieces pieces, Connectivity connectivity) {
        this.d = d;
        this.pieces = pieces;
        this.connectivity = connectivity;
    }

    void run() {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        StrainGroups gr = d.groups;
        connectivityNanos = 0;
        for (int k = 0; k < gr.holderCount; k++) {
            if (gr.holderBroken[k] == 0) {
                continue;
            }
            int h = gr.holders[k];
            PlacedCollection pc = d.collections.get(s.collection[h]);
            pieces.breaking(b, h);
            for (int e = gr.holderStart[k]; e < gr.holderStart[k + 1]; e++) {
                if (!gr.broken[e]) {
                    continue;
                }
                int c = gr.entries[e];
                pieces.cutBonds(pc, c, h);
                s.unlink(c);
                s.anchoredCount[h] -= s.anchoredCount[c];
                MotionType m;
                if (s.childCount[c] == 0) {
                    // an anchored leaf released from its holder becomes dynamic (SPEC §4)
                    s.anchored[c] = false;
                    s.anchoredCount[c] = 0;
                    m = MotionType.DYNAMIC;
                } else {
                    m = s.anchoredCount[c] > 0 ? MotionType.KINEMATIC : MotionType.DYNAMIC;
                }
                pieces.activate(c, h, null, m, BreakEvents.BREAK, gr.applied[e]);
            }
            long t0 = dev.rubble.core.parallel.StageTime.now();
            connectivity.split(pc, h);
            connectivityNanos += dev.rubble.core.parallel.StageTime.now() - t0;
            pieces.retireHolder(h);
            pieces.recomputeThresholds(pc);
        }
    }
}
