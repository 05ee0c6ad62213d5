package dev.rubble.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.spi.ToolProvider;
import java.util.zip.ZipEntry;
import javax.lang.model.SourceVersion;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Element;

/**
 * What a user of the published jars gets: each jar names its module, all of them can sit on the module
 * path together, {@code rubble-bom} lists exactly the published artifacts, no library forces an SLF4J
 * provider on its embedder, and the two JDK-only modules really are JDK-only (jdeps on the bytecode).
 */
final class ModuleJarsIT {
    private static final Set<String> SLF4J_PROVIDERS = Set.of("slf4j-simple", "slf4j-nop", "slf4j-jdk14",
            "slf4j-reload4j", "slf4j-log4j12", "logback-classic", "log4j-slf4j2-impl", "log4j-slf4j-impl");

    private static List<Reactor.Module> modules;

    @BeforeAll
    static void reactor() throws Exception {
        modules = Reactor.jarModules();
    }

    private static Reactor.Module module(String artifactId) {
        for (Reactor.Module m : modules) {
            if (m.artifactId().equals(artifactId)) {
                return m;
            }
        }
        throw new AssertionError("no module " + artifactId + " in " + modules);
    }

    @Test
    void theReactorIsWhatTheseTestsExpect() {
        // guards the discovery itself: a broken pom walk must not make the checks below vacuous
        List<String> ids = new ArrayList<>();
        modules.forEach(m -> ids.add(m.artifactId()));
        assertThat(ids).contains("rubble-spi", "rubble-geometry", "rubble-core-solver", "rubble-authoring",
                "rubble-scenario", "rubble-cache", "rubble-tui-console", "rubble-broadphase-sap",
                "rubble-narrowphase-default", "rubble-integration-tests");
        assertThat(ids).hasSizeGreaterThanOrEqualTo(19).doesNotHaveDuplicates();
    }

    @Test
    void everyJarHasAValidUniqueAutomaticModuleNameThatTheJdkUses() throws Exception {
        Map<String, String> byName = new TreeMap<>();
        for (Reactor.Module m : modules) {
            Path jar = m.jar();
            String name;
            try (JarFile jf = new JarFile(jar.toFile())) {
                Manifest mf = jf.getManifest();
                assertThat(mf).as("manifest of " + jar).isNotNull();
                name = mf.getMainAttributes().getValue("Automatic-Module-Name");
            }
            assertThat(name).as("Automatic-Module-Name of " + jar + " (set rubble.moduleName in its pom)")
                    .isNotNull().isNotBlank();
            // a qualified name of Java identifiers, none a keyword (e.g. not "...narrowphase.default")
            assertThat(SourceVersion.isName(name, SourceVersion.RELEASE_17))
                    .as("'" + name + "' of " + jar + " is a valid module name").isTrue();
            assertThat(name).as("module name of " + jar).startsWith("dev.rubble.");
            String previous = byName.put(name, m.artifactId());
            assertThat(previous).as("module name " + name + " used by both " + previous + " and " + m.artifactId())
                    .isNull();
            // the JDK derives the same name when the jar is on the module path
            Set<ModuleReference> found = ModuleFinder.of(jar).findAll();
            assertThat(found).hasSize(1);
            assertThat(found.iterator().next().descriptor().name()).isEqualTo(name);
        }
        assertThat(byName).hasSameSizeAs(modules);
    }

    @Test
    void allJarsFitOnOneModulePathWithoutSplitPackages() throws Exception {
        Map<String, String> owner = new HashMap<>();
        List<String> split = new ArrayList<>();
        for (Reactor.Module m : modules) {
            ModuleDescriptor d = ModuleFinder.of(m.jar()).findAll().iterator().next().descriptor();
            for (String p : new TreeSet<>(d.packages())) {
                String other = owner.put(p, d.name());
                if (other != null) {
                    split.add(p + " in " + other + " and " + d.name());
                }
            }
        }
        assertThat(split).as("packages in two jars").isEmpty();
        assertThat(owner).containsKeys("dev.rubble.spi", "dev.rubble.core.plugin", "dev.rubble.cli");
    }

