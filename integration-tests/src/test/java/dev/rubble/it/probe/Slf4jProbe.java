package dev.rubble.it.probe;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Logs like Chronicle does (SLF4J, a {@code net.openhft} logger), one INFO and one WARN line; run by
 * {@code CliLoggingIT} on the command's own runtime class path to see which of them reach stderr.
 */
public final class Slf4jProbe {
    private Slf4jProbe() {
    }

    public static void main(String[] args) {
        Logger log = LoggerFactory.getLogger("net.openhft.chronicle.queue.probe");
        log.info("probe info line");
        log.warn("probe warning line");
    }
}
