package dev.rubble.core.destruction;

import dev.rubble.spi.strain.StrainModifier;

/**
 * The strain-modifier pass: each collection's chain runs over its grouped entries (loads and
 * thresholds only, through a reused {@link StrainViewBuffer}); with a break budget, holder by holder
 * for the holders the budget lets through.
 */
final class Modifiers implements Pass {
    private final DestructionContext d;
    private final StrainViewBuffer view = new StrainViewBuffer();

    Modifiers(DestructionContext d) {
        this.d = d;
    }

    /** Runs each collection's chain over its range of entries. */
    void run() {
        StrainGroups gr = d.groups;
        int k = 0;
        while (k < gr.holderCount) {
            int c = d.store.collection[gr.holders[k]];
            int from = gr.holderStart[k];
            while (k < gr.holderCount && d.store.collection[gr.holders[k]] == c) {
                k++;
            }
            chain(d.collections.get(c), from, gr.holderStart[k]);
        }
    }

    /** Runs holder k's collection's chain over k's entries only (the budgeted path). */
    void holder(int k) {
        StrainGroups gr = d.groups;
        chain(d.collections.get(d.store.collection[gr.holders[k]]), gr.holderStart[k], gr.holderStart[k + 1]);
    }

    private void chain(PlacedCollection pc, int from, int to) {
        if (pc.modifiers.length == 0) {
            return;
        }
        view.load(d, from, to);
        for (StrainModifier m : pc.modifiers) {
            m.modify(view);
        }
        view.store(d, from, to);
    }
}
