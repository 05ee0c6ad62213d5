package dev.rubble.cli;

import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The command's log level, from {@code RUBBLE_LOG}: one knob for both logging systems on the CLI's
 * class path, the kernel's {@link System.Logger} (java.util.logging by default) and Chronicle's SLF4J
 * (slf4j-simple, shipped with the command only). Unset means {@code warn}: real problems only.
 * {@code RUBBLE_LOG=debug} shows every plugin registration.
 */
enum LogLevel {
    OFF(Level.OFF, "off"),
    ERROR(Level.SEVERE, "error"),
    WARN(Level.WARNING, "warn"),
    INFO(Level.INFO, "info"),
    DEBUG(Level.FINE, "debug"),
    TRACE(Level.FINEST, "trace");

    /** What {@code RUBBLE_LOG} accepts, for error messages and docs. */
    static final String ALLOWED = "off, error, warn, info, debug, trace (or a java.util.logging name: severe, "
            + "warning, fine, finer, finest)";

    private static final String SLF4J_SIMPLE_DEFAULT = "org.slf4j.simpleLogger.defaultLogLevel";

    private final Level jul;
    private final String slf4j;

    LogLevel(Level jul, String slf4j) {
        this.jul = jul;
        this.slf4j = slf4j;
    }

    /**
     * Parses a {@code RUBBLE_LOG} value, case-insensitively; {@code null} or blank means {@link #WARN}.
     *
     * @throws IllegalArgumentException naming the value and what is allowed
     */
    static LogLevel parse(String value) {
        if (value == null || value.isBlank()) {
            return WARN;
        }
        switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "off":
                return OFF;
            case "error":
            case "severe":
                return ERROR;
            case "warn":
            case "warning":
                return WARN;
            case "info":
                return INFO;
            case "debug":
            case "fine":
                return DEBUG;
            case "trace":
            case "finer":
            case "finest":
            case "all":
                return TRACE;
            default:
                throw new IllegalArgumentException("RUBBLE_LOG=" + value + " is not a level; allowed: " + ALLOWED);
        }
    }

    /** The java.util.logging level the kernel's loggers map to. */
    Level julLevel() {
        return jul;
    }

    /** The slf4j-simple level name (Chronicle's logs). */
    String slf4jLevel() {
        return slf4j;
    }

    /**
     * Applies this level to the JUL root logger and its handlers, and to slf4j-simple's default level
     * unless the user set {@code -Dorg.slf4j.simpleLogger.defaultLogLevel} explicitly. Call before
     * anything logs (slf4j-simple reads its configuration once).
     */
    void apply() {
        Logger root = Logger.getLogger("");
        root.setLevel(jul);
        for (java.util.logging.Handler h : root.getHandlers()) {
            h.setLevel(jul);
        }
        if (System.getProperty(SLF4J_SIMPLE_DEFAULT) == null) {
            System.setProperty(SLF4J_SIMPLE_DEFAULT, slf4j);
        }
    }
}