    @Test
    void theBomListsExactlyThePublishedArtifactsAtTheProjectVersion() throws Exception {
        Path root = Reactor.root();
        Element parent = Reactor.parse(root.resolve("pom.xml")).getDocumentElement();
        Element bom = Reactor.parse(root.resolve("bom/pom.xml")).getDocumentElement();
        assertThat(Reactor.text(bom, "artifactId")).isEqualTo("rubble-bom");
        assertThat(Reactor.text(bom, "packaging")).isEqualTo("pom");
        assertThat(Reactor.text(bom, "groupId")).isEqualTo(Reactor.text(parent, "groupId"));
        assertThat(Reactor.text(bom, "version")).as("rubble-bom's version must follow rubble-parent's")
                .isEqualTo(Reactor.text(parent, "version"));
        // no parent: importing the BOM must not import rubble-parent's third-party versions
        assertThat(Reactor.child(bom, "parent")).isNull();
        assertThat(Reactor.children(Reactor.child(parent, "modules"), "module"))
                .anySatisfy(e -> assertThat(e.getTextContent().trim()).isEqualTo("bom"));

        Set<String> listed = new TreeSet<>();
        Element deps = Reactor.child(Reactor.child(bom, "dependencyManagement"), "dependencies");
        for (Element d : Reactor.children(deps, "dependency")) {
            String id = Reactor.text(d, "artifactId");
            assertThat(Reactor.text(d, "groupId")).as(id).isEqualTo("dev.rubble");
            assertThat(Reactor.text(d, "version")).as(id).isEqualTo("${project.version}");
            assertThat(Reactor.text(d, "scope")).as(id).isNull();
            assertThat(listed.add(id)).as(id + " listed twice").isTrue();
        }
        Set<String> published = new TreeSet<>();
        for (Reactor.Module m : modules) {
            if (m.published()) {
                published.add(m.artifactId());
            }
        }
        assertThat(published).contains("rubble-core-solver", "rubble-spi", "rubble-broadphase-sap")
                .doesNotContain("rubble-integration-tests", "rubble-broadphase-contract");
        assertThat(listed).isEqualTo(published);
    }

    @Test
    void onlyTheCommandShipsAnSlf4jProvider() throws Exception {
        List<String> forced = new ArrayList<>();
        boolean cliHasOne = false;
        for (Reactor.Module m : modules) {
            // the pom inside the jar is what a consumer's Maven reads
            Element pom;
            try (JarFile jf = new JarFile(m.jar().toFile())) {
                ZipEntry e = jf.getEntry("META-INF/maven/dev.rubble/" + m.artifactId() + "/pom.xml");
                assertThat(e).as("pom.xml inside " + m.jar()).isNotNull();
                try (InputStream in = jf.getInputStream(e)) {
                    pom = Reactor.parse(in).getDocumentElement();
                }
            }
            for (String provider : nonTestDependencies(pom)) {
                if (!SLF4J_PROVIDERS.contains(provider)) {
                    continue;
                }
                if (m.artifactId().equals("rubble-tui-console")) {
                    cliHasOne = true;
                } else {
                    forced.add(m.artifactId() + " -> " + provider);
                }
            }
        }
        // inherited by every module
        for (String p : List.of("pom.xml", "plugins/pom.xml")) {
            for (String provider : nonTestDependencies(Reactor.parse(Reactor.root().resolve(p)).getDocumentElement())) {
                if (SLF4J_PROVIDERS.contains(provider)) {
                    forced.add(p + " -> " + provider);
                }
            }
        }
        assertThat(forced).as("library modules with a compile/runtime SLF4J provider").isEmpty();
        assertThat(cliHasOne).as("the command ships slf4j-simple (Chronicle's warnings)").isTrue();
    }

    private static List<String> nonTestDependencies(Element project) {
        List<String> out = new ArrayList<>();
        Element deps = Reactor.child(project, "dependencies");
        if (deps == null) {
            return out;
        }
        for (Element d : Reactor.children(deps, "dependency")) {
            String scope = Reactor.text(d, "scope");
            if (scope == null || scope.equals("compile") || scope.equals("runtime")) {
                out.add(Reactor.text(d, "artifactId"));
            }
        }
        return out;
    }

    @Test
    void spiNeedsOnlyTheJdkAndGeometryOnlyTheJdkAndTheSpi() throws Exception {
        Path spi = module("rubble-spi").jar();
        Path geometry = module("rubble-geometry").jar();
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow();
        StringWriter out = new StringWriter();
        int rc = jdeps.run(new PrintWriter(out, true), new PrintWriter(out, true), "-summary", "--multi-release", "17",
                spi.toString(), geometry.toString());
        assertThat(rc).as(out.toString()).isZero();
        // lines "a.jar -> b" for every dependency of every input; "not found" would mean an outside class
        Map<String, Set<String>> edges = new TreeMap<>();
        for (String line : out.toString().split("\\R")) {
            String[] parts = line.split("->");
            if (parts.length == 2) {
                String to = parts[1].trim(); // a module name, a jar (by path) or "not found"
                if (to.endsWith(".jar")) {
                    to = Path.of(to).getFileName().toString();
                }
                edges.computeIfAbsent(parts[0].trim(), k -> new TreeSet<>()).add(to);
            }
        }
        String spiName = spi.getFileName().toString();
        String geometryName = geometry.getFileName().toString();
        assertThat(edges).as(out.toString()).containsKeys(spiName, geometryName);
        assertThat(edges.get(spiName)).as(out.toString()).containsOnly("java.base");
        assertThat(edges.get(geometryName)).as(out.toString()).containsOnly("java.base", spiName);
    }
}
