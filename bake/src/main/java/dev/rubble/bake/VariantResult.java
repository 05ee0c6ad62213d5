package dev.rubble.bake;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.Serializable;

/**
 * What one variant gave: one manifest row (docs/bake.md, "Manifest"). Everything but
 * {@code stepMillis}, {@code totalMillis} and {@code cpuMillis} is deterministic: the same variant gives the same
 * values on any worker, process or machine.
 *
 * @param index        the variant's position in the sweep
 * @param id           the variant id
 * @param status       {@code ok} or {@code failed}
 * @param paramsJson   the parameter values (JSON object)
 * @param scenarioSha  SHA-256 of the variant's scenario text
 * @param steps        steps completed (for a failed variant: before it failed)
 * @param finalHash    the world's state hash after the last step (hex, 16 digits; empty when failed)
 * @param journalSha   {@code JournalDigest} of the journal (empty when none was written or the variant failed)
 * @param stateSha     SHA-256 of {@code final.rsnap} (empty when none)
 * @param breaks       holders broken over the run
 * @param releases     pieces released that got a body
 * @param peakPieces   most collection pieces (active cluster nodes) at once
 * @param peakBodies   most live bodies at once
 * @param stepMillis   mean wall time per step, ms (machine-dependent)
 * @param totalMillis  wall time of the variant (build, steps, writing), ms (machine-dependent)
 * @param cpuMillis    CPU time the variant's thread used for it, ms (machine-dependent; -1 when the JVM cannot
 *                     measure it): with {@code totalMillis} it shows how much of a core the variant got
 * @param error        why it failed (one line), or empty
 * @param sheetSha     SHA-256 of the variant's {@code sheet.png} (empty when none was asked for or it failed)
 */
public record VariantResult(int index, String id, String status, String paramsJson, String scenarioSha, long steps,
                            String finalHash, String journalSha, String stateSha, long breaks, long releases,
                            int peakPieces, int peakBodies, double stepMillis, double totalMillis, double cpuMillis,
                            String error, String sheetSha)
        implements Serializable {
    public static final String OK = "ok";
    public static final String FAILED = "failed";

    public boolean ok() {
        return OK.equals(status);
    }

    /** The row as one line of JSON (the manifest's {@code manifest.jsonl} and each variant's {@code result.json}). */
    public String toJson() {
        ObjectNode o = Json.MAPPER.createObjectNode();
        o.put("index", index);
        o.put("id", id);
        o.put("status", status);
        try {
            o.set("params", Json.MAPPER.readTree(paramsJson));
        } catch (JacksonException e) {
            throw new IllegalStateException("bad params JSON " + paramsJson, e);
        }
        o.put("scenarioSha256", scenarioSha);
        o.put("steps", steps);
        o.put("finalHash", finalHash);
        o.put("journalSha256", journalSha);
        o.put("stateSha256", stateSha);
        o.put("breaks", breaks);
        o.put("releases", releases);
        o.put("peakPieces", peakPieces);
        o.put("peakBodies", peakBodies);
        o.put("stepMs", Math.round(stepMillis * 1000) / 1000.0);
        o.put("totalMs", Math.round(totalMillis * 10) / 10.0);
        o.put("cpuMs", Math.round(cpuMillis * 10) / 10.0);
        o.put("error", error);
        o.put("sheetSha256", sheetSha);
        return o.toString();
    }

    /** Reads a row written by {@link #toJson()}. */
    public static VariantResult fromJson(String line) {
        try {
            JsonNode o = Json.MAPPER.readTree(line);
            return new VariantResult(o.get("index").intValue(), o.get("id").textValue(), o.get("status").textValue(),
                    o.get("params").toString(), o.get("scenarioSha256").textValue(), o.get("steps").longValue(),
                    o.get("finalHash").textValue(), o.get("journalSha256").textValue(), o.get("stateSha256").textValue(),
                    o.get("breaks").longValue(), o.get("releases").longValue(), o.get("peakPieces").intValue(),
                    o.get("peakBodies").intValue(), o.get("stepMs").doubleValue(), o.get("totalMs").doubleValue(),
                    o.get("cpuMs").doubleValue(), o.get("error").textValue(),
                    o.has("sheetSha256") ? o.get("sheetSha256").textValue() : ""); // rows of older bakes have none
        } catch (JacksonException | NullPointerException e) {
            throw new IllegalArgumentException("not a bake result row: " + (line.length() > 80 ? line.substring(0, 80) + "..." : line), e);
        }
    }
}
