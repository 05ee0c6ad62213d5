package dev.rubble.cli;

import picocli.CommandLine;

/** Values of {@code replay --release ID@STEP} and {@code --release-region X0,Y0,Z0,X1,Y1,Z1@STEP}, parsed by picocli. */
final class ReleaseOption {
    private ReleaseOption() {
    }

    /** Release the body {@code id} at recorded step {@code step}. */
    record Body(String id, long step) {
    }

    /** Release every body whose centre is in [min, max] at recorded step {@code step}. */
    record Region(double[] min, double[] max, long step) {
    }

    /**
     * Release the piece holding asset node {@code node} of a collection at recorded step {@code step}: {@code collection}
     * is its placement index (as events and journals number collections) or its id (a scenario's {@code "id"}, the Java
     * API's placement label, as exports name its pieces), resolved against the journal by the replay.
     */
    record Piece(String collection, int node, long step) {
        /** As given on the command line. */
        String text() {
            return collection + ":" + node + "@" + step;
        }
    }

    /** {@code COLLECTION:NODE@STEP} (collection index in placement order or collection id, asset node id). */
    static final class PieceConverter implements CommandLine.ITypeConverter<Piece> {
        @Override
        public Piece convert(String v) {
            int at = v.lastIndexOf('@');
            int colon = at <= 0 ? -1 : v.lastIndexOf(':', at);
            if (colon <= 0) {
                throw new CommandLine.TypeConversionException("'" + v + "' is not allowed; allowed: COLLECTION:NODE@STEP"
                        + " (COLLECTION a placement index or a collection id), e.g. 0:17@120 or wall:17@120");
            }
            String collection = v.substring(0, colon).trim(), nodeText = v.substring(colon + 1, at).trim();
            int node;
            try {
                node = Integer.parseInt(nodeText);
            } catch (NumberFormatException e) {
                node = -1;
            }
            if (node < 0) {
                throw new CommandLine.TypeConversionException("'" + v + "': node '" + nodeText
                        + "' is not allowed; allowed: an integer >= 0");
            }
            if (collection.matches("-\\d+")) {
                throw new CommandLine.TypeConversionException("'" + v + "': collection '" + collection
                        + "' is not allowed; allowed: a placement index >= 0 or a collection id");
            }
            return new Piece(collection, node, step(v, v.substring(at + 1)));
        }
    }

    /** {@code ID@STEP}. */
    static final class BodyConverter implements CommandLine.ITypeConverter<Body> {
        @Override
        public Body convert(String v) {
            int at = v.lastIndexOf('@');
            if (at <= 0) {
                throw new CommandLine.TypeConversionException("'" + v + "' is not allowed; allowed: ID@STEP, e.g. b3@120");
            }
            return new Body(v.substring(0, at), step(v, v.substring(at + 1)));
        }
    }

    /** {@code X0,Y0,Z0,X1,Y1,Z1@STEP}. */
    static final class RegionConverter implements CommandLine.ITypeConverter<Region> {
        @Override
        public Region convert(String v) {
            int at = v.lastIndexOf('@');
            String[] c = at <= 0 ? new String[0] : v.substring(0, at).split(",", -1);
            if (c.length != 6) {
                throw new CommandLine.TypeConversionException("'" + v + "' is not allowed; allowed: X0,Y0,Z0,X1,Y1,Z1@STEP");
            }
            double[] d = new double[6];
            for (int i = 0; i < 6; i++) {
                try {
                    d[i] = Double.parseDouble(c[i].trim());
                } catch (NumberFormatException e) {
                    throw new CommandLine.TypeConversionException("'" + v + "': '" + c[i] + "' is not a number");
                }
                if (!Double.isFinite(d[i])) {
                    throw new CommandLine.TypeConversionException("'" + v + "': '" + c[i] + "' is not finite");
                }
            }
            for (int i = 0; i < 3; i++) {
                if (d[i] > d[i + 3]) {
                    throw new CommandLine.TypeConversionException("'" + v + "': max " + d[i + 3] + " is below min " + d[i]
                            + "; allowed: X0 <= X1, Y0 <= Y1, Z0 <= Z1");
                }
            }
            return new Region(new double[] {d[0], d[1], d[2]}, new double[] {d[3], d[4], d[5]}, step(v, v.substring(at + 1)));
        }
    }

    private static long step(String whole, String s) {
        try {
            long v = Long.parseLong(s);
            if (v >= 0 && v <= Integer.MAX_VALUE) {
                return v;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new CommandLine.TypeConversionException("'" + whole + "': step '" + s
                + "' is not allowed; allowed: an integer in [0, " + Integer.MAX_VALUE + "]");
    }
}
