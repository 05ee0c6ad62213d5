package dev.rubble.cache.journal;

import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.zip.CRC32C;
import net.openhft.chronicle.bytes.Bytes;
import net.openhft.chronicle.bytes.BytesStore;
import net.openhft.chronicle.queue.ChronicleQueue;
import net.openhft.chronicle.queue.ExcerptAppender;
import net.openhft.chronicle.wire.DocumentContext;

/**
 * Where a {@link JournalWriter}'s documents go (issue 27 item 6: the journal's cost on the stepping
 * thread). The stepping thread encodes a step's documents into a {@link Batch} (plain bytes, each
 * document without its checksum); the sink appends each document to the Chronicle queue with its
 * CRC-32C, either at once on the calling thread (<b>synchronous</b>: a step is in the file when
 * {@code afterStep} returns) or on one writer thread (<b>write-behind</b>): a bounded ring of
 * preallocated batches, so the stepper never allocates in steady state and never drops a step — when
 * every batch is still waiting to be written, it waits (back-pressure). The bytes are the same either
 * way: both write the same documents through the same {@link Target}.
 *
 * <p>Write-behind also creates the queue on the writer thread (Chronicle's first use in a process
 * costs a few hundred ms of class loading), so the steps start at once. While it does (0.3-1.3 s of
 * wall time on the loaded 2-core machine), and then writes what waited meanwhile (its first appends
 * run interpreted), the ring grows instead of making the stepper wait: each step that finds no free
 * batch gets a new one sized to it, up to {@link #OPENING_BACKLOG_BYTES} queued bytes and
 * {@link #OPENING_MAX_BATCHES} steps (the opening backlog). The writer drops the extra batches as it
 * writes them once {@code depth - 1} are free for the stepper; when none is left the writer has
 * caught up ({@link #caughtUp()}), and from then on the ring of {@code depth} batches never grows
 * again: no allocation in steady state, and a stepper that outruns the writer waits. Without this
 * the pile's stepper waited 0.46-0.91 s once, at its fifth step (docs/benchmarks.md, "Journal
 * hand-off, 2026-12-03 fourth session").
 *
 * <pre>
 *   stepping thread                          writer thread
 *   encode step into batch ──submit──▶ full ──▶ open queue (once), append each document + CRC
 *          ▲                                         │
 *          └──────────────── free ◀──────────────────┘  (extra batches of the opening dropped here)
 * </pre>
 *
 * <p>A failure of the writer (creating the queue, appending, closing) is thrown to the caller at its
 * next step or at close; what was appended before the failure stays in the file, later batches are
 * not written. A killed process loses the batches not yet written: at most {@code depth} steps once
 * the writer has caught up ({@link #caughtUp()}), the opening backlog before that; the file is then
 * read up to its last complete step as any cut-off journal.
 */
final class JournalSink {

    /**
     * One step's documents back to back, each without its checksum; {@code ends[i]} is the end of document i.
     * A step document's moved-bodies block may be left <b>pending</b> ({@link #movedAt} >= 0): the stepping
     * thread only copies the bodies' fields into {@link #movedMeta} / {@link #movedRaw}, and the thread that
     * writes the batch encodes them at {@code movedAt} through the sink's finisher before writing (issue 27
     * item 6: the encoding was ~2/3 of the journal's time on the stepping thread).
     */
    static final class Batch {
        byte[] buf;
        int len;
        int[] ends = new int[8];
        int docs;
        boolean last;
        /** Where the pending moved-bodies block goes in {@link #buf}, or -1: none. */
        int movedAt = -1;
        /** Pending bodies, the body store's slot limit when they were copied. */
        int movedCount, movedSlotLimit;
        /** Per pending body: slot, generation, {@code state | motion << 8}. */
        int[] movedMeta = new int[0];
        /** Per pending body: its 13 fields' raw bits, in {@link StepRecord#FIELD_NAMES} order. */
        long[] movedRaw = new long[0];

        Batch(int capacity) {
            buf = new byte[capacity];
        }

