package dev.rubble.cache.journal;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Chronicle Queue's start-up, made cheaper (issue 27 item 6: the journal's fixed start cost).
 *
 * <p>Measured on the shared 2-core machine (docs/benchmarks.md, "Journal cost (issue 27 item 6)"):
 * the first journal of a process cost ~0.5 s of the creating thread's CPU and ~1 s of process CPU
 * (JIT threads included), of which a second journal in the same process needs 25 ms. Almost all
 * of it is class loading and static initialisation: Chronicle's {@code Jvm} class initialiser
 * eagerly loads its POSIX binding through JNR (which generates native call stubs with ASM and an
 * x86 assembler at run time: ~290 classes, ~150 ms thread / ~300 ms process CPU) and its thread
 * affinity library through JNA (~100 / ~200 ms), then the queue's own classes (~200 / ~400 ms).
 *
 * <p>A journal never uses what the POSIX binding is for (msync modes, the pretoucher, the POSIX
 * clock): {@link #init()} installs Chronicle's own no-op binding ({@code PosixAPI.useNoOpPosixApi},
 * the library's documented switch) before Chronicle first loads, which removes the JNR part.
 * {@link #prewarm()} loads the rest on a daemon thread, for commands that know they will journal
 * while they still have a scene to build; the journal's bytes are the same either way.
 */
public final class ChronicleStart {
    private static final AtomicBoolean INIT = new AtomicBoolean();
    private static volatile Thread warming;

    private ChronicleStart() {
    }

    /** Installs the no-op POSIX binding once, before Chronicle's first use; idempotent and cheap. */
    public static void init() {
        if (INIT.compareAndSet(false, true)) {
            try {
                net.openhft.posix.PosixAPI.useNoOpPosixApi();
            } catch (LinkageError e) {
                // an older Chronicle without the switch: it loads its binding as before
            }
        }
    }

    /**
     * Starts loading Chronicle's classes on a daemon thread (once per process) so a journal created
     * a moment later does not pay for it on the stepping thread. Harmless when no journal follows.
     */
    public static void prewarm() {
        init();
        if (warming != null) {
            return;
        }
        synchronized (ChronicleStart.class) {
            if (warming != null) {
                return;
            }
            Thread t = new Thread(ChronicleStart::load, "rubble-journal-prewarm");
            t.setDaemon(true);
            t.setPriority(Thread.MIN_PRIORITY);
            warming = t;
            t.start();
        }
    }

    private static final String[] CLASSES = {
        "net.openhft.chronicle.core.Jvm",
        "net.openhft.chronicle.queue.impl.single.SingleChronicleQueueBuilder",
        "net.openhft.chronicle.queue.impl.single.SingleChronicleQueue",
        "net.openhft.chronicle.queue.impl.single.StoreAppender",
        "net.openhft.chronicle.queue.impl.single.StoreTailer",
        "net.openhft.chronicle.queue.impl.single.SingleChronicleQueueStore",
        "net.openhft.chronicle.queue.impl.table.SingleTableStore",
        "net.openhft.chronicle.bytes.MappedBytes",
        "net.openhft.chronicle.bytes.MappedFile",
        "net.openhft.chronicle.wire.BinaryWire",
        "net.openhft.chronicle.queue.RollCycles",
    };

    private static void load() {
        ClassLoader cl = ChronicleStart.class.getClassLoader();
        for (String c : CLASSES) {
            try {
                Class.forName(c, true, cl);
            } catch (ClassNotFoundException | LinkageError e) {
                // a class this Chronicle version does not have: the journal loads what it needs itself
            }
        }
    }
}
