package dev.rubble.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a new user meets first: help on every command, usage errors that point to it, one-line errors. */
final class CommandLineHelpTest {
    record Result(int code, String out, String err) {
    }

    static Result rubble(String... args) {
        StringWriter out = new StringWriter(), err = new StringWriter();
        int code = Main.execute(args, new PrintWriter(out), new PrintWriter(err));
        return new Result(code, out.toString(), err.toString());
    }

    private static void assertBadInput(Result r, String... fragments) {
        assertThat(r.code()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip().lines().count()).as("one line: " + r.err()).isEqualTo(1);
        assertThat(r.err()).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err()).contains(fragments);
    }

    @Test
    void everySubcommandAnswersHelpAndShortH() {
        String[][] cmds = {{"plugins"}, {"run"}, {"demo"}, {"console"}, {"replay"}, {"verify"}, {"journal"},
            {"journal", "info"}, {"fracture"}, {"bench"}, {"help"}};
        for (String[] c : cmds) {
            for (String flag : new String[] {"--help", "-h"}) {
                String[] args = java.util.Arrays.copyOf(c, c.length + 1);
                args[c.length] = flag;
                Result r = rubble(args);
                assertThat(r.code()).as(String.join(" ", args) + ": " + r.err()).isZero();
                assertThat(r.out()).as(String.join(" ", args)).contains("Usage: rubble " + String.join(" ", c));
            }
        }
    }

    @Test
    void helpWalksNestedSubcommands() {
        Result r = rubble("help", "journal", "info");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("Usage: rubble journal info").contains("DIR");
        assertBadInput(rubble("help", "journal", "nope"), "unknown command 'nope'", "known: info");
    }

    @Test
    void usageErrorsPointToTheCommandsHelp() {
        assertBadInput(rubble("run"), "SCENARIO", "(see 'rubble run --help')");
        assertBadInput(rubble("journal"), "(see 'rubble journal --help')");
        assertBadInput(rubble("bench", "pyramid", "--stepz", "3"), "--stepz", "(see 'rubble bench --help')");
        assertBadInput(rubble("bench", "pyramid", "--set", "broadphase"), "KEY=VALUE", "rubble bench --help");
    }

    @Test
    void benchStagesOfAShortRunAreNotZero() {
        Result r = rubble("bench", "pyramid", "--steps", "5", "--stages");
        assertThat(r.code()).as(r.err()).isZero();
        String stages = r.out().lines().filter(l -> l.startsWith("stages ")).findFirst().orElseThrow();
        // the pyramid's 210 boxes always cost the solver something: a mean of 0.000 ms means nothing was measured
        assertThat(stages).doesNotContain("solve=0.000").containsPattern("solve=\\d+\\.\\d{3}");
    }

    @Test
    void demoHeaderSaysDemoOnce() {
        Result r = rubble("demo", "--steps", "2");
        assertThat(r.code()).isZero();
        assertThat(r.out()).startsWith("Rubble demo: ").doesNotContain("demo: demo:");
    }

    @Test
    void fractureRefusesWrongOutputsDegenerateSourcesAndAbsurdCutCounts(@TempDir Path tmp) throws IOException {
        assertBadInput(rubble("fracture", "--out", tmp.resolve("x.txt").toString()), "x.txt", ".rbc", ".obj");
        Files.createDirectories(tmp.resolve("d.rbc"));
        assertBadInput(rubble("fracture", "--out", tmp.resolve("d.rbc").toString()), "is a directory");
        assertBadInput(rubble("fracture", "--source", "box:half=1e-300,1e-300,1e-300"), "1e-300", "allowed: [5.0E-5");
        assertBadInput(rubble("fracture", "--source", "hull:0,0,0;1e-9,0,0;0,1e-9,0;0,0,1e-9"), "degenerate");
        assertBadInput(rubble("fracture", "--method", "slice", "--option", "x=1024", "--option", "y=1024"),
                "pieces", "allowed: (x+1)(y+1)(z+1) <= 100000");
        assertBadInput(rubble("fracture", "--option", "sites=radial", "--option", "rings=10000", "--option",
                "angles=10000"), "100000000 sites");
        assertBadInput(rubble("fracture", "--option", "count"), "KEY=VALUE", "rubble fracture --help");
        Path ok = tmp.resolve("w.RBC");
        Result r = rubble("fracture", "--sites", "5", "--out", ok.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(Files.size(ok)).isPositive();
    }

    @Test
    void fixTinyHelpSaysItIsOffUnlessGiven() {
        String help = rubble("fracture", "--help").out().toLowerCase(Locale.ROOT);
        assertThat(help).contains("off unless given").doesNotContain("spec default 0.01");
    }

    @Test
    void controlCharactersInInputAreEscapedInErrorLines(@TempDir Path tmp) throws IOException {
        Path f = tmp.resolve("esc.json");
        Files.writeString(f, "{\"format\":\"rubble-scenario/1\",\"bodies\":[{\"id\":\"\\u001b[2Jx\","
                + "\"shape\":{\"type\":\"sphere\",\"radius\":1},\"\\u001b]0;pwned\\u0007\":1}]}");
        Result r = rubble("run", f.toString(), "--headless");
        assertBadInput(r, "\\u001b]0;pwned\\u0007", "unknown key");
        assertThat(r.err()).doesNotContain("\u001b").doesNotContain("\u0007");
    }
}
