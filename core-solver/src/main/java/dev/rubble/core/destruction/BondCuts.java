package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;

/**
 * The bond-cut pass (issue 23; Blast-style bond damage), after release: every holder that lost a
 * bond among its children to a {@code CutBond} command this step and still has its body is split
 * when its children no longer form one connected component over their live bonds — each component
 * gets a body like {@link Connectivity}'s (one child alone a RELEASE, several a new internal
 * CLUSTER, pose {@code childToParent × holderPose}, {@code v + ω × r}) and the holder's body is
 * retired. A redundant bond (its ends still connected another way) splits nothing and the holder
 * keeps its body. A holder that broke this step was split by release already (its body is gone).
 */
final class BondCuts implements Pass {
    private final DestructionContext d;
    private final Pieces pieces;
    private final Connectivity connectivity;

    BondCuts(DestructionContext d, Pieces pieces, Connectivity connectivity) {
        this.d = d;
        this.pieces = pieces;
        this.connectivity = connectivity;
    }

    void run() {
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        for (int i = 0; i < d.cutCount; i++) {
            int h = d.cutHolders[i];
            if (!d.bodyAlive(h)) {
                continue;
            }
            PlacedCollection pc = d.collections.get(s.collection[h]);
            if (connectivity.components(pc, h) <= 1) {
                continue;
            }
            pieces.breaking(b, h);
            connectivity.split(pc, h);
            pieces.retireHolder(h);
            d.cutBreaks++; // a holder that came apart broke (the step's break count)
        }
        d.cutCount = 0;
    }
}
