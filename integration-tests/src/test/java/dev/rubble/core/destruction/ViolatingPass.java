package dev.rubble.core.destruction;

/**
 * A deliberate violation for {@code dev.rubble.it.PassRuleTest}: a pass that keeps a reference to
 * the {@link DestructionRuntime} facade, which {@code ArchitectureTest} forbids. Test code only.
 */
final class ViolatingPass implements Pass {
    private final DestructionRuntime facade;

    ViolatingPass(DestructionRuntime facade) {
        this.facade = facade;
    }

    int collections() {
        return facade.collectionCount();
    }
}
