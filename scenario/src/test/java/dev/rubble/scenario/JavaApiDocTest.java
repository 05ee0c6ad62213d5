package dev.rubble.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Method;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.FileObject;
import javax.tools.ForwardingJavaFileManager;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileManager;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The hello world of docs/java-api.md, taken from the file at test time, compiled in memory against
 * the test class path and run: the documented program must work as written.
 */
final class JavaApiDocTest {
    private static final Pattern FIRST_JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);
    private static final Pattern CLASS_NAME = Pattern.compile("public class (\\w+)");
    private static final Pattern HEIGHT = Pattern.compile("sphere height after ([0-9.]+) s: ([-0-9.Ee]+) m");

    @Test
    void helloWorldCompilesRunsAndRestsTheSphereOnTheGround() throws Exception {
        Path doc = Path.of(System.getProperty("basedir", ".")).resolve("../docs/java-api.md").normalize();
        String markdown = Files.readString(doc);
        Matcher block = FIRST_JAVA_BLOCK.matcher(markdown);
        assertThat(block.find()).as("a ```java block in %s", doc).isTrue();
        String source = block.group(1);
        assertThat(source.lines().count()).as("hello world length").isBetween(15L, 25L);
        Matcher name = CLASS_NAME.matcher(source);
        assertThat(name.find()).isTrue();

        String output = run(compile(name.group(1), source), name.group(1));

        Matcher m = HEIGHT.matcher(output);
        assertThat(m.find()).as("printed: %s", output).isTrue();
        assertThat(Double.parseDouble(m.group(1))).isCloseTo(3.0, within(1e-9));
        // dropped from 5 m (free fall ~1.01 s), then at rest on the top face y = 0: centre at y = r = 0.5
        assertThat(Double.parseDouble(m.group(2))).isCloseTo(0.5, within(0.005));
    }

    /** Compiles one source file in memory against the test class path; returns class name -> bytes. */
    static Map<String, byte[]> compile(String className, String source) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        assertThat(javac).as("a JDK compiler (tests run on a JDK)").isNotNull();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        Map<String, ByteArrayOutputStream> classes = new HashMap<>();
        // surefire may pass the class path in a manifest-only jar; it also publishes the real one
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        try (StandardJavaFileManager standard = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
             JavaFileManager files = new ForwardingJavaFileManager<>(standard) {
                 @Override
                 public JavaFileObject getJavaFileForOutput(Location location, String name, JavaFileObject.Kind kind,
                                                            FileObject sibling) {
                     return new SimpleJavaFileObject(URI.create("mem:///" + name.replace('.', '/') + kind.extension), kind) {
                         @Override
                         public OutputStream openOutputStream() {
                             return classes.computeIfAbsent(name, n -> new ByteArrayOutputStream());
                         }
                     };
                 }
             }) {
            JavaFileObject unit = new SimpleJavaFileObject(URI.create("string:///" + className + ".java"),
                    JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return source;
                }
            };
            List<String> options = List.of("-classpath", classPath, "--release", "17", "-proc:none");
            boolean ok = javac.getTask(null, files, diagnostics, options, null, List.of(unit)).call();
            List<String> problems = new ArrayList<>();
            for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
                problems.add(d.getKind() + " line " + d.getLineNumber() + ": " + d.getMessage(null));
            }
            assertThat(ok).as("compiling the hello world: %s", problems).isTrue();
        }
        Map<String, byte[]> bytes = new HashMap<>();
        classes.forEach((n, out) -> bytes.put(n, out.toByteArray()));
        return bytes;
    }

    /** Runs {@code main} of the compiled class and returns what it printed. */
    static String run(Map<String, byte[]> classes, String className) throws Exception {
        ClassLoader loader = new ClassLoader(JavaApiDocTest.class.getClassLoader()) {
            @Override
            protected Class<?> findClass(String n) throws ClassNotFoundException {
                byte[] b = classes.get(n);
                if (b == null) {
                    throw new ClassNotFoundException(n);
                }
                return defineClass(n, b, 0, b.length);
            }
        };
        Method main = loader.loadClass(className).getMethod("main", String[].class);
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            main.invoke(null, (Object) new String[0]);
        } finally {
            System.setOut(original);
        }
        String out = captured.toString(StandardCharsets.UTF_8);
        original.print(out);
        return out;
    }
}
