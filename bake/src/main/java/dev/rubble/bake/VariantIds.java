package dev.rubble.bake;

import com.fasterxml.jackson.databind.JsonNode;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Stable variant ids and canonical values. A variant's id is the first 12 hex digits of the SHA-256
 * of its parameters written canonically, {@code name=value} joined by newlines in the sweep's order:
 * numbers as plain decimals without trailing zeros ({@code 2.50} and {@code 2.5} are one value,
 * never {@code Double.toString}, whose digits changed in Java 19), strings as JSON strings, arrays
 * in order, objects with sorted keys. The id depends on nothing else — not the variant's position,
 * the base scenario or the machine — so adding a value to a parameter keeps every other id, and a
 * resumed bake finds its variants by id.
 */
public final class VariantIds {
    /** Hex digits of an id (48 bits: a clash within a sweep is checked and reported). */
    public static final int LENGTH = 12;

    private VariantIds() {
    }

    /** The id of a variant with these parameter values (name to value, in sweep order). */
    public static String of(List<Map.Entry<String, JsonNode>> params) {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, JsonNode> e : params) {
            sb.append(e.getKey()).append('=').append(canonical(e.getValue())).append('\n');
        }
        return sha256(sb.toString()).substring(0, LENGTH);
    }

    /** Hex SHA-256 of the UTF-8 bytes of {@code text}. */
    public static String sha256(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The canonical text of a JSON value (see the class comment). */
    public static String canonical(JsonNode n) {
        StringBuilder sb = new StringBuilder();
        canonical(n, sb);
        return sb.toString();
    }

    private static void canonical(JsonNode n, StringBuilder sb) {
        if (n == null || n.isNull()) {
            sb.append("null");
        } else if (n.isNumber()) {
            sb.append(plain(n));
        } else if (n.isTextual()) {
            sb.append(Json.quote(n.textValue()));
        } else if (n.isBoolean()) {
            sb.append(n.booleanValue());
        } else if (n.isArray()) {
            sb.append('[');
            for (int i = 0; i < n.size(); i++) {
                sb.append(i == 0 ? "" : ",");
                canonical(n.get(i), sb);
            }
            sb.append(']');
        } else {
            List<String> keys = new ArrayList<>();
            for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
                keys.add(it.next());
            }
            keys.sort(null);
            sb.append('{');
            for (int i = 0; i < keys.size(); i++) {
                sb.append(i == 0 ? "" : ",").append(Json.quote(keys.get(i))).append(':');
                canonical(n.get(keys.get(i)), sb);
            }
            sb.append('}');
        }
    }

    /** A number as a plain decimal without trailing zeros ("0" for any zero). */
    static String plain(JsonNode n) {
        BigDecimal d = n.isBigDecimal() ? n.decimalValue() : n.isIntegralNumber() ? new BigDecimal(n.bigIntegerValue())
                : new BigDecimal(n.doubleValue());
        if (d.signum() == 0) {
            return "0";
        }
        return d.stripTrailingZeros().toPlainString();
    }
}