        void reset() {
            len = 0;
            docs = 0;
            last = false;
            movedAt = -1;
            movedCount = 0;
        }

        /** Bytes this batch holds for the opening backlog's bound: its documents and its pending bodies. */
        long held() {
            return len + (long) movedCount * (12 + 8 * StepRecord.FIELDS);
        }

        /** Room for {@code n} pending bodies. */
        void ensureMoved(int n) {
            if (movedMeta.length < 3 * n) {
                int c = Math.max(n, movedMeta.length / 3 * 2);
                movedMeta = Arrays.copyOf(movedMeta, 3 * c);
                movedRaw = Arrays.copyOf(movedRaw, StepRecord.FIELDS * c);
            }
        }

        /** Room for {@code more} bytes after {@link #len}. */
        void ensure(int more) {
            if (len + more > buf.length) {
                buf = Arrays.copyOf(buf, Math.max(len + more, buf.length * 2));
            }
        }

        /** The bytes since the previous document's end form one document. */
        void endDoc() {
            if (docs == ends.length) {
                ends = Arrays.copyOf(ends, docs * 2);
            }
            ends[docs++] = len;
        }
    }

    /**
     * The free space a journal's writes may still take. Chronicle writes through memory-mapped, sparse files: on a full
     * disk the store into a page the file system cannot back faults, and the JVM reports it as an {@code InternalError}
     * ("a fault occurred in a recent unsafe memory access") only after later stores of the same document went through,
     * so the document being written was completed with holes and the journal read as damaged from there (an outsider's
     * full-disk pass: a demo journaled onto a 64 KB file system read "collection document 0 is damaged"). So each
     * document first asks for its bytes plus {@link #RESERVE} (the queue's index pages, a new cycle file's header);
     * the file system's usable space is read again only when the running estimate falls below that, once in
     * gigabytes of journal on a disk with room. Refused, the journal stops before the document: what was written before
     * it stays whole, and the error says how far it goes.
     */
    static final class DiskRoom {
        /** Headroom kept free for Chronicle's own pages (index arrays, cycle file headers), bytes. */
        static final long RESERVE = 4L << 20;
        private final java.nio.file.Path dir;
        private final java.util.function.LongSupplier usable;
        private long estimate = -1;
        /** Times the file system was asked (tests). */
        int asked;

        DiskRoom(java.nio.file.Path dir) {
            this.dir = dir;
            this.usable = this::usable;
        }

        /** A room whose usable space comes from {@code usable} (tests). */
        DiskRoom(java.nio.file.Path dir, java.util.function.LongSupplier usable) {
            this.dir = dir;
            this.usable = usable;
        }

        /**
         * Takes {@code bytes} from the room, or throws {@link JournalDiskFullException} when the file system cannot
         * hold them and the reserve; {@code documentsWritten} is the step documents written before (-1: the opening).
         */
        void need(long bytes, long documentsWritten) {
            if (estimate < bytes + RESERVE) {
                estimate = usable.getAsLong();
                asked++;
                if (estimate < bytes + RESERVE) {
                    throw new JournalDiskFullException(dir, estimate, bytes + RESERVE, documentsWritten);
                }
            }
            estimate -= bytes;
        }

        private long usable() {
            try {
                java.nio.file.Path p = dir;
                while (p != null && !java.nio.file.Files.exists(p)) {
                    p = p.getParent();
                }
                return p == null ? Long.MAX_VALUE : java.nio.file.Files.getFileStore(p).getUsableSpace();
            } catch (java.io.IOException e) {
                return Long.MAX_VALUE; // unknown: the write itself then tells
            }
        }
    }

    /** The file side: used by one thread only (Chronicle appenders are thread confined). */
    interface Target {
        /** Creates the queue and writes the opening documents (header, embedded collections). */
        void open();

        /** Appends {@code buf[from, to)} as one document followed by its CRC-32C. */
        void write(byte[] buf, int from, int to);

        /** Closes the appender and the queue; called once, also after a failure. */
        void close();
    }

