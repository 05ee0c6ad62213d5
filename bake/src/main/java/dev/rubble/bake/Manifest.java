package dev.rubble.bake;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The bake's manifest (docs/bake.md, "Manifest"), one row per variant in sweep order, in three
 * files:
 * <ul>
 * <li>{@code manifest.jsonl}: one JSON object per line (every field; what {@code bake report} and
 * tools read: {@code spark.read.json} or {@code pandas.read_json(lines=True)} turn it into Parquet
 * in one call);</li>
 * <li>{@code manifest.csv}: the same, one column per parameter, for spreadsheets;</li>
 * <li>{@code hashes.tsv}: only the deterministic columns (id, status, steps, final state hash,
 * journal and state SHA-256, breaks, releases, peaks) — byte-identical for the same sweep however
 * it was split (1 or N workers, Spark), so comparing two bakes is comparing two small files.</li>
 * </ul>
 * Parquet is not written: the Java Parquet writer needs Hadoop's classes (parquet-hadoop), tens of
 * megabytes the command line should not carry; JSON lines need nothing new (Jackson is here).
 */
public final class Manifest {
    public static final String JSONL = "manifest.jsonl";
    public static final String CSV = "manifest.csv";
    public static final String HASHES = "hashes.tsv";

    private Manifest() {
    }

    /** {@code manifest.jsonl}'s text. */
    public static String jsonl(List<VariantResult> rows) {
        StringBuilder sb = new StringBuilder();
        for (VariantResult r : rows) {
            sb.append(r.toJson()).append('\n');
        }
        return sb.toString();
    }

    /** {@code hashes.tsv}'s text: the deterministic columns. */
    public static String hashes(List<VariantResult> rows) {
        StringBuilder sb = new StringBuilder("id\tstatus\tsteps\tfinal_hash\tjournal_sha256\tstate_sha256\tbreaks\treleases\tpeak_pieces\tpeak_bodies\n");
        for (VariantResult r : rows) {
            sb.append(r.id()).append('\t').append(r.status()).append('\t').append(r.steps()).append('\t')
                    .append(r.finalHash()).append('\t').append(r.journalSha()).append('\t').append(r.stateSha())
                    .append('\t').append(r.breaks()).append('\t').append(r.releases()).append('\t')
                    .append(r.peakPieces()).append('\t').append(r.peakBodies()).append('\n');
        }
        return sb.toString();
    }

    /** {@code manifest.csv}'s text (RFC 4180 quoting), one column per parameter. */
    public static String csv(List<String> params, List<VariantResult> rows) {
        StringBuilder sb = new StringBuilder("index,id,status");
        for (String p : params) {
            sb.append(',').append(csvField(p));
        }
        sb.append(",steps,final_hash,journal_sha256,state_sha256,breaks,releases,peak_pieces,peak_bodies,step_ms,total_ms,cpu_ms,error,sheet_sha256\n");
        for (VariantResult r : rows) {
            sb.append(r.index()).append(',').append(r.id()).append(',').append(r.status());
            JsonNode ps = params(r);
            for (String p : params) {
                JsonNode v = ps.get(p);
                sb.append(',').append(csvField(v == null ? "" : v.isTextual() ? v.textValue() : VariantIds.canonical(v)));
            }
            sb.append(',').append(r.steps()).append(',').append(r.finalHash()).append(',').append(r.journalSha())
                    .append(',').append(r.stateSha()).append(',').append(r.breaks()).append(',').append(r.releases())
                    .append(',').append(r.peakPieces()).append(',').append(r.peakBodies()).append(',')
                    .append(String.format(java.util.Locale.ROOT, "%.3f", r.stepMillis())).append(',')
                    .append(String.format(java.util.Locale.ROOT, "%.1f", r.totalMillis())).append(',')
                    .append(String.format(java.util.Locale.ROOT, "%.1f", r.cpuMillis())).append(',')
                    .append(csvField(r.error())).append(',').append(r.sheetSha()).append('\n');
        }
        return sb.toString();
    }

    static JsonNode params(VariantResult r) {
        try {
            return Json.MAPPER.readTree(r.paramsJson());
        } catch (JacksonException e) {
            throw new IllegalArgumentException("bad params JSON in row " + r.id(), e);
        }
    }

    /** Parameter names of a row, in order. */
    static List<String> paramNames(VariantResult r) {
        List<String> out = new ArrayList<>();
        for (Iterator<String> it = params(r).fieldNames(); it.hasNext(); ) {
            out.add(it.next());
        }
        return out;
    }

    private static String csvField(String s) {
        if (s.indexOf(',') < 0 && s.indexOf('"') < 0 && s.indexOf('\n') < 0 && s.indexOf('\r') < 0) {
            return s;
        }
        return '"' + s.replace("\"", "\"\"") + '"';
    }

    /** Writes the three files into {@code dir}, each atomically (a reader never sees half a manifest). */
    public static void write(Path dir, List<String> params, List<VariantResult> rows) {
        writeAtomically(dir.resolve(JSONL), jsonl(rows));
        writeAtomically(dir.resolve(CSV), csv(params, rows));
        writeAtomically(dir.resolve(HASHES), hashes(rows));
    }

    /** Reads {@code manifest.jsonl} from a bake directory. */
    public static List<VariantResult> read(Path dir) {
        Path f = dir.resolve(JSONL);
        if (!Files.isDirectory(dir)) {
            // "has no manifest.jsonl" of a directory that is not there sent users looking for a file
            throw new IllegalArgumentException("bake directory " + dir + (Files.exists(dir) ? " is not a directory" : " does not exist")
                    + "; allowed: the --out directory of a finished rubble bake");
        }
        if (!Files.isRegularFile(f)) {
            throw new IllegalArgumentException("bake directory " + dir + " has no " + JSONL
                    + " (not a bake, or the bake has not finished: run rubble bake again to resume it)");
        }
        List<VariantResult> out = new ArrayList<>();
        try {
            int n = 0;
            for (String line : Files.readAllLines(f)) {
                n++;
                if (!line.isBlank()) {
                    try {
                        out.add(VariantResult.fromJson(line));
                    } catch (IllegalArgumentException e) {
                        throw new IllegalArgumentException(f + " line " + n + ": " + e.getMessage(), e);
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f + ": " + e.getMessage(), e);
        }
        return out;
    }

    /** Writes {@code text} to a temporary file beside {@code f}, then moves it over {@code f}. */
    static void writeAtomically(Path f, String text) {
        Path tmp = f.resolveSibling(f.getFileName() + ".tmp");
        try {
            Files.writeString(tmp, text);
            try {
                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (java.nio.file.AtomicMoveNotSupportedException e) {
                Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + f + ": " + e.getMessage(), e);
        }
    }
}
