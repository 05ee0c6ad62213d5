package dev.rubble.core.command;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Binary form of a field command for snapshots (docs/snapshot-format.md, "Fields"): name, target,
 * the four metadata ordinals, persistent flag, then the node tree ({@link FieldSpec#write}).
 */
public final class FieldCommands {
    private FieldCommands() {
    }

    public static void write(DataOutput out, Command.ApplyField f) throws IOException {
        out.writeUTF(f.name());
        out.writeByte(f.target().ordinal());
        out.writeByte(f.meta().resolution().ordinal());
        out.writeByte(f.meta().state().ordinal());
        out.writeByte(f.meta().object().ordinal());
        out.writeByte(f.meta().position().ordinal());
        out.writeBoolean(f.persistent());
        f.field().write(out);
    }

    public static Command.ApplyField read(DataInput in) throws IOException {
        String name = in.readUTF();
        FieldTarget target = pick(FieldTarget.values(), in.readByte(), "field target");
        FieldMeta meta = new FieldMeta(pick(FieldMeta.Resolution.values(), in.readByte(), "field resolution"),
                pick(FieldMeta.StateFilter.values(), in.readByte(), "field state filter"),
                pick(FieldMeta.ObjectFilter.values(), in.readByte(), "field object filter"),
                pick(FieldMeta.PositionType.values(), in.readByte(), "field position type"));
        boolean persistent = in.readBoolean();
        return new Command.ApplyField(name, target, FieldSpec.read(in), meta, persistent);
    }

    private static <E> E pick(E[] all, int i, String what) throws IOException {
        if (i < 0 || i >= all.length) {
            throw new IOException(what + " code " + i + " is unknown; allowed: 0.." + (all.length - 1));
        }
        return all[i];
    }
}
