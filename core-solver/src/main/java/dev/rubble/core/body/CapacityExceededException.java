package dev.rubble.core.body;

/** Thrown when a budget (bodies, contacts, manifolds) would be exceeded; nothing was changed. */
public final class CapacityExceededException extends IllegalStateException {
    private final String budget;
    private final long limit;

    public CapacityExceededException(String budget, long limit) {
        super("budget " + budget + " = " + limit + " is full; raise world.budgets." + budget
                + " or remove bodies first");
        this.budget = budget;
        this.limit = limit;
    }

    /** The name of the budget, as in the scenario file. */
    public String budget() {
        return budget;
    }

    /** The configured limit. */
    public long limit() {
        return limit;
    }
}
