package dev.rubble.it;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line that starts a class's {@code main} in a JVM of its own, as a user's launcher would: this JVM's
 * {@code java}, the flags {@code ./rubble} passes that this JVM got from the build's argLine too (Chronicle's exports
 * and opens; on Java 24+ the Unsafe allowance, without which the JVM itself warns on stderr), the class path and the
 * arguments.
 */
final class ChildJvm {
    private ChildJvm() {
    }

    /** {@code mainClass} with {@code args} on {@code classPath}. */
    static List<String> command(String classPath, String mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (a.startsWith("--add-") || a.startsWith("--enable-native") || a.startsWith("--sun-misc")
                    || a.startsWith("-Dchronicle")) {
                cmd.add(a);
            }
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return cmd;
    }
}
