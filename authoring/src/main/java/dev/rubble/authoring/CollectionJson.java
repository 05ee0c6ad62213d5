package dev.rubble.authoring;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.rubble.spi.collection.Strengths;
import dev.rubble.spi.geom.ConvexPolytope;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Geometry collections as JSON ({@code docs/collection-format.md}, "JSON collections"; issue 23):
 * hand-made collections (boxes or hull points per piece, a parent per node, bonds, anchors, states,
 * thresholds, materials) and a lossless text form of any {@code .rbc} file (every derived number
 * written out, so {@code .rbc -> .json -> .rbc} gives the same bytes). Values the file leaves out are
 * computed as {@link CollectionBuilder} computes them: volume, centre of mass and inertia from the
 * hulls and the density (or a leaf's own mass), cluster sums, transforms, relative sizes, bond areas
 * from touching faces. Every error is a {@link CollectionFormatException} naming the JSON path, the
 * bad value and what is allowed. Stateless.
 */
public final class CollectionJson {
    /** The {@code format} value of a collection file. */
    public static final String FORMAT = "rubble-collection/1";
    private static final ObjectMapper JSON = new ObjectMapper().enable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS)
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);

    /**
     * The ranges of a hand-made file, a scenario body's (docs/scenario-format.md): sizes (half extents) in [1e-6, 1e6] m,
     * coordinates of box centres and hull points within ±1e6 m of the collection's origin, densities in [1e-9, 1e9]
     * kg/m³ (a scenario recipe's and {@code fracture --density}'s range: 1e-6 until fuzz13, so a collection fractured at
     * 1e-9 did not read back from its own lossless JSON form) and masses in [1e-9, 1e15] kg. A box of half extent 2^63 m or a density of 2^63 was accepted (exit 0).
     */
    static final double MIN_HALF = 1e-6, MAX_HALF = 1e6, MAX_COORDINATE = 1e6, MIN_DENSITY = 1e-9, MAX_DENSITY = 1e9,
            MIN_MASS = 1e-9, MAX_MASS = 1e15;

    private CollectionJson() {
    }

    /** Reads a JSON collection file; errors name the file and the JSON path. */
    public static GeometryCollection load(Path file) throws IOException {
        try {
            return parse(Files.readString(file, StandardCharsets.UTF_8));
        } catch (CollectionFormatException e) {
            throw new CollectionFormatException(file + ": " + e.getMessage());
        } catch (java.nio.charset.CharacterCodingException e) { // a binary file named .json was an internal error
            throw new CollectionFormatException(file + ": not UTF-8 text; allowed: a JSON collection (docs/collection-format.md)"
                    + " or a .rbc collection file");
        }
    }

    /** Writes {@code g} as JSON (every value, lossless). */
    public static void save(GeometryCollection g, Path file) throws IOException {
        Files.writeString(file, write(g), StandardCharsets.UTF_8);
    }

    /** A {@code .json} file is read as JSON, anything else as a {@code .rbc} collection file. */
    public static GeometryCollection loadAny(Path file) throws IOException {
        return isJson(file) ? load(file) : CollectionFile.load(file);
    }

    /** Saves as JSON for a {@code .json} name, else as a {@code .rbc} collection file. */
    public static void saveAny(GeometryCollection g, Path file) throws IOException {
        if (isJson(file)) {
            save(g, file);
        } else {
            CollectionFile.save(g, file);
        }
    }

    /** Whether {@code file} is a JSON collection: a .json file whose top-level "format" is {@link #FORMAT}. */
    public static boolean isCollectionJson(Path file) {
        if (!isJson(file)) {
            return false;
        }
        try {
            JsonNode root = JSON.readTree(file.toFile());
            return root != null && root.isObject() && FORMAT.equals(root.path("format").asText());
        } catch (IOException e) {
            return false;
        }
    }

    public static boolean isJson(Path file) {
        return file.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".json");
    }

    // ---- writing ------------------------------------------------------------------------------------

    /** The JSON text of {@code g}: every stored number, so reading it back gives {@code g} bit for bit. */
    public static String write(GeometryCollection g) {
        if (g.meshes != null && Arrays.stream(g.meshes).anyMatch(java.util.Objects::nonNull)) {
            throw new CollectionFormatException("the collection has piece meshes (a mesh source); JSON collections keep"
                    + " hulls only; allowed: write it as .rbc");
        }
        ObjectNode root = JSON.createObjectNode();
        root.put("format", FORMAT);
        root.put("density", g.density);
        ArrayNode hulls = root.putArray("hulls");
        for (ConvexPolytope p : g.hulls) {
            ObjectNode h = hulls.addObject();
            doubles(h.putArray("vertices"), p.vertices());
            ArrayNode faces = h.putArray("faces");
            int[] fs = p.faceStarts(), fi = p.faceIndices();
            for (int f = 0; f + 1 < fs.length; f++) {
                ArrayNode face = faces.addArray();
                for (int k = fs[f]; k < fs[f + 1]; k++) {
                    face.add(fi[k]);
                }
            }
            doubles(h.putArray("planes"), p.planes());
        }
        Strengths st = g.strengths;
        if (st != null) {
            ArrayNode mats = root.putArray("materials");
            for (double m : st.materialMultiplier()) {
                mats.addObject().put("multiplier", m);
            }
        }
        ArrayNode nodes = root.putArray("nodes");
        for (int i = 0; i < g.nodeCount(); i++) {
            ObjectNode n = nodes.addObject();
            n.put("parent", g.parent[i]);
            ArrayNode hi = n.putArray("hulls");
            for (int k = g.hullStart[i]; k < g.hullStart[i + 1]; k++) {
                hi.add(g.hullIndex[k]);
            }
            n.put("state", InitialState.values()[g.initialState[i]].name().toLowerCase(java.util.Locale.ROOT));
            if (g.anchored[i]) {
                n.put("anchored", true);
            }
            if (st != null) {
                if (!Double.isNaN(st.nodeThreshold()[i])) {
                    n.put("threshold", st.nodeThreshold()[i]);
                }
                if (st.nodeMaterial()[i] != 0) {
                    n.put("material", st.nodeMaterial()[i]);
                }
            }
            n.put("volume", g.volume[i]);
            n.put("mass", g.mass[i]);
            doubles(n.putArray("com"), Arrays.copyOfRange(g.com, 3 * i, 3 * i + 3));
            doubles(n.putArray("inertia"), Arrays.copyOfRange(g.inertia, 6 * i, 6 * i + 6));
            doubles(n.putArray("transform"), Arrays.copyOfRange(g.transform, 7 * i, 7 * i + 7));
            n.put("relativeSize", g.relativeSize[i]);
        }
        ArrayNode bonds = root.putArray("bonds");
        for (int e = 0; e < g.edgeA.length; e++) {
            ObjectNode b = bonds.addObject();
            b.put("a", g.edgeA[e]).put("b", g.edgeB[e]).put("area", g.edgeArea[e]);
            if (st != null && !Double.isNaN(st.bondStrength()[e])) {
                b.put("strength", st.bondStrength()[e]);
            }
        }
        ArrayNode contacts = root.putArray("contacts");
        for (int c = 0; c < g.contactA.length; c++) {
            contacts.addObject().put("a", g.contactA[c]).put("b", g.contactB[c]).put("area", g.contactArea[c]);
        }
        StringWriter w = new StringWriter();
        try (JsonGenerator gen = JSON.getFactory().createGenerator(w)) {
            gen.useDefaultPrettyPrinter();
            JSON.writeTree(gen, root);
        } catch (IOException e) {
            throw new IllegalStateException("writing to memory failed", e);
        }
        return w + "\n";
    }

    private static void doubles(ArrayNode a, double[] v) {
        for (double x : v) {
            a.add(x);
        }
    }

    // ---- reading ------------------------------------------------------------------------------------

    /** Parses a JSON collection (see the class comment); errors name the JSON path. */
    public static GeometryCollection parse(String text) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new CollectionFormatException("not valid JSON: " + e.getOriginalMessage().split("\n")[0]
                    + (e.getLocation() != null ? " at line " + e.getLocation().getLineNr() + ", column "
                    + e.getLocation().getColumnNr() : ""));
        } catch (IOException e) {
            throw new CollectionFormatException("not valid JSON: " + e.getMessage());
        }
        return new Reader(root).read();
    }

    private static final class Reader {
        private final JsonNode root;
        private double density;
        private final List<ConvexPolytope> table = new ArrayList<>();

        Reader(JsonNode root) {
            this.root = root;
        }

        GeometryCollection read() {
            if (root == null || !root.isObject()) {
                throw bad("(top level)", root, "a JSON object");
            }
            allowOnly(root, "", "format", "density", "hulls", "materials", "nodes", "bonds", "contacts", "name", "comment");
            JsonNode fmt = root.get("format");
            if (fmt == null || !FORMAT.equals(fmt.asText())) {
                throw bad("format", fmt, "\"" + FORMAT + "\"");
            }
            density = root.has("density") ? within(root.get("density"), "density", MIN_DENSITY, MAX_DENSITY, "kg/m³")
                    : CollectionBuilder.DEFAULT_DENSITY;
            JsonNode hullsJson = root.get("hulls");
            if (hullsJson != null) {
                array(hullsJson, "hulls");
                for (int h = 0; h < hullsJson.size(); h++) {
                    table.add(hull(hullsJson.get(h), "hulls[" + h + "]"));
                }
            }
            int tableSize = table.size();
            // materials
            double[] multipliers = {1.0};
            Map<String, Integer> materialNames = new HashMap<>();
            JsonNode mats = root.get("materials");
            if (mats != null) {
                array(mats, "materials");
                if (mats.size() < 1 || mats.size() > 256) {
                    throw bad("materials", mats.size() + " entries", "1..256 materials");
                }
                multipliers = new double[mats.size()];
                for (int m = 0; m < mats.size(); m++) {
                    String p = "materials[" + m + "]";
                    JsonNode x = mats.get(m);
                    object(x, p);
                    allowOnly(x, p, "name", "multiplier");
                    multipliers[m] = x.has("multiplier") ? number(x.get("multiplier"), p + ".multiplier") : 1.0;
                    if (!(multipliers[m] >= 0) || !Double.isFinite(multipliers[m])) {
                        throw bad(p + ".multiplier", x.get("multiplier"), "a finite number >= 0");
                    }
                    if (x.has("name") && materialNames.put(x.get("name").asText(), m) != null) {
                        throw bad(p + ".name", x.get("name"), "a name not used by an earlier material");
                    }
                }
            }
            // nodes in file order
            JsonNode nodes = root.get("nodes");
            if (nodes == null) {
                throw new CollectionFormatException("nodes: missing; allowed: an array of nodes (node 0 or the one with"
                        + " parent -1 is the root)");
            }
            array(nodes, "nodes");
            int n = nodes.size();
            if (n < 1) {
                throw bad("nodes", "[]", "at least one node");
            }
            int[] fileParent = new int[n];
            int root0 = -1;
            for (int i = 0; i < n; i++) {
                String p = "nodes[" + i + "]";
                JsonNode x = nodes.get(i);
                object(x, p);
                allowOnly(x, p, "parent", "level", "box", "points", "hull", "hulls", "mass", "density", "state",
                        "anchored", "threshold", "material", "volume", "com", "inertia", "transform", "relativeSize",
                        "name");
                JsonNode par = x.get("parent");
                fileParent[i] = par == null ? -1 : integer(par, p + ".parent");
                if (fileParent[i] == -1) {
                    if (root0 >= 0) {
                        throw bad(p + ".parent", par == null ? "missing" : par, "the index of another node (nodes["
                                + root0 + "] is already the root, the only node without a parent)");
                    }
                    root0 = i;
                } else if (fileParent[i] < 0 || fileParent[i] >= n || fileParent[i] == i) {
                    throw bad(p + ".parent", par, "the index of another node, 0.." + (n - 1)
                            + (fileParent[i] == i ? " (a node cannot be its own parent)" : " (unknown parent)"));
                }
            }
            if (root0 < 0) { // every node has a parent: follow them from node 0 into the cycle they must form
                boolean[] seen = new boolean[n];
                int x = 0;
                while (!seen[x]) {
                    seen[x] = true;
                    x = fileParent[x];
                }
                StringBuilder cycle = new StringBuilder().append(x);
                for (int y = fileParent[x]; y != x; y = fileParent[y]) {
                    cycle.append(" -> ").append(y);
                }
                throw bad("nodes[" + x + "].parent", fileParent[x], "a parent chain that reaches the root; this one is"
                        + " part of a cycle (" + cycle + " -> " + x + ") and no node is the root (\"parent\": -1 or absent)");
            }
            // breadth-first order: root, then each node's children in file order
            List<List<Integer>> kids = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                kids.add(new ArrayList<>());
            }
            for (int i = 0; i < n; i++) {
                if (fileParent[i] >= 0) {
                    kids.get(fileParent[i]).add(i);
                }
            }
            int[] order = new int[n];
            int[] newId = new int[n];
            Arrays.fill(newId, -1);
            int cnt = 0;
            ArrayDeque<Integer> q = new ArrayDeque<>(List.of(root0));
            while (!q.isEmpty()) {
                int x = q.poll();
                newId[x] = cnt;
                order[cnt++] = x;
                q.addAll(kids.get(x));
            }
            if (cnt < n) {
                for (int i = 0; i < n; i++) {
                    if (newId[i] < 0) {
                        throw bad("nodes[" + i + "].parent", nodes.get(i).get("parent"),
                                "a parent chain that reaches the root; this one is part of a cycle");
                    }
                }
            }
            int[] parent = new int[n], level = new int[n], firstChild = new int[n], childCount = new int[n];
            for (int k = 0; k < n; k++) {
                int i = order[k];
                parent[k] = fileParent[i] < 0 ? -1 : newId[fileParent[i]];
                level[k] = parent[k] < 0 ? 0 : level[parent[k]] + 1;
                childCount[k] = kids.get(i).size();
                firstChild[k] = childCount[k] == 0 ? -1 : newId[kids.get(i).get(0)];
                JsonNode lv = nodes.get(i).get("level");
                if (lv != null && integer(lv, "nodes[" + i + "].level") != level[k]) {
                    throw bad("nodes[" + i + "].level", lv, level[k] + " (its parent's level + 1; the root is 0)");
                }
            }
            // geometry: own hulls of each node (clusters without geometry take their children's)
            List<List<Integer>> own = new ArrayList<>();
            for (int k = 0; k < n; k++) {
                own.add(nodeHulls(nodes.get(order[k]), "nodes[" + order[k] + "]", tableSize));
            }
            for (int k = n - 1; k >= 0; k--) {
                if (own.get(k).isEmpty()) {
                    if (childCount[k] == 0) {
                        throw new CollectionFormatException("nodes[" + order[k] + "]: a leaf without geometry; allowed:"
                                + " \"box\": [cx, cy, cz, hx, hy, hz], \"points\": [[x, y, z], ...], \"hull\" or \"hulls\"");
                    }
                    List<Integer> acc = new ArrayList<>();
                    for (int c = firstChild[k]; c < firstChild[k] + childCount[k]; c++) {
                        for (int h : own.get(c)) {
                            if (!acc.contains(h)) {
                                acc.add(h);
                            }
                        }
                    }
                    own.set(k, acc);
                }
            }
            int[] hullStart = new int[n + 1];
            for (int k = 0; k < n; k++) {
                hullStart[k + 1] = hullStart[k] + own.get(k).size();
            }
            int[] hullIndex = new int[hullStart[n]];
            for (int k = 0; k < n; k++) {
                for (int j = 0; j < own.get(k).size(); j++) {
                    hullIndex[hullStart[k] + j] = own.get(k).get(j);
                }
            }
            ConvexPolytope[] hulls = table.toArray(new ConvexPolytope[0]);
            // states, anchors, thresholds, materials
            byte[] state = new byte[n];
            boolean[] anchored = new boolean[n];
            double[] threshold = new double[n];
            int[] material = new int[n];
            boolean strengths = mats != null;
            for (int k = 0; k < n; k++) {
                String p = "nodes[" + order[k] + "]";
                JsonNode x = nodes.get(order[k]);
                JsonNode s = x.get("state");
                if (s != null) {
                    try {
                        state[k] = (byte) InitialState.valueOf(s.asText().toUpperCase(java.util.Locale.ROOT)).ordinal();
                    } catch (IllegalArgumentException e) {
                        throw bad(p + ".state", s, "dynamic, sleeping, kinematic or static");
                    }
                }
                JsonNode a = x.get("anchored");
                if (a != null && !a.isBoolean()) {
                    throw bad(p + ".anchored", a, "true or false");
                }
                anchored[k] = a != null && a.asBoolean();
                JsonNode t = x.get("threshold");
                threshold[k] = Double.NaN;
                if (t != null) {
                    strengths = true;
                    threshold[k] = number(t, p + ".threshold");
                    if (!(threshold[k] >= 0)) {
                        throw bad(p + ".threshold", t, "a number >= 0 or \"Infinity\" (unbreakable)");
                    }
                }
                JsonNode m = x.get("material");
                if (m != null) {
                    strengths = true;
                    if (m.isTextual() && materialNames.containsKey(m.asText())) {
                        material[k] = materialNames.get(m.asText());
                    } else {
                        material[k] = m.isIntegralNumber() && m.canConvertToInt() ? m.asInt() : -1; // 2^32 was index 0
                        if (material[k] < 0 || material[k] >= multipliers.length) {
                            throw bad(p + ".material", m, "a material index 0.." + (multipliers.length - 1)
                                    + (materialNames.isEmpty() ? "" : " or a name in \"materials\"")
                                    + (mats == null ? " (no \"materials\" given: only 0)" : ""));
                        }
                    }
                }
            }
            // bonds
            JsonNode bj = root.get("bonds");
            List<double[]> bonds = new ArrayList<>();
            if (bj != null) {
                array(bj, "bonds");
                for (int e = 0; e < bj.size(); e++) {
                    String p = "bonds[" + e + "]";
                    JsonNode x = bj.get(e);
                    JsonNode ja, jb;
                    JsonNode area = null, strength = null;
                    if (x.isArray()) {
                        if (x.size() != 2) {
                            throw bad(p, x, "[a, b] or {\"a\": A, \"b\": B, \"area\": M2, \"strength\": PA}");
                        }
                        ja = x.get(0);
                        jb = x.get(1);
                    } else {
                        object(x, p);
                        allowOnly(x, p, "a", "b", "area", "strength");
                        ja = x.get("a");
                        jb = x.get("b");
                        area = x.get("area");
                        strength = x.get("strength");
                    }
                    int fa = nodeRef(ja, p + (x.isArray() ? "[0]" : ".a"), n), fb = nodeRef(jb, p + (x.isArray() ? "[1]" : ".b"), n);
                    int na = newId[fa], nb = newId[fb];
                    if (na == nb || parent[na] != parent[nb]) {
                        throw bad(p, "(" + fa + ", " + fb + ")", "two different nodes with the same parent (siblings)");
                    }
                    double ar = Double.NaN;
                    if (area != null) {
                        ar = number(area, p + ".area");
                        if (!(ar >= 0) || !Double.isFinite(ar)) {
                            throw bad(p + ".area", area, "a finite number >= 0 (m^2)");
                        }
                    }
                    double sg = Double.NaN;
                    if (strength != null) {
                        strengths = true;
                        sg = number(strength, p + ".strength");
                        if (!(sg >= 0) || !Double.isFinite(sg)) {
                            throw bad(p + ".strength", strength, "a finite number >= 0 (Pa)");
                        }
                    }
                    bonds.add(new double[] {Math.min(na, nb), Math.max(na, nb), ar, sg, e});
                }
            }
            bonds.sort((x, y) -> x[0] != y[0] ? Double.compare(x[0], y[0]) : Double.compare(x[1], y[1]));
            for (int e = 1; e < bonds.size(); e++) {
                if (bonds.get(e)[0] == bonds.get(e - 1)[0] && bonds.get(e)[1] == bonds.get(e - 1)[1]) {
                    throw bad("bonds[" + (int) bonds.get(e)[4] + "]", "a repeated pair", "each pair once");
                }
            }
            // mass properties: given values win, the rest computed as CollectionBuilder does
            double[] volume = new double[n], mass = new double[n], com = new double[3 * n], inertia = new double[6 * n];
            double[] transform = new double[7 * n], relativeSize = new double[n];
            for (int k = n - 1; k >= 0; k--) {
                massProperties(k, nodes.get(order[k]), "nodes[" + order[k] + "]", hulls, hullStart, hullIndex,
                        firstChild, childCount, volume, mass, com, inertia);
            }
            double maxLeaf = 0;
            for (int k = 0; k < n; k++) {
                if (childCount[k] == 0) {
                    maxLeaf = Math.max(maxLeaf, volume[k]);
                }
            }
            for (int k = 0; k < n; k++) {
                JsonNode x = nodes.get(order[k]);
                String p = "nodes[" + order[k] + "]";
                JsonNode tr = x.get("transform");
                if (tr != null) {
                    System.arraycopy(numbers(tr, p + ".transform", 7), 0, transform, 7 * k, 7);
                } else {
                    for (int a = 0; a < 3; a++) {
                        transform[7 * k + a] = parent[k] < 0 ? com[3 * k + a] : com[3 * k + a] - com[3 * parent[k] + a];
                    }
                    transform[7 * k + 6] = 1;
                }
                JsonNode rs = x.get("relativeSize");
                relativeSize[k] = rs != null ? finiteNonNegative(rs, p + ".relativeSize")
                        : StrictMath.cbrt(volume[k]) / StrictMath.cbrt(maxLeaf);
            }
            int ne = bonds.size();
            int[] ea = new int[ne], eb = new int[ne];
            double[] earea = new double[ne], bstrength = new double[ne];
            double tol = 1e-9 * diagonal(hulls);
            Proximity.Scratch scratch = new Proximity.Scratch();
            for (int e = 0; e < ne; e++) {
                double[] b = bonds.get(e);
                ea[e] = (int) b[0];
                eb[e] = (int) b[1];
                bstrength[e] = b[3];
                if (!Double.isNaN(b[2])) {
                    earea[e] = b[2];
                } else {
                    for (int i = hullStart[ea[e]]; i < hullStart[ea[e] + 1]; i++) {
                        for (int j = hullStart[eb[e]]; j < hullStart[eb[e] + 1]; j++) {
                            earea[e] += Proximity.contactArea(hulls[hullIndex[i]], hulls[hullIndex[j]], tol, scratch);
                        }
                    }
                }
            }
            // contacts: given, else the bonds that touch
            int[] ca, cb;
            double[] carea;
            JsonNode cj = root.get("contacts");
            if (cj != null) {
                array(cj, "contacts");
                ca = new int[cj.size()];
                cb = new int[cj.size()];
                carea = new double[cj.size()];
                for (int c = 0; c < cj.size(); c++) {
                    String p = "contacts[" + c + "]";
                    JsonNode x = cj.get(c);
                    object(x, p);
                    allowOnly(x, p, "a", "b", "area");
                    int fa = newId[nodeRef(x.get("a"), p + ".a", n)], fb = newId[nodeRef(x.get("b"), p + ".b", n)];
                    ca[c] = Math.min(fa, fb);
                    cb[c] = Math.max(fa, fb);
                    carea[c] = finiteNonNegative(x.get("area"), p + ".area");
                }
            } else {
                int m = 0;
                for (int e = 0; e < ne; e++) {
                    m += earea[e] > 0 ? 1 : 0;
                }
                ca = new int[m];
                cb = new int[m];
                carea = new double[m];
                m = 0;
                for (int e = 0; e < ne; e++) {
                    if (earea[e] > 0) {
                        ca[m] = ea[e];
                        cb[m] = eb[e];
                        carea[m++] = earea[e];
                    }
                }
            }
            GeometryCollection g;
            try {
                CollectionFile.validateStructure(n, hulls.length, parent, firstChild, childCount, level, hullStart,
                        hullIndex, ca, cb, ea, eb);
                CollectionFile.validatePhysical(n, transform, volume, mass, com, inertia, relativeSize, carea, earea);
                CollectionFile.centres(n, hulls, hullStart, hullIndex, com);
                CollectionFile.transforms(n, parent, hulls, hullStart, hullIndex, transform, com, "node");
                g = new GeometryCollection(parent, firstChild, childCount, level, transform, hullStart, hullIndex, hulls,
                        volume, mass, com, inertia, relativeSize, state, anchored, ca, cb, carea, ea, eb, earea, density);
            } catch (CollectionFormatException e) {
                throw new CollectionFormatException("in JSON order (node ids renumbered breadth-first): " + e.getMessage());
            }
            if (strengths) {
                double[] thr = new double[n];
                for (int k = 0; k < n; k++) {
                    thr[k] = threshold[k];
                }
                g.strengths = new Strengths(thr, material, multipliers, bstrength);
            }
            return g;
        }

        /** The hull-table indices of a node's own geometry (inline shapes are appended to the table). */
        private List<Integer> nodeHulls(JsonNode x, String p, int tableSize) {
            List<Integer> out = new ArrayList<>();
            int given = (x.has("box") ? 1 : 0) + (x.has("points") ? 1 : 0) + (x.has("hull") ? 1 : 0) + (x.has("hulls") ? 1 : 0);
            if (given > 1) {
                throw new CollectionFormatException(p + ": more than one of box, points, hull, hulls; allowed: one");
            }
            if (x.has("box")) {
                double[] b = box(x.get("box"), p + ".box");
                table.add(ConvexPolytope.box(b[0], b[1], b[2], b[3], b[4], b[5]));
                out.add(table.size() - 1);
            } else if (x.has("points")) {
                table.add(points(x.get("points"), p + ".points"));
                out.add(table.size() - 1);
            } else if (x.has("hull")) {
                table.add(hull(x.get("hull"), p + ".hull"));
                out.add(table.size() - 1);
            } else if (x.has("hulls")) {
                JsonNode h = x.get("hulls");
                array(h, p + ".hulls");
                for (int k = 0; k < h.size(); k++) {
                    int i = h.get(k).isIntegralNumber() && h.get(k).canConvertToInt() ? h.get(k).asInt() : -1;
                    if (i < 0 || i >= tableSize) {
                        throw bad(p + ".hulls[" + k + "]", h.get(k), "an index into the top-level \"hulls\", 0.." + (tableSize - 1));
                    }
                    out.add(i);
                }
            }
            return out;
        }

        /** The convex hull of the points, refused when a point is not one of its corners (non-convex or repeated). */
        private ConvexPolytope points(JsonNode pts, String p) {
            array(pts, p);
            if (pts.size() < 4) {
                throw bad(p, pts.size() + " points", "at least 4 points, corners of a convex solid");
            }
            double[] xyz = new double[3 * pts.size()];
            for (int i = 0; i < pts.size(); i++) {
                System.arraycopy(coordinates(numbers(pts.get(i), p + "[" + i + "]", 3), pts.get(i), p + "[" + i + "]"), 0, xyz,
                        3 * i, 3);
            }
            dev.rubble.spi.shape.ConvexHull h;
            try {
                h = dev.rubble.geometry.hull.QuickHull.of(xyz);
            } catch (RuntimeException e) {
                throw new CollectionFormatException(p + ": no solid hull (" + e.getMessage() + "); allowed: points spanning a volume");
            }
            ConvexPolytope poly = dev.rubble.authoring.mesh.MeshFracture.toPolytope(h);
            for (int i = 0; i < pts.size(); i++) {
                boolean corner = false;
                for (int v = 0; v < poly.vertexCount() && !corner; v++) {
                    corner = poly.vertex(v, 0) == xyz[3 * i] && poly.vertex(v, 1) == xyz[3 * i + 1]
                            && poly.vertex(v, 2) == xyz[3 * i + 2];
                }
                if (!corner) {
                    throw bad(p + "[" + i + "]", pts.get(i), "a corner of the convex hull of the points; this one lies"
                            + " inside it or repeats another (the points are not convex)");
                }
            }
            if (!(poly.volume() > 0)) {
                throw bad(p, "flat points", "points spanning a volume");
            }
            return poly;
        }

        /** A hull with explicit vertices and faces (planes optional: computed from the faces when absent). */
        private ConvexPolytope hull(JsonNode x, String p) {
            object(x, p);
            allowOnly(x, p, "vertices", "faces", "planes", "points", "box");
            if (x.has("points")) {
                return points(x.get("points"), p + ".points");
            }
            if (x.has("box")) {
                double[] b = box(x.get("box"), p + ".box");
                return ConvexPolytope.box(b[0], b[1], b[2], b[3], b[4], b[5]);
            }
            JsonNode vj = x.get("vertices"), fj = x.get("faces");
            if (vj == null || fj == null) {
                throw new CollectionFormatException(p + ": needs \"vertices\" (flat x, y, z list) and \"faces\" (vertex"
                        + " index loops, counter-clockwise from outside), or \"points\" or \"box\"");
            }
            double[] v = coordinates(numbers(vj, p + ".vertices", -1), vj, p + ".vertices");
            if (v.length % 3 != 0 || v.length < 12) {
                throw bad(p + ".vertices", v.length + " numbers", "x, y, z of at least 4 vertices");
            }
            array(fj, p + ".faces");
            int[] fs = new int[fj.size() + 1];
            List<Integer> idx = new ArrayList<>();
            for (int f = 0; f < fj.size(); f++) {
                JsonNode face = fj.get(f);
                array(face, p + ".faces[" + f + "]");
                for (int k = 0; k < face.size(); k++) {
                    int i = face.get(k).isIntegralNumber() && face.get(k).canConvertToInt() ? face.get(k).asInt() : -1;
                    if (i < 0 || i >= v.length / 3) {
                        throw bad(p + ".faces[" + f + "][" + k + "]", face.get(k), "a vertex index 0.." + (v.length / 3 - 1));
                    }
                    idx.add(i);
                }
                fs[f + 1] = idx.size();
            }
            int[] fi = idx.stream().mapToInt(Integer::intValue).toArray();
            try {
                if (x.has("planes")) {
                    double[] pl = numbers(x.get("planes"), p + ".planes", 4 * fj.size());
                    CollectionFile.checkHullShape(p, v.length / 3, fs, fi, v, pl);
                    return ConvexPolytope.of(v, fs, fi, pl);
                }
                return ConvexPolytope.fromFaces(v, fs, fi);
            } catch (CollectionFormatException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new CollectionFormatException(p + ": not a convex hull: " + e.getMessage());
            }
        }

        private void massProperties(int k, JsonNode x, String p, ConvexPolytope[] hulls, int[] hullStart, int[] hullIndex,
                                    int[] firstChild, int[] childCount, double[] volume, double[] mass, double[] com,
                                    double[] inertia) {
            boolean leaf = childCount[k] == 0;
            if (!leaf && (x.has("density") || (x.has("mass") && !x.has("inertia")))) {
                throw new CollectionFormatException(p + ": mass and density are given on leaves; allowed: a cluster's"
                        + " mass is the sum of its children's (or give mass, com and inertia together)");
            }
            if (leaf) {
                double vol = 0, cx = 0, cy = 0, cz = 0;
                for (int h = hullStart[k]; h < hullStart[k + 1]; h++) {
                    ConvexPolytope q = hulls[hullIndex[h]];
                    double v = q.volume();
                    vol += v;
                    cx += v * q.centroid(0);
                    cy += v * q.centroid(1);
                    cz += v * q.centroid(2);
                }
                volume[k] = x.has("volume") ? positive(x.get("volume"), p + ".volume") : vol;
                double rho = x.has("density") ? within(x.get("density"), p + ".density", MIN_DENSITY, MAX_DENSITY, "kg/m³") : density;
                mass[k] = x.has("mass") ? within(x.get("mass"), p + ".mass", MIN_MASS, MAX_MASS, "kg") : rho * vol;
                if (x.has("mass")) {
                    rho = mass[k] / vol;
                }
                if (x.has("com")) {
                    System.arraycopy(numbers(x.get("com"), p + ".com", 3), 0, com, 3 * k, 3);
                } else {
                    com[3 * k] = cx / vol;
                    com[3 * k + 1] = cy / vol;
                    com[3 * k + 2] = cz / vol;
                }
                if (x.has("inertia")) {
                    System.arraycopy(numbers(x.get("inertia"), p + ".inertia", 6), 0, inertia, 6 * k, 6);
                    checkInertia(inertia, k, p);
                } else {
                    for (int h = hullStart[k]; h < hullStart[k + 1]; h++) {
                        ConvexPolytope q = hulls[hullIndex[h]];
                        addShifted(inertia, k, q.inertia(), rho, rho * q.volume(), q.centroid(0) - com[3 * k],
                                q.centroid(1) - com[3 * k + 1], q.centroid(2) - com[3 * k + 2]);
                    }
                }
                return;
            }
            int f = firstChild[k], e = f + childCount[k];
            double vol = 0, m = 0;
            double[] c = new double[3];
            for (int ch = f; ch < e; ch++) {
                vol += volume[ch];
                m += mass[ch];
                for (int a = 0; a < 3; a++) {
                    c[a] += mass[ch] * com[3 * ch + a];
                }
            }
            volume[k] = x.has("volume") ? positive(x.get("volume"), p + ".volume") : vol;
            mass[k] = x.has("mass") ? within(x.get("mass"), p + ".mass", MIN_MASS, MAX_MASS, "kg") : m;
            if (x.has("com")) {
                System.arraycopy(numbers(x.get("com"), p + ".com", 3), 0, com, 3 * k, 3);
            } else {
                for (int a = 0; a < 3; a++) {
                    com[3 * k + a] = c[a] / m;
                }
            }
            if (x.has("inertia")) {
                System.arraycopy(numbers(x.get("inertia"), p + ".inertia", 6), 0, inertia, 6 * k, 6);
                checkInertia(inertia, k, p);
            } else {
                for (int ch = f; ch < e; ch++) {
                    double[] in = Arrays.copyOfRange(inertia, 6 * ch, 6 * ch + 6);
                    addShifted(inertia, k, in, 1.0, mass[ch], com[3 * ch] - com[3 * k], com[3 * ch + 1] - com[3 * k + 1],
                            com[3 * ch + 2] - com[3 * k + 2]);
                }
            }
        }

        // ---- small checks ----

        private static double diagonal(ConvexPolytope[] hulls) {
            double[] all = {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.NEGATIVE_INFINITY};
            for (ConvexPolytope h : hulls) {
                double[] b = h.bounds();
                for (int k = 0; k < 3; k++) {
                    all[k] = Math.min(all[k], b[k]);
                    all[3 + k] = Math.max(all[3 + k], b[3 + k]);
                }
            }
            return Math.sqrt((all[3] - all[0]) * (all[3] - all[0]) + (all[4] - all[1]) * (all[4] - all[1])
                    + (all[5] - all[2]) * (all[5] - all[2]));
        }

        private static void allowOnly(JsonNode x, String p, String... keys) {
            for (Iterator<String> it = x.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (!Arrays.asList(keys).contains(k)) {
                    throw new CollectionFormatException((p.isEmpty() ? "" : p + ".") + k + ": unknown field; allowed: "
                            + String.join(", ", keys));
                }
            }
        }

        private static void array(JsonNode x, String p) {
            if (x == null || !x.isArray()) {
                throw bad(p, x, "an array");
            }
        }

        private static void object(JsonNode x, String p) {
            if (x == null || !x.isObject()) {
                throw bad(p, x, "an object");
            }
        }

        private static int nodeRef(JsonNode x, String p, int n) {
            if (x == null || !x.isIntegralNumber() || !x.canConvertToInt() || x.asInt() < 0 || x.asInt() >= n) {
                throw bad(p, x == null ? "missing" : x, "a node index 0.." + (n - 1) + " (a bond or contact to a missing node)");
            }
            return x.asInt();
        }

        private static int integer(JsonNode x, String p) {
            if (!x.isIntegralNumber() || !x.canConvertToInt()) {
                throw bad(p, x, "an integer");
            }
            return x.asInt();
        }

        /** A number; "Infinity", "-Infinity" and "NaN" also as strings. */
        private static double number(JsonNode x, String p) {
            if (x != null && x.isNumber()) {
                return x.doubleValue();
            }
            if (x != null && x.isTextual()) {
                switch (x.asText()) {
                    case "Infinity":
                        return Double.POSITIVE_INFINITY;
                    case "-Infinity":
                        return Double.NEGATIVE_INFINITY;
                    case "NaN":
                        return Double.NaN;
                    default:
                        break;
                }
            }
            throw bad(p, x == null ? "missing" : x, "a number");
        }

        /**
         * {@code [cx, cy, cz, hx, hy, hz]}: the centre within ±{@link #MAX_COORDINATE}, half extents in [{@link #MIN_HALF},
         * {@link #MAX_HALF}] m, a scenario box's range (a half extent of 2^63 m was accepted, and the piece weighed 1e60 kg).
         */
        private static double[] box(JsonNode x, String p) {
            double[] b = numbers(x, p, 6);
            for (int a = 0; a < 3; a++) {
                if (!(Math.abs(b[a]) <= MAX_COORDINATE)) {
                    throw bad(p + "[" + a + "]", x.get(a), "a coordinate within ±" + MAX_COORDINATE + " m");
                }
            }
            for (int a = 3; a < 6; a++) {
                if (!(b[a] >= MIN_HALF && b[a] <= MAX_HALF)) {
                    throw bad(p + "[" + a + "]", x.get(a), "a half extent in [" + MIN_HALF + ", " + MAX_HALF + "] m (box = [cx,"
                            + " cy, cz, hx, hy, hz])");
                }
            }
            return b;
        }

        /** Every value of {@code v} within ±{@link #MAX_COORDINATE} m (the collection's frame). */
        private static double[] coordinates(double[] v, JsonNode x, String p) {
            for (int i = 0; i < v.length; i++) {
                if (!(Math.abs(v[i]) <= MAX_COORDINATE)) {
                    throw bad(p + "[" + i + "]", x.isArray() && x.size() == v.length ? x.get(i) : v[i], "a coordinate within ±"
                            + MAX_COORDINATE + " m");
                }
            }
            return v;
        }

        /** A finite number in [min, max] ({@code unit} named), or a {@link CollectionFormatException} naming it. */
        private static double within(JsonNode x, String p, double min, double max, String unit) {
            double v = number(x, p);
            if (!(v >= min && v <= max)) {
                throw bad(p, x, "a number in [" + min + ", " + max + "] " + unit);
            }
            return v;
        }

        private static double positive(JsonNode x, String p) {
            double v = number(x, p);
            if (!(v > 0) || !Double.isFinite(v)) {
                throw bad(p, x, "a finite number > 0");
            }
            return v;
        }

        private static double finiteNonNegative(JsonNode x, String p) {
            double v = number(x, p);
            if (!(v >= 0) || !Double.isFinite(v)) {
                throw bad(p, x == null ? "missing" : x, "a finite number >= 0");
            }
            return v;
        }

        /** {@code count} finite numbers (any count when -1). */
        private static double[] numbers(JsonNode x, String p, int count) {
            if (x == null || !x.isArray() || (count >= 0 && x.size() != count)) {
                throw bad(p, x == null ? "missing" : x, count >= 0 ? "an array of " + count + " numbers" : "an array of numbers");
            }
            double[] out = new double[x.size()];
            for (int i = 0; i < out.length; i++) {
                out[i] = number(x.get(i), p + "[" + i + "]");
                if (!Double.isFinite(out[i])) {
                    throw bad(p + "[" + i + "]", x.get(i), "a finite number");
                }
            }
            return out;
        }
    }

    /** A given {@code inertia} a body cannot have (fuzz13; {@code CollectionFile.physicalInertia}) is refused at its path. */
    private static void checkInertia(double[] inertia, int k, String p) {
        if (!CollectionFile.physicalInertia(inertia, k)) {
            throw new CollectionFormatException(p + ".inertia = " + CollectionFile.inertiaText(inertia, k) + "; allowed: "
                    + CollectionFile.INERTIA_ALLOWED);
        }
    }

    private static CollectionFormatException bad(String path, Object value, String allowed) {
        String v = String.valueOf(value);
        if (v.length() > 60) {
            v = v.substring(0, 57) + "...";
        }
        return new CollectionFormatException(path + " = " + v + "; allowed: " + allowed);
    }

    private static void addShifted(double[] inertia, int i, double[] in, double scale, double m, double rx, double ry,
                                   double rz) {
        inertia[6 * i] += scale * in[0] + m * (ry * ry + rz * rz);
        inertia[6 * i + 1] += scale * in[1] + m * (rx * rx + rz * rz);
        inertia[6 * i + 2] += scale * in[2] + m * (rx * rx + ry * ry);
        inertia[6 * i + 3] += scale * in[3] - m * rx * ry;
        inertia[6 * i + 4] += scale * in[4] - m * rx * rz;
        inertia[6 * i + 5] += scale * in[5] - m * ry * rz;
    }
}
