package dev.rubble.core.plugin;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;
import org.junit.jupiter.api.Test;

/**
 * An embedding host's log stays quiet: loading the plugins writes nothing at INFO or above (the
 * kernel's {@link System.Logger} goes to java.util.logging by default), while every registration is
 * still there at DEBUG (JUL {@code FINE}) for whoever turns it on ({@code RUBBLE_LOG=debug}).
 */
final class PluginLoggingTest {

    @Test
    void loadingPluginsLogsNothingAtInfoOrAboveAndEveryRegistrationAtDebug() {
        Logger root = Logger.getLogger("");
        Logger kernel = Logger.getLogger(PluginManager.class.getName()); // strong reference while the level is set
        Level previous = kernel.getLevel();
        List<LogRecord> records = new CopyOnWriteArrayList<>();
        Handler capture = new Handler() {
            @Override
            public void publish(LogRecord r) {
                records.add(r);
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        capture.setLevel(Level.ALL);
        root.addHandler(capture);
        kernel.setLevel(Level.ALL); // lets DEBUG records through for this logger only; every other logger keeps its level
        Stages stages;
        try {
            stages = Stages.load();
        } finally {
            root.removeHandler(capture);
            kernel.setLevel(previous);
        }

        List<String> loud = new ArrayList<>();
        List<String> registrations = new ArrayList<>();
        SimpleFormatter f = new SimpleFormatter();
        for (LogRecord r : records) {
            String line = r.getLevel() + " " + r.getLoggerName() + ": " + f.formatMessage(r);
            if (r.getLevel().intValue() >= Level.INFO.intValue()) {
                loud.add(line);
            } else if (r.getLevel() == Level.FINE && r.getLoggerName().equals(PluginManager.class.getName())
                    && line.contains(" registered ")) {
                registrations.add(line);
            }
        }
        assertThat(loud).as("records at INFO or above while loading plugins").isEmpty();

        List<Registration> all = stages.plugins().registrations();
        assertThat(all).isNotEmpty();
        assertThat(registrations).as("one DEBUG line per registration").hasSize(all.size());
        Registration bruteforce = stages.plugins().registrations(StageFamily.BROADPHASE).get(0);
        assertThat(registrations).anySatisfy(l -> assertThat(l)
                .contains("registered broadphase 'bruteforce' from plugin broadphase-bruteforce")
                .contains(bruteforce.source()));
    }
}
