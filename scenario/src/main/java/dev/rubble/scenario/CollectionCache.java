package dev.rubble.scenario;

import dev.rubble.authoring.CollectionFile;
import dev.rubble.authoring.CollectionJson;
import dev.rubble.authoring.GeometryCollection;
import dev.rubble.spi.collection.CollectionAsset;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collections;
import java.util.HexFormat;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Collection files loaded once and shared by many worlds (issue 32): a bake builds hundreds of
 * worlds from the same {@code .rbc}, and parsing it, building its hulls and writing its journal
 * image were most of a short variant's cost. A file is known by its bytes (SHA-256 of the content
 * and its kind), never by its name or time, so an edited file is loaded again. What is shared is
 * read-only: a {@link GeometryCollection} and its hulls are not changed by the worlds placed from
 * it (each placement copies the anchors and initial states it may change), and the journal image is
 * the same bytes every time, so a world built through the cache is bit-identical to one built
 * without it. Thread-safe; a bake passes one cache to all its workers.
 */
public final class CollectionCache {
    private final Map<String, GeometryCollection> byContent = new ConcurrentHashMap<>();
    /**
     * Journal images of the collections {@link #load} returned, and only of those: a collection a
     * world built itself (a fracture recipe, one per variant when the sweep varies the seed) is
     * never shared, so keeping its image would keep it and its image alive for the whole bake — the
     * seeds benchmark's 200 walls, hundreds of megabytes that every collection copies or marks
     * (issue 32).
     */
    private final Map<GeometryCollection, byte[]> images = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Map<GeometryCollection, CollectionAsset> assets = Collections.synchronizedMap(new IdentityHashMap<>());
    private final Set<GeometryCollection> loaded = Collections.synchronizedSet(
            Collections.newSetFromMap(new IdentityHashMap<>()));

    /** The collection in {@code file} ({@code .rbc}, or a {@code .json} collection), loaded at most once per content. */
    public GeometryCollection load(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        String key = (CollectionJson.isJson(file) ? "json:" : "rbc:") + sha256(bytes);
        GeometryCollection g = byContent.get(key);
        if (g == null) {
            g = CollectionJson.loadAny(file);
            GeometryCollection raced = byContent.putIfAbsent(key, g);
            if (raced != null) {
                g = raced;
            } else {
                loaded.add(g);
            }
        }
        return g;
    }

    /**
     * {@link CollectionFile#toBytes}{@code (g, false)}: made once per collection this cache loaded,
     * and made anew (not kept) for any other collection.
     */
    public byte[] image(GeometryCollection g) {
        if (!loaded.contains(g)) {
            return CollectionFile.toBytes(g, false);
        }
        byte[] b = images.get(g);
        if (b == null) {
            b = CollectionFile.toBytes(g, false);
            images.put(g, b);
        }
        return b;
    }

    /**
     * {@link GeometryCollection#asset()}: made once per collection this cache loaded (an asset is
     * read-only and shared by the worlds placed from it, and a loaded collection is never changed),
     * and made anew for any other collection.
     *
     * @param g a collection
     * @return its asset
     */
    public CollectionAsset asset(GeometryCollection g) {
        if (!loaded.contains(g)) {
            return g.asset();
        }
        return assets.computeIfAbsent(g, GeometryCollection::asset);
    }

    /** Number of journal images held (one at most per collection loaded through this cache). */
    public int imageCount() {
        return images.size();
    }

    /** Number of distinct collection contents loaded. */
    public int size() {
        return byContent.size();
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
