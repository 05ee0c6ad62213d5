package dev.rubble.core.destruction;

/**
 * The named sub-slots of the DESTRUCTION step slot, in script order: the keys under which
 * {@code StepProfile} reports each pass's wall time (label {@code "destruction." + label()}). With
 * a break budget, modifiers and evaluation run holder by holder inside the budget pass and count as
 * {@link #BUDGET}; momentum return and crumbling count as {@link #RELEASE}; connectivity runs per
 * broken holder inside release and is reported on its own.
 */
public enum PassSlot {
    GATHER("gather"),
    GROUP("group"),
    MODIFIERS("modifiers"),
    EVALUATE("evaluate"),
    PROPAGATE("propagate"),
    BUDGET("budget"),
    RELEASE("release"),
    /** The support-graph stress pass (docs/destruction.md, "Stress"); 0 unless a collection has a stress model. */
    STRESS("stress"),
    CONNECTIVITY("connectivity");

    private final String label;

    PassSlot(String label) {
        this.label = label;
    }

    /** Short, stable name. */
    public String label() {
        return label;
    }
}
