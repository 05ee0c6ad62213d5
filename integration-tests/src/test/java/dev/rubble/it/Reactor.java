package dev.rubble.it;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * The build as the integration tests see it after {@code package}: the modules of the default reactor
 * (read from the poms, recursively, profiles left out) and the jar each built. Runs under failsafe, so
 * every module of the reactor has been packaged before.
 */
final class Reactor {
    private Reactor() {
    }

    /** One jar-packaged module of the default build. */
    record Module(Path dir, String artifactId, boolean published, Path pom) {
        /** The jar the module built in {@code target/} (fails naming the directory if there is none or several). */
        Path jar() throws IOException {
            Path target = dir.resolve("target");
            List<Path> jars = new ArrayList<>();
            if (Files.isDirectory(target)) {
                try (Stream<Path> s = Files.list(target)) {
                    s.filter(p -> {
                        String n = p.getFileName().toString();
                        return n.endsWith(".jar") && !n.startsWith("original-") && !n.endsWith("-sources.jar")
                                && !n.endsWith("-javadoc.jar") && !n.endsWith("-tests.jar");
                    }).sorted().forEach(jars::add);
                }
            }
            if (jars.size() != 1) {
                throw new IllegalStateException("expected one jar of " + artifactId + " in " + target + ", found "
                        + jars + " (these tests run in `mvn verify`, after the package phase)");
            }
            return jars.get(0);
        }
    }

    /** The source root (the directory of the parent pom); failsafe passes it as {@code rubble.root}. */
    static Path root() {
        String root = System.getProperty("rubble.root");
        if (root == null) {
            throw new IllegalStateException("system property rubble.root is not set (see integration-tests/pom.xml)");
        }
        return Path.of(root).toAbsolutePath().normalize();
    }

    /** Every jar-packaged module of the default reactor, in pom order. */
    static List<Module> jarModules() throws Exception {
        List<Module> out = new ArrayList<>();
        collect(root(), out);
        return out;
    }

    private static void collect(Path dir, List<Module> out) throws Exception {
        Path pom = dir.resolve("pom.xml");
        Element project = parse(pom).getDocumentElement();
        String packaging = text(project, "packaging");
        if (packaging == null || packaging.equals("jar")) {
            String skip = property(project, "maven.deploy.skip");
            out.add(new Module(dir, text(project, "artifactId"), !"true".equals(skip), pom));
        }
        Element modules = child(project, "modules");
        if (modules != null) {
            for (Element m : children(modules, "module")) {
                collect(dir.resolve(m.getTextContent().trim()).normalize(), out);
            }
        }
    }

    static Document parse(Path xml) throws Exception {
        try (InputStream in = Files.newInputStream(xml)) {
            return parse(in);
        }
    }

    static Document parse(InputStream in) throws Exception {
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setNamespaceAware(false);
        f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return f.newDocumentBuilder().parse(in);
    }

    /** The text of the direct child {@code name} of {@code e}, or null. */
    static String text(Element e, String name) {
        Element c = child(e, name);
        return c == null ? null : c.getTextContent().trim();
    }

    static String property(Element project, String name) {
        Element props = child(project, "properties");
        return props == null ? null : text(props, name);
    }

    static Element child(Element e, String name) {
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(name)) {
                return c;
            }
        }
        return null;
    }

    static List<Element> children(Element e, String name) {
        List<Element> out = new ArrayList<>();
        for (Node n = e.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element c && c.getTagName().equals(name)) {
                out.add(c);
            }
        }
        return out;
    }
}
