package dev.rubble.it;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of Rubble's production code (SPEC §1, STYLE.md "a layout the code can grow into
 * without circles"), checked on the compiled classes of every module:
 * <pre>
 * spi        JDK only
 * geometry   JDK + spi value types
 * core       api -> snapshot, render -> world -> step -> dynamics, destruction, soft -> collision, field
 *            -> body, command, event, plugin; destruction passes never see the destruction facade
 * plugins    JDK + spi + geometry (what the plugin class loader lets through)
 * </pre>
 */
final class ArchitectureTest {
    private static JavaClasses classes;

    @BeforeAll
    static void importProductionClasses() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("dev.rubble");
        // sanity: the import really saw every layer (a rule over nothing would pass vacuously)
        assertThat(classes.containPackage("dev.rubble.spi")).isTrue();
        assertThat(classes.containPackage("dev.rubble.geometry.gjk")).isTrue();
        assertThat(classes.containPackage("dev.rubble.core.step")).isTrue();
        assertThat(classes.containPackage("dev.rubble.core.world")).isTrue();
        assertThat(classes.containPackage("dev.rubble.plugin.broadphase.sap")).isTrue();
        assertThat(classes.containPackage("dev.rubble.authoring")).isTrue();
    }

    @Test
    void spiDependsOnTheJdkOnly() {
        classes().that().resideInAPackage("dev.rubble.spi..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "dev.rubble.spi..")
                .check(classes);
    }

    @Test
    void geometryDependsOnTheJdkAndSpiValueTypesOnly() {
        classes().that().resideInAPackage("dev.rubble.geometry..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "dev.rubble.spi..", "dev.rubble.geometry..")
                .check(classes);
    }

    @Test
    void pluginsSeeOnlyWhatThePluginClassLoaderPassesThrough() {
        // the broadphase conformance suite is a test library (JUnit, AssertJ) that plugin tests share
        classes().that().resideInAPackage("dev.rubble.plugin..")
                .and().resideOutsideOfPackage("dev.rubble.plugin.broadphase.contract..")
                .should().onlyDependOnClassesThat()
                // the JDK (javax.imageio and its org.w3c.dom metadata are the GIF/PNG writers'), the SPI, geometry
                .resideInAnyPackage("java..", "javax..", "org.w3c.dom..", "dev.rubble.spi..", "dev.rubble.geometry..",
                        "dev.rubble.plugin..")
                .check(classes);
    }

    @Test
    void noCyclesBetweenPackages() {
        slices().matching("dev.rubble.(*)..").should().beFreeOfCycles().check(classes);
        slices().matching("dev.rubble.core.(*)..").should().beFreeOfCycles().check(classes);
    }

    @Test
    void stagesNeverImportTheWorldFacade() {
        noClasses().that().resideInAnyPackage("dev.rubble.core.step..", "dev.rubble.core.dynamics..",
                        "dev.rubble.core.collision..", "dev.rubble.core.body..", "dev.rubble.core.command..",
                        "dev.rubble.core.destruction..", "dev.rubble.core.field..", "dev.rubble.core.event..",
                        "dev.rubble.core.plugin..", "dev.rubble.core.soft..")
                .should().dependOnClassesThat().resideInAPackage("dev.rubble.core.world..")
                .check(classes);
    }

    @Test
    void kernelPackagesPointDownOnly() {
        layeredArchitecture().consideringOnlyDependenciesInLayers().withOptionalLayers(true)
                .layer("Api").definedBy("dev.rubble.api..")
                .layer("Tools").definedBy("dev.rubble.core.snapshot..", "dev.rubble.core.render..")
                .layer("World").definedBy("dev.rubble.core.world..")
                .layer("Step").definedBy("dev.rubble.core.step..")
                .layer("Dynamics").definedBy("dev.rubble.core.dynamics..", "dev.rubble.core.destruction..",
                        "dev.rubble.core.soft..")
                .layer("Collision").definedBy("dev.rubble.core.collision..", "dev.rubble.core.field..")
                .layer("Base").definedBy("dev.rubble.core.body..", "dev.rubble.core.command..",
                        "dev.rubble.core.event..", "dev.rubble.core.plugin..", "dev.rubble.core.parallel..")
                .whereLayer("Api").mayNotBeAccessedByAnyLayer()
                .whereLayer("Tools").mayOnlyBeAccessedByLayers("Api")
                .whereLayer("World").mayOnlyBeAccessedByLayers("Api", "Tools")
                .whereLayer("Step").mayOnlyBeAccessedByLayers("World", "Api", "Tools")
                .whereLayer("Dynamics").mayOnlyBeAccessedByLayers("Step", "World", "Api", "Tools")
                .whereLayer("Collision").mayOnlyBeAccessedByLayers("Dynamics", "Step", "World", "Api", "Tools")
                .check(classes);
    }

    /**
     * The destruction passes (classes implementing {@code dev.rubble.core.destruction.Pass}) work on
     * the explicit {@code DestructionContext} and never reach back into the {@code DestructionRuntime}
     * facade (issue 23; the reshape that removed the back-pointer).
     */
    static final ArchRule PASSES_NEVER_IMPORT_THE_FACADE = noClasses()
            .that().implement("dev.rubble.core.destruction.Pass")
            .should().dependOnClassesThat().haveFullyQualifiedName("dev.rubble.core.destruction.DestructionRuntime")
            .because("a destruction pass sees the state only through DestructionContext");

    /** Nothing in the destruction package but the facade and the snapshot adapter handed it knows the facade. */
    static final ArchRule ONLY_THE_SNAPSHOT_ADAPTER_KNOWS_THE_FACADE = noClasses()
            .that().resideInAPackage("dev.rubble.core.destruction..")
            .and().doNotHaveFullyQualifiedName("dev.rubble.core.destruction.DestructionRuntime")
            .and().doNotHaveFullyQualifiedName("dev.rubble.core.destruction.DestructionState")
            .should().dependOnClassesThat().haveFullyQualifiedName("dev.rubble.core.destruction.DestructionRuntime");

    @Test
    void destructionPassesNeverImportTheRuntimeFacade() {
        // not vacuous: the passes are there
        assertThat(classes.get("dev.rubble.core.destruction.Grouping").isAssignableTo("dev.rubble.core.destruction.Pass"))
                .isTrue();
        assertThat(classes.stream().filter(c -> c.isAssignableTo("dev.rubble.core.destruction.Pass")
                && !c.isInterface()).count()).isGreaterThanOrEqualTo(12);
        PASSES_NEVER_IMPORT_THE_FACADE.check(classes);
        ONLY_THE_SNAPSHOT_ADAPTER_KNOWS_THE_FACADE.check(classes);
    }

    @Test
    void theKernelKnowsNothingOfAuthoringScenariosJournalsOrTheConsole() {
        noClasses().that().resideInAPackage("dev.rubble.core..")
                .should().dependOnClassesThat().resideInAnyPackage("dev.rubble.authoring..", "dev.rubble.scenario..",
                        "dev.rubble.cache..", "dev.rubble.cli..", "dev.rubble.tui..", "dev.rubble.plugin..")
                .check(classes);
    }
}