    /** The Chronicle queue of a journal directory. */
    static final class ChronicleTarget implements Target {
        private final java.util.function.Supplier<ChronicleQueue> build;
        private final byte[] header;
        private final java.util.List<byte[]> images;
        private final CRC32C crc = new CRC32C();
        private final DocumentChecksum checksum = new DocumentChecksum();
        private ChronicleQueue queue;
        private ExcerptAppender appender;
        /** The content hash as {@link JournalDigest} computes it (null: not kept). */
        private java.security.MessageDigest digest;
        private byte[] copy;

        ChronicleTarget(java.util.function.Supplier<ChronicleQueue> build, byte[] header, java.util.List<byte[]> images) {
            this(build, header, images, null);
        }

        /** {@code dir}: the journal's directory, whose file system's free space is checked before each write (null: not checked). */
        ChronicleTarget(java.util.function.Supplier<ChronicleQueue> build, byte[] header, java.util.List<byte[]> images,
                java.nio.file.Path dir) {
            this.build = build;
            this.header = header;
            this.images = images;
            this.room = dir == null ? null : new DiskRoom(dir);
        }

        /** The free-space guard (null: none). */
        private final DiskRoom room;
        /** Step documents written (what a full disk's message reports). */
        private long written;

        @Override
        public void open() {
            if (room != null) {
                room.need(openingBytes(header, images), -1);
            }
            queue = build.get();
            appender = queue.createAppender();
            try (DocumentContext dc = appender.writingDocument()) {
                Bytes<?> b = dc.wire().bytes();
                long start = b.writePosition();
                b.write(header);
                b.writeInt(checksum.of(b, start, b.writePosition()));
                hash(b, start);
            }
            // version 4: the collections themselves, one document each, so verify and playback need no file
            for (int i = 0; i < images.size(); i++) {
                try (DocumentContext dc = appender.writingDocument()) {
                    Bytes<?> b = dc.wire().bytes();
                    long start = b.writePosition();
                    b.writeInt(JournalFormat.KIND_COLLECTION);
                    b.writeInt(i);
                    byte[] img = images.get(i);
                    b.writeInt(img.length);
                    b.write(img);
                    b.writeInt(JournalFormat.END);
                    b.writeInt(checksum.of(b, start, b.writePosition()));
                    hash(b, start);
                }
            }
        }

        /**
         * Keeps the journal's content hash while writing: SHA-256 over every document as
         * {@link JournalDigest#of} reads it back (its 4-byte little-endian length, then its bytes,
         * checksum included), so a bake need not open the queue again to hash what it wrote.
         * Call before {@link #open}.
         */
        void keepDigest() {
            try {
                digest = java.security.MessageDigest.getInstance("SHA-256");
            } catch (java.security.NoSuchAlgorithmException e) {
                throw new IllegalStateException("SHA-256 is missing from this JVM", e);
            }
            copy = new byte[1 << 16];
        }

        /** The hex content hash of everything written, once writing has ended; null unless {@link #keepDigest} was called. */
        String digestHex() {
            if (digest != null && digestHex == null) {
                digestHex = java.util.HexFormat.of().formatHex(digest.digest());
            }
            return digestHex;
        }

        private String digestHex;

        /** Adds {@code v} to the content hash as 4 little-endian bytes (Chronicle's byte order, as it writes ints). */
        private void putIntLe(int v) {
            digest.update((byte) v);
            digest.update((byte) (v >>> 8));
            digest.update((byte) (v >>> 16));
            digest.update((byte) (v >>> 24));
        }

        /** Adds the opening document being written from {@code start} to the content hash, read back: exactly its bytes. */
        private void hash(Bytes<?> b, long start) {
            if (digest == null) {
                return;
            }
            long n = b.writePosition() - start;
            putIntLe((int) n);
            for (long p = start, end = start + n; p < end; ) {
                int k = (int) Math.min(copy.length, end - p);
                b.read(p, copy, 0, k);
                digest.update(copy, 0, k);
                p += k;
            }
        }

        /** Payload bytes of the opening documents, checksums included (what {@link #open} writes). */
        static long openingBytes(byte[] header, java.util.List<byte[]> images) {
            long n = header.length + 4L;
            for (byte[] img : images) {
                n += 4 + 4 + 4 + img.length + 4 + 4;
            }
            return n;
        }

