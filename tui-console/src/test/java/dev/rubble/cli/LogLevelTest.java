package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

final class LogLevelTest {

    @Test
    void unsetMeansWarningsOnly() {
        assertThat(LogLevel.parse(null)).isEqualTo(LogLevel.WARN);
        assertThat(LogLevel.parse(" ")).isEqualTo(LogLevel.WARN);
        assertThat(LogLevel.WARN.julLevel()).isEqualTo(Level.WARNING);
        assertThat(LogLevel.WARN.slf4jLevel()).isEqualTo("warn");
    }

    @Test
    void debugReachesTheKernelsDebugRecords() {
        // System.Logger.Level.DEBUG maps to JUL FINE (the JDK's documented mapping); plugin registrations use it
        assertThat(LogLevel.parse("debug").julLevel().intValue()).isLessThanOrEqualTo(Level.FINE.intValue());
        assertThat(LogLevel.parse("DEBUG")).isEqualTo(LogLevel.DEBUG);
        assertThat(LogLevel.parse("fine")).isEqualTo(LogLevel.DEBUG);
        assertThat(LogLevel.DEBUG.slf4jLevel()).isEqualTo("debug");
        // info stays above the registrations: an info log is not flooded by them
        assertThat(LogLevel.parse("info").julLevel().intValue()).isGreaterThan(Level.FINE.intValue());
    }

    @Test
    void slf4jAndJulNamesAreBothAccepted() {
        assertThat(LogLevel.parse("error")).isEqualTo(LogLevel.ERROR);
        assertThat(LogLevel.parse("severe")).isEqualTo(LogLevel.ERROR);
        assertThat(LogLevel.parse("warning")).isEqualTo(LogLevel.WARN);
        assertThat(LogLevel.parse("Trace")).isEqualTo(LogLevel.TRACE);
        assertThat(LogLevel.parse("finest")).isEqualTo(LogLevel.TRACE);
        assertThat(LogLevel.parse("off").julLevel()).isEqualTo(Level.OFF);
    }

    @Test
    void aBadLevelNamesTheValueAndWhatIsAllowed() {
        assertThatThrownBy(() -> LogLevel.parse("verbose"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("RUBBLE_LOG=verbose is not a level; allowed: off, error, warn, info, debug, trace");
    }

    @Test
    void applySetsTheRootLoggerAndSlf4jSimpleButKeepsAnExplicitSlf4jSetting() {
        Logger root = Logger.getLogger("");
        Level before = root.getLevel();
        java.util.logging.Handler[] handlers = root.getHandlers();
        Level[] handlerLevels = new Level[handlers.length];
        for (int i = 0; i < handlers.length; i++) {
            handlerLevels[i] = handlers[i].getLevel();
        }
        String key = "org.slf4j.simpleLogger.defaultLogLevel";
        String property = System.getProperty(key);
        try {
            System.clearProperty(key);
            LogLevel.DEBUG.apply();
            assertThat(root.getLevel()).isEqualTo(Level.FINE);
            assertThat(Logger.getLogger("dev.rubble.core.plugin.PluginManager").isLoggable(Level.FINE)).isTrue();
            assertThat(System.getProperty(key)).isEqualTo("debug");

            System.setProperty(key, "error");
            LogLevel.INFO.apply();
            assertThat(root.getLevel()).isEqualTo(Level.INFO);
            assertThat(System.getProperty(key)).isEqualTo("error");
        } finally {
            root.setLevel(before);
            for (int i = 0; i < handlers.length; i++) {
                handlers[i].setLevel(handlerLevels[i]);
            }
            if (property == null) {
                System.clearProperty(key);
            } else {
                System.setProperty(key, property);
            }
        }
    }
}
