package dev.rubble.core.destruction;

import dev.rubble.core.body.BodyStore;
import dev.rubble.core.body.MotionType;

/**
 * Crumbling of partial clusters after release (SPEC §6; docs/destruction.md "Debris and removal"):
 * every internal cluster made this step (a CLUSTER event: what was left of a holder that lost
 * children) that is not pinned by an anchor, and whose children all have a relative size at most
 * its collection's {@code crumbleSize} (&gt; 0), releases all its children at once, each as its own
 * body ({@link BreakEvents#CRUMBLE}, the usual {@code childToParent × pose}, {@code v + ω × r});
 * its body is retired. Its children are authored nodes, never partial, so this does not cascade.
 */
final class Crumbling implements Pass {
    private final DestructionContext d;
    private final Pieces pieces;

    Crumbling(DestructionContext d, Pieces pieces) {
        this.d = d;
        this.pieces = pieces;
    }

    void run() {
        BreakEvents ev = d.events;
        ClusterStore s = d.store;
        BodyStore b = d.bodies;
        for (int i = 0, n = ev.count(); i < n; i++) {
            if (ev.kind[i] != BreakEvents.CLUSTER) {
                continue;
            }
            long h = ev.body[i];
            int slot = (int) h;
            if (!b.isLive(slot) || b.handle(slot) != h) {
                continue;
            }
            int g = d.nodeOfSlot(slot);
            if (g < 0 || s.anchoredCount[g] > 0) {
                continue;
            }
            PlacedCollection pc = d.collections.get(s.collection[g]);
            double limit = pc.debris.crumbleSize();
            if (!(limit > 0)) {
                continue;
            }
            double[] rel = pc.asset.relativeSize();
            boolean small = true;
            for (int c = s.firstChild[g]; c != ClusterStore.NONE && small; c = s.nextSibling[c]) {
                small = s.node[c] >= 0 && rel[s.node[c]] <= limit;
            }
            if (!small) {
                continue;
            }
            pieces.breaking(b, g);
            while (s.firstChild[g] != ClusterStore.NONE) {
                int c = s.firstChild[g];
                pieces.cutBonds(pc, c, g);
                s.unlink(c);
                pieces.activate(c, g, null, s.childCount[c] > 0 && s.anchoredCount[c] > 0 ? MotionType.KINEMATIC
                        : MotionType.DYNAMIC, BreakEvents.CRUMBLE, 0);
            }
            pieces.retireHolder(g);
        }
    }
}