        /**
         * Off-heap copy of the document being appended. Chronicle copies a heap array into its mapped
         * file with a Java loop of 8-byte stores ({@code UnsafeMemory.copyMemoryLoop}: 0.3 ms of the
         * writer's time per 0.32 MB pile step, more while it runs interpreted, and one more method for
         * C2), but copies off-heap memory into it with one {@code memcpy}; the JDK copies the array into
         * this buffer with one bulk copy too (docs/benchmarks.md, "Journal cost on the pile, 2026-12-03
         * fifth session"). Grown to the largest document; reused, so no allocation in steady state.
         */
        private java.nio.ByteBuffer staging;
        private BytesStore<?, java.nio.ByteBuffer> stagingStore;

        @Override
        public void write(byte[] buf, int from, int to) {
            int n = to - from;
            crc.reset();
            crc.update(buf, from, n);
            int c = (int) crc.getValue();
            if (staging == null || staging.capacity() < n) {
                int cap = Math.max(n, staging == null ? 1 << 16 : 2 * staging.capacity());
                releaseStaging();
                staging = java.nio.ByteBuffer.allocateDirect(cap);
                stagingStore = BytesStore.wrap(staging);
            }
            if (room != null) {
                room.need(n + 4L + 8, written);
            }
            staging.clear();
            staging.put(buf, from, n);
            try (DocumentContext dc = appender.writingDocument()) {
                Bytes<?> b = dc.wire().bytes();
                b.write(stagingStore, 0L, (long) n);
                b.writeInt(c);
            }
            written++;
            if (digest != null) { // the step's bytes as written, from the buffer they came from (no read-back)
                putIntLe(to - from + 4);
                digest.update(buf, from, to - from);
                putIntLe(c);
            }
        }

        /** Frees the staging buffer's memory now (Chronicle's release cleans the direct buffer) rather than at a collection. */
        private void releaseStaging() {
            if (stagingStore != null) {
                stagingStore.releaseLast();
                stagingStore = null;
                staging = null;
            }
        }

        @Override
        public void close() {
            releaseStaging();
            try {
                if (appender != null) {
                    appender.close();
                }
            } finally {
                if (queue != null) {
                    queue.close();
                }
            }
        }
    }

    /**
     * The opening backlog's bound: until the writer thread has created the queue and written what
     * waited meanwhile, the stepping thread goes on and its steps wait in memory, at most this many
     * encoded bytes of them (and {@link #OPENING_MAX_BATCHES} steps) — about 100 steps of the 4 000-box
     * pile, whose steps are 0.32 MB; only then does it wait. Measured (docs/benchmarks.md, "Journal
     * hand-off, 2026-12-03 fourth session"): the queue's creation took 0.8-1.3 s of wall time on the
     * loaded 2-core machine, and with a ring of 4 the pile's stepper waited once, 0.46-0.91 s, at its
     * fifth step — the journal's only wall-time cost beyond its CPU.
     */
    static final long OPENING_BACKLOG_BYTES = 32L << 20;
    /** The opening backlog's bound in steps (whatever their size). */
    static final int OPENING_MAX_BATCHES = 1024;

    private final Target target;
    private final String name;
    private final Thread writer; // null: synchronous
    private final int depth;
    private final BlockingQueue<Batch> full, free;
    /** Set by the writer once the queue is open (or failed to open). */
    private volatile boolean opened;
    /** Bytes submitted and not yet written, for the opening backlog's bound. */
    private final java.util.concurrent.atomic.AtomicLong queuedBytes = new java.util.concurrent.atomic.AtomicLong();
    /** Batches made beyond {@code depth} in the opening; the writer drops them once {@code depth - 1} are free. */
    private final java.util.concurrent.atomic.AtomicInteger extra = new java.util.concurrent.atomic.AtomicInteger();
    private final java.util.concurrent.CountDownLatch openLatch = new java.util.concurrent.CountDownLatch(1);
    private volatile Throwable failure;
    private boolean reported, closed;
    private volatile long writerNanos;
    private long waits, waitNanos, grown; // the stepping thread's
    private volatile long openNanos;

