package dev.rubble.cli;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.rubble.core.body.BodyStore;
import dev.rubble.core.world.World;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Writes the state of every body as JSON (format in docs/scenario-format.md, "Output"): bodies in
 * handle order with id, handle, state, motion, origin position, orientation quaternion [x, y, z, w],
 * linear and angular velocity. Doubles are written with full precision (shortest repr that
 * round-trips), so the file reproduces the state bit for bit.
 */
final class StateWriter {
    private StateWriter() {
    }

    static void write(World world, String scenario, OutputStream os) throws IOException {
        JsonFactory f = new JsonFactory();
        try (JsonGenerator g = f.createGenerator(os, JsonEncoding.UTF8)) {
            g.useDefaultPrettyPrinter();
            BodyStore b = world.bodies();
            g.writeStartObject();
            g.writeStringField("format", "rubble-state/1");
            g.writeStringField("scenario", scenario);
            g.writeNumberField("steps", world.stepIndex());
            g.writeNumberField("time", world.time());
            g.writeStringField("stateHash", String.format("%016x", world.stateHash()));
            g.writeArrayFieldStart("bodies");
            for (int s = 0, n = b.slotLimit(); s < n; s++) {
                if (!b.isLive(s)) {
                    continue;
                }
                g.writeStartObject();
                if (b.label[s] != null) {
                    g.writeStringField("id", b.label[s]);
                }
                g.writeStringField("handle", BodyStore.handleString(b.handle(s)));
                piece(world, b.handle(s), g);
                g.writeStringField("state", b.state(s).label());
                g.writeStringField("motion", b.motion(s).name().toLowerCase());
                vec(g, "position", b.originX(s), b.originY(s), b.originZ(s));
                g.writeArrayFieldStart("orientation");
                g.writeNumber(b.qx[s]);
                g.writeNumber(b.qy[s]);
                g.writeNumber(b.qz[s]);
                g.writeNumber(b.qw[s]);
                g.writeEndArray();
                vec(g, "linearVelocity", b.vx[s], b.vy[s], b.vz[s]);
                vec(g, "angularVelocity", b.wx[s], b.wy[s], b.wz[s]);
                g.writeEndObject();
            }
            g.writeEndArray();
            writeSoftBodies(world, g); // docs/soft-bodies.md, "Output"
            g.writeEndObject();
        }
    }

    /**
     * A collection piece names its collection (its scenario id, else its index) and the authored node it
     * simulates ({@code -1}: an internal cluster of several nodes) (issue 23).
     */
    private static void piece(World world, long handle, JsonGenerator g) throws IOException {
        var d = world.destruction();
        int node = d.nodeOfBody(handle);
        if (node < 0) {
            return;
        }
        int c = d.store().collection[node];
        String label = d.label(c);
        if (label != null) {
            g.writeStringField("collection", label);
        } else {
            g.writeNumberField("collection", c);
        }
        g.writeNumberField("node", d.store().node[node]);
    }

    /** Soft bodies (only when there are any): id, point count, control-point positions [[x, y, z], ...]. */
    private static void writeSoftBodies(World world, JsonGenerator g) throws IOException {
        dev.rubble.core.soft.SoftBodyStore st = world.softBodies().store();
        if (st.size() == 0) {
            return;
        }
        double[] x = st.state.x;
        g.writeArrayFieldStart("softBodies");
        for (int b = 0; b < st.size(); b++) {
            g.writeStartObject();
            if (st.label[b] != null) {
                g.writeStringField("id", st.label[b]);
            }
            g.writeNumberField("points", st.pointCount[b]);
            g.writeNumberField("tets", st.tetCount[b]);
            g.writeArrayFieldStart("positions");
            for (int i = st.pointStart[b], e = i + st.pointCount[b]; i < e; i++) {
                g.writeStartArray();
                g.writeNumber(x[3 * i]);
                g.writeNumber(x[3 * i + 1]);
                g.writeNumber(x[3 * i + 2]);
                g.writeEndArray();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        g.writeEndArray();
    }

    private static void vec(JsonGenerator g, String name, double x, double y, double z) throws IOException {
        g.writeArrayFieldStart(name);
        g.writeNumber(x);
        g.writeNumber(y);
        g.writeNumber(z);
        g.writeEndArray();
    }
}
