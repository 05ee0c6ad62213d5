package dev.rubble.core.snapshot;

import dev.rubble.core.destruction.CollectionPlacement;
import dev.rubble.core.destruction.DestructionOptions;
import dev.rubble.core.destruction.ImpactMode;
import dev.rubble.core.destruction.PlacementState;
import dev.rubble.spi.collection.CollectionAsset;
import dev.rubble.spi.collection.Strengths;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Objects;

/**
 * One collection placement as a journal records it when it is placed between steps
 * (docs/journal-format.md, "Between-steps document"): the asset exactly as a snapshot embeds it
 * (section DEST: every constructor array, each hull in its exact encoding), its authored
 * strengths, and the placement — label, pose, velocity, state, anchor nodes and boxes, and the
 * destruction options with the impact mode. Placing the decoded asset with the decoded placement
 * gives the same collection bit for bit, which is what verify and seek do.
 *
 * <p>Layout (big-endian, {@code DataOutput}): version int32 (1); the asset (DEST's asset encoding);
 * strengths flag bool, then node thresholds, node materials, material multipliers, bond strengths
 * (arrays: int32 length + values); label (a nullable string value); 13 float64 (x y z, qx qy qz qw,
 * vx vy vz, wx wy wz); state int8 ({@link PlacementState} ordinal); anchor nodes; anchor boxes;
 * options (DEST's options encoding); impact mode int8.
 */
public final class PlacementCodec {
    /** The layout version written first. */
    public static final int VERSION = 1;

    private PlacementCodec() {
    }

    /** A decoded placement: what to place, and how. */
    public record Placed(CollectionAsset asset, CollectionPlacement placement) {
    }

    /**
     * The bytes of {@code asset} placed with {@code placement}.
     *
     * @throws SnapshotException when a hull of the asset does not come back bit for bit from its encoding
     */
    public static byte[] encode(CollectionAsset asset, CollectionPlacement placement) {
        Objects.requireNonNull(asset, "asset is null");
        Objects.requireNonNull(placement, "placement is null");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1 << 12);
        try (DataOutputStream o = new DataOutputStream(bytes)) {
            o.writeInt(VERSION);
            CollectionCodec.writeAsset(o, asset, "the placed collection");
            Strengths st = asset.strengths();
            o.writeBoolean(st != null);
            if (st != null) {
                CollectionCodec.doubles(o, st.nodeThreshold());
                CollectionCodec.ints(o, st.nodeMaterial());
                CollectionCodec.doubles(o, st.materialMultiplier());
                CollectionCodec.doubles(o, st.bondStrength());
            }
            RecordCodec.writeValue(o, placement.label(), null);
            CollectionPlacement p = placement;
            for (double v : new double[] {p.x(), p.y(), p.z(), p.qx(), p.qy(), p.qz(), p.qw(), p.vx(), p.vy(), p.vz(),
                p.wx(), p.wy(), p.wz()}) {
                o.writeDouble(v);
            }
            o.writeByte(p.state().ordinal());
            CollectionCodec.ints(o, p.anchorNodes());
            CollectionCodec.doubles(o, p.anchorBoxes());
            CollectionCodec.writeOptions(o, p.options());
            o.writeByte(p.options().impactMode().ordinal());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("writing to memory failed", e);
        }
        return bytes.toByteArray();
    }

    /**
     * Decodes {@link #encode}'s bytes.
     *
     * @param where names the bytes in error messages (e.g. "the collection placed before step 12")
     * @throws IllegalArgumentException naming {@code where} and the bad value when the bytes are not a placement
     */
    public static Placed decode(byte[] data, String where) {
        Objects.requireNonNull(data, "data is null");
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(data))) {
            int version = in.readInt();
            if (version != VERSION) {
                throw new IllegalArgumentException(where + ": placement layout version " + version + "; allowed: " + VERSION);
            }
            CollectionAsset asset = CollectionCodec.readAsset(in, where);
            if (in.readBoolean()) {
                asset = asset.withStrengths(new Strengths(CollectionCodec.doubles(in), CollectionCodec.ints(in),
                        CollectionCodec.doubles(in), CollectionCodec.doubles(in)));
            }
            String label = (String) RecordCodec.readValue(in, String.class, where + " label");
            double[] v = new double[13];
            for (int i = 0; i < v.length; i++) {
                v[i] = in.readDouble();
            }
            PlacementState[] states = PlacementState.values();
            int st = in.readUnsignedByte();
            if (st >= states.length) {
                throw new IllegalArgumentException(where + ": placement state " + st + "; allowed: 0.." + (states.length - 1));
            }
            int[] anchorNodes = CollectionCodec.ints(in);
            double[] anchorBoxes = CollectionCodec.doubles(in);
            DestructionOptions options = CollectionCodec.readOptions(in, where);
            ImpactMode[] modes = ImpactMode.values();
            int m = in.readUnsignedByte();
            if (m >= modes.length) {
                throw new IllegalArgumentException(where + ": impact mode " + m + "; allowed: 0.." + (modes.length - 1));
            }
            options = options.withImpactMode(modes[m]);
            if (in.available() != 0) {
                throw new IllegalArgumentException(where + ": " + in.available() + " bytes after the placement");
            }
            CollectionPlacement p = new CollectionPlacement(label, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8],
                    v[9], v[10], v[11], v[12], states[st], anchorNodes, anchorBoxes, options);
            return new Placed(asset, p);
        } catch (IOException e) {
            throw new IllegalArgumentException(where + " is truncated: " + e, e);
        }
    }
}
