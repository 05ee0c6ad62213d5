package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

/** The ArchUnit rule that destruction passes never import the facade can fail (issue 23). */
final class PassRuleTest {

    @Test
    void aPassThatKeepsTheFacadeIsReported() throws ClassNotFoundException {
        JavaClasses bad = new ClassFileImporter().importClasses(
                Class.forName("dev.rubble.core.destruction.ViolatingPass"));
        EvaluationResult r = ArchitectureTest.PASSES_NEVER_IMPORT_THE_FACADE.evaluate(bad);
        assertThat(r.hasViolation()).isTrue();
        assertThat(r.getFailureReport().getDetails()).anyMatch(l -> l.contains("ViolatingPass")
                && l.contains("DestructionRuntime"));
        assertThat(ArchitectureTest.ONLY_THE_SNAPSHOT_ADAPTER_KNOWS_THE_FACADE.evaluate(bad).hasViolation()).isTrue();
    }

    @Test
    void theRealPassesAreClean() throws ClassNotFoundException {
        JavaClasses good = new ClassFileImporter().importClasses(
                Class.forName("dev.rubble.core.destruction.Grouping"),
                Class.forName("dev.rubble.core.destruction.Release"),
                Class.forName("dev.rubble.core.destruction.BreakBudget"));
        assertThat(ArchitectureTest.PASSES_NEVER_IMPORT_THE_FACADE.evaluate(good).hasViolation()).isFalse();
    }
}