    /** Waits until the writer thread has created the queue (or failed to); at once when synchronous. For tests. */
    void awaitOpen() {
        waitUninterruptibly(openLatch::await);
    }

    /** Batches beyond the ring's depth still held (made during the opening, not yet dropped). */
    int extraBatches() {
        return extra.get();
    }

    /** Batches the stepping thread made while the queue was being created (the opening backlog's size in steps). */
    long grown() {
        return grown;
    }

    /**
     * True once the queue is open and the ring is back to its depth: from then on at most
     * {@code depth} steps wait for the writer. Always true when synchronous.
     */
    boolean caughtUp() {
        return opened && extra.get() == 0;
    }

    /** Wall nanoseconds the writer thread took to create the queue and write the opening documents. */
    long openNanos() {
        return openNanos;
    }

    /** Times the stepping thread found no free batch and waited for the writer (0 when synchronous). */
    long waits() {
        return waits;
    }

    /** Nanoseconds the stepping thread spent waiting for a free batch. */
    long waitNanos() {
        return waitNanos;
    }

    private JournalSink(Target target, String name, int depth, int capacity) {
        this.target = target;
        this.name = name;
        this.depth = depth;
        if (depth == 0) {
            writer = null;
            full = free = null;
            opened = true;
            openLatch.countDown();
            return;
        }
        // room for every batch there can be: the ring and the opening backlog's (preallocated arrays: no node per put)
        full = new ArrayBlockingQueue<>(depth + OPENING_MAX_BATCHES);
        free = new ArrayBlockingQueue<>(depth + OPENING_MAX_BATCHES);
        for (int i = 1; i < depth; i++) { // the first batch is the caller's
            free.add(new Batch(capacity));
        }
        writer = new Thread(this::run, "rubble-journal-writer");
        writer.setDaemon(true);
        writer.start();
    }

    /** Writes on the calling thread; the queue is created now (its failure is thrown from here). */
    static JournalSink synchronous(Target target, String name) {
        target.open();
        return new JournalSink(target, name, 0, 0);
    }

    /** Writes on a writer thread through a ring of {@code depth} (>= 2) batches of {@code capacity} bytes to start with. */
    static JournalSink writeBehind(Target target, String name, int depth, int capacity) {
        if (depth < 2) {
            throw new IllegalArgumentException("write-behind depth = " + depth + "; allowed: >= 2 batches");
        }
        return new JournalSink(target, name, depth, capacity);
    }

    /** True when a writer thread writes the batches. */
    boolean writesBehind() {
        return writer != null;
    }

    /**
     * Hands a filled batch over and returns the (empty) batch to fill next. Synchronous: written
     * before this returns. Write-behind: waits while every batch is still queued; throws the
     * writer's failure if it failed since the last call.
     */
    Batch submit(Batch b) {
        if (writer == null) {
            writeAll(b);
            b.reset();
            return b;
        }
        throwFailure();
        int len = b.len;
        long queued = queuedBytes.addAndGet(b.held());
        putUninterruptibly(full, b);
        Batch next = free.poll();
        if (next == null && !caughtUp() && queued < OPENING_BACKLOG_BYTES && extra.get() < OPENING_MAX_BATCHES) {
            // the queue is still being created, or what waited meanwhile still being written (by a writer whose code
            // is not compiled yet): keep stepping, this step waits in memory (made once; dropped again later)
            extra.incrementAndGet();
            grown++;
            next = new Batch(len + (len >> 3) + 1024);
        }
        if (next == null) { // every other batch is queued: wait for the writer (back-pressure)
            long t0 = System.nanoTime();
            next = takeUninterruptibly(free);
            waits++;
            waitNanos += System.nanoTime() - t0;
        }
        next.reset();
        return next;
    }

