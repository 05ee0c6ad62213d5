package dev.rubble.bench.events;

import dev.rubble.api.EventKind;
import dev.rubble.api.EventView;
import dev.rubble.api.PhysicsWorld;
import dev.rubble.core.command.Command;
import dev.rubble.core.event.EventKinds;
import dev.rubble.core.event.EventRequest;
import dev.rubble.core.plugin.Stages;
import dev.rubble.core.world.World;
import dev.rubble.scenario.BenchScenes;
import dev.rubble.scenario.ScenarioWorld;
import dev.rubble.scenario.WallScene;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import org.joml.Vector3d;

/**
 * What events cost (docs/events.md "Cost"; docs/benchmarks.md "Events"): two identical worlds stepped
 * in interleaved blocks on one thread, one with events off, one with events on and a listener that
 * reads every field it uses of every event; events never change the simulation, so both worlds are in
 * the same state at every block and the pair compares like with like. Thread CPU time per block;
 * the ratio of the summed times and the median of the per-block ratios; bytes allocated by the
 * events-on world's timed steps.
 *
 * <pre>
 * mvn -q -Pbench package -pl benchmarks -am -DskipTests
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.events.EventsHarness pile [blocks] [stepsPerBlock]
 * java -cp benchmarks/target/benchmarks.jar dev.rubble.bench.events.EventsHarness wall [blocks] [stepsPerBlock] [sites] [warm-up steps]
 * </pre>
 * pile: the 4 000-box pile of the bench scenes, contact begin, end and hit on (every contact event).
 * wall: the wall bench scene hit by its projectile, remove-on-break on in both worlds, break,
 * trailing and removal on in one.
 */
public final class EventsHarness {
    private EventsHarness() {
    }

    public static void main(String[] args) {
        String scene = args.length > 0 ? args[0] : "pile";
        int blocks = args.length > 1 ? Integer.parseInt(args[1]) : 30;
        int per = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Stages stages = Stages.load();
        World off, on;
        int[] kinds;
        if (scene.equals("pile")) {
            off = ScenarioWorld.create(BenchScenes.build(BenchScenes.Scene.PILE), stages).world();
            on = ScenarioWorld.create(BenchScenes.build(BenchScenes.Scene.PILE), stages).world();
            kinds = new int[] {EventKinds.BEGIN, EventKinds.END, EventKinds.HIT};
        } else {
            int sites = args.length > 3 ? Integer.parseInt(args[3]) : 0;
            int[] counts = sites > 0 ? new int[] {sites, sites, sites} : WallScene.BENCH_COUNTS;
            WallScene.Wall wall = WallScene.cached(counts, WallScene.SEED, stages, WallScene.defaultCacheDir());
            off = ScenarioWorld.create(WallScene.scenario(wall, WallScene.options(), 600), stages).world();
            on = ScenarioWorld.create(WallScene.scenario(wall, WallScene.options(), 600), stages).world();
            for (World w : new World[] {off, on}) {
                w.queue(new Command.SetRemoveOnBreak(0, true, 1, 2, 1, 2));
            }
            kinds = new int[] {EventKinds.BREAK, EventKinds.TRAILING, EventKinds.REMOVAL};
        }
        for (int k : kinds) {
            on.queue(new Command.SetEventRequest(k, EventRequest.defaults(k).withGlobal(true)));
        }
        PhysicsWorld api = PhysicsWorld.wrap(on, null);
        double[] sink = new double[1];
        long[] seen = new long[1];
        Vector3d v = new Vector3d();
        EventKind[] all = EventKind.values();
        api.addEventListener(ev -> {
            for (EventKind k : all) {
                EventView view = ev.of(k);
                for (int i = 0; i < view.count(); i++) {
                    sink[0] += view.speed(i) + view.impulse(i) + view.massA(i) + view.point(i, v).y
                            + view.velocityA(i, v).x + view.handleA(i) + view.volume(i);
                    seen[0]++;
                }
            }
        });
        var mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long tid = Thread.currentThread().getId();
        int warm = args.length > 4 ? Integer.parseInt(args[4]) : scene.equals("pile") ? 240 : 5;
        for (int i = 0; i < warm; i++) {
            off.step();
            api.step();
        }
        double[] tOff = new double[blocks], tOn = new double[blocks], ratio = new double[blocks];
        long bytes = 0, bytesOff = 0;
        long eventsBefore = seen[0];
        for (int b = 0; b < blocks; b++) {
            // alternate which world goes first, so neither always runs on a cache the other warmed
            boolean offFirst = b % 2 == 0;
            for (int pass = 0; pass < 2; pass++) {
                boolean runOff = (pass == 0) == offFirst;
                long c0 = mx.getCurrentThreadCpuTime();
                long a0 = mx.getThreadAllocatedBytes(tid);
                for (int i = 0; i < per; i++) {
                    if (runOff) {
                        off.step();
                    } else {
                        api.step();
                    }
                }
                long dt = mx.getCurrentThreadCpuTime() - c0;
                if (runOff) {
                    tOff[b] = dt / 1e6 / per;
                    bytesOff += mx.getThreadAllocatedBytes(tid) - a0;
                } else {
                    tOn[b] = dt / 1e6 / per;
                    bytes += mx.getThreadAllocatedBytes(tid) - a0;
                }
            }
            ratio[b] = tOn[b] / tOff[b];
        }
        if (off.stateHash() != on.stateHash()) {
            throw new IllegalStateException("the worlds diverged: events changed the simulation");
        }
        double sumOff = Arrays.stream(tOff).sum(), sumOn = Arrays.stream(tOn).sum();
        double[] sorted = ratio.clone();
        Arrays.sort(sorted);
        System.out.printf("events %s: %d blocks x %d steps (after %d warm-up steps), %d events read (%.1f per step)%n",
                scene, blocks, per, warm, seen[0] - eventsBefore, (seen[0] - eventsBefore) / (double) (blocks * per));
        System.out.printf("  off: %.3f ms/step CPU (median block %.3f)%n", sumOff / blocks, median(tOff));
        System.out.printf("  on:  %.3f ms/step CPU (median block %.3f)%n", sumOn / blocks, median(tOn));
        System.out.printf("  on/off: %.4f (sums), median block ratio %.4f, quartiles %.4f .. %.4f%n", sumOn / sumOff,
                sorted[blocks / 2], sorted[blocks / 4], sorted[(3 * blocks) / 4]);
        System.out.printf("  bytes allocated by the %d timed steps: events on %d, events off %d; state hashes equal%n",
                blocks * per, bytes, bytesOff);
        System.out.println("  (sink " + (sink[0] != 0) + ")");
    }

    private static double median(double[] a) {
        double[] s = a.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }
}