    /** Writes {@code last} (the closing document), waits for everything to be written and closes the queue. */
    void close(Batch last) {
        if (closed) {
            return;
        }
        closed = true;
        if (writer == null) {
            try {
                writeAll(last);
            } finally {
                target.close();
            }
            return;
        }
        last.last = true;
        putUninterruptibly(full, last);
        waitUninterruptibly(writer::join);
        Throwable f = failure;
        if (f != null && !reported) { // once: a failure already thrown at a step is not thrown again from close
            reported = true;
            throw failed(f);
        }
    }

    /** Nanoseconds the writer thread spent appending (0 when synchronous: the caller's time covers it). */
    long writerNanos() {
        return writerNanos;
    }

    private void throwFailure() {
        Throwable f = failure;
        if (f != null && !reported) {
            reported = true;
            throw failed(f);
        }
        if (f != null) {
            throw new IllegalStateException("journal " + name + ": writing failed earlier (" + f + ")", f);
        }
    }

    /** The exception a writer's failure {@code f} is reported as, once. */
    private RuntimeException failed(Throwable f) {
        if (f instanceof JournalDiskFullException d) {
            return d; // its message says what was kept
        }
        if (f instanceof InternalError && String.valueOf(f.getMessage()).contains("unsafe memory access")) {
            // a store into the memory-mapped file faulted: the file system could not back the page (full, or the file
            // cut short by someone else), and the document being written may hold zeros where the fault was
            return new IllegalStateException("journal " + name + ": writing failed (a store into its memory-mapped file"
                    + " faulted: the disk is full or the file was cut short); the steps before the one being written are"
                    + " whole, that step may be damaged", f);
        }
        return new IllegalStateException("journal " + name + ": writing failed (" + f + "); the steps before it are in the journal", f);
    }

    /** Called on the writing thread with each batch before its documents are written (null: none). */
    private volatile java.util.function.Consumer<Batch> finisher;

    /** Sets the finisher: before the first batch is submitted. */
    void finishWith(java.util.function.Consumer<Batch> f) {
        finisher = f;
    }

    private void writeAll(Batch b) {
        java.util.function.Consumer<Batch> f = finisher;
        if (f != null) {
            f.accept(b);
        }
        int from = 0;
        for (int d = 0; d < b.docs; d++) {
            target.write(b.buf, from, b.ends[d]);
            from = b.ends[d];
        }
    }

    /** The writer thread: open, then write batches in order until the last one, then close. */
    private void run() {
        long o0 = System.nanoTime();
        try {
            target.open();
        } catch (Throwable e) {
            failure = e;
        } finally {
            openNanos = System.nanoTime() - o0;
            opened = true;
            openLatch.countDown();
        }
        while (true) {
            Batch b = takeUninterruptibly(full);
            long held = b.held(); // before the finisher encodes the pending bodies
            if (failure == null) {
                long t0 = System.nanoTime();
                try {
                    writeAll(b);
                } catch (Throwable e) {
                    failure = e;
                }
                writerNanos += System.nanoTime() - t0;
            }
            queuedBytes.addAndGet(-held);
            if (b.last) {
                break;
            }
            if (extra.get() > 0 && free.size() >= depth - 1) {
                extra.decrementAndGet(); // the opening backlog is written: back to a ring of depth (at most depth steps unwritten)
            } else {
                putUninterruptibly(free, b);
            }
        }
        try {
            target.close();
        } catch (Throwable e) {
            if (failure == null) {
                failure = e;
            }
        }
    }

    /** A wait that an interrupt may cut short. */
    private interface Wait {
        void run() throws InterruptedException;
    }

    /**
     * Runs {@code w} to its end however often the thread is interrupted meanwhile, then restores the
     * interrupt (the close and test paths; the per-step hand-off below does the same without a lambda).
     */
    private static void waitUninterruptibly(Wait w) {
        boolean interrupted = false;
        while (true) {
            try {
                w.run();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static <T> void putUninterruptibly(BlockingQueue<T> q, T v) {
        boolean interrupted = false;
        while (true) {
            try {
                q.put(v);
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static <T> T takeUninterruptibly(BlockingQueue<T> q) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return q.take();
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
