#!/usr/bin/env bash
# The bake benchmark (docs/benchmarks.md, "Bake"): 200 variants (projectile speed x position x mass) of a
# 500-piece Voronoi wall, 30 steps each, baked by `rubble bake` with 1 and 2 worker threads in interleaved
# rounds, then by the Spark job on local[2] in one JVM. Each run is a fresh JVM into a fresh directory
# (start-up, authoring-free loading of the wall's .rbc, simulation, journals, manifest all counted), and
# every run's hashes.tsv must equal the first one's (the bake is the same however it is split).
#
#   benchmarks/bake/run.sh [ROUNDS]        (default 2 rounds; MAVEN_REPO=/path/to/repo to use another local repository;
#                                          STEPS=N runs every variant N steps instead of the sweep's 30; SPARK=0 skips Spark;
#                                          SWEEP=seeds bakes sweep-seeds.json instead: every variant fractures its own wall;
#                                          WARM=1 runs BakeHarness instead: one warmed JVM, 1 and 2 workers interleaved,
#                                          with the collector flags of `./rubble bake`, HARNESS_GC= for the JVM's defaults)
#
# Prints one line per run: wall time and throughput; the process's CPU time (user + sys) and the cores it got
# on average; the CPU time of the variants themselves (sum of the manifest's cpu_ms). On a machine shared
# with other work the wall times follow the other load; the CPU per variant says whether workers slow each
# other down (the same CPU per variant at 1 and 2 workers: they do not).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-2}"
repo=()
if [ -n "${MAVEN_REPO:-}" ]; then repo=(-Dmaven.repo.local="$MAVEN_REPO"); fi
work="$(mktemp -d /tmp/rubble-bake-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT

(cd "$root" && mvn -q -B "${repo[@]}" -DskipTests package -pl tui-console,bake-spark -am) >&2
touch "$root/tui-console/target/rubble-tui-console.jar" # built just now: ./rubble need not rebuild
(cd "$root" && mvn -q -B "${repo[@]}" -pl bake-spark dependency:build-classpath -Dmdep.outputFile="$work/spark.cp") >&2

cp "$here/wall500.json" "$here/sweep200.json" "$here/wall-seeds.json" "$here/sweep-seeds.json" "$work/"
sweep="$work/sweep200.json"
if [ "${SWEEP:-}" = seeds ]; then sweep="$work/sweep-seeds.json"; fi
if [ -n "${STEPS:-}" ]; then sed -i "s/\"steps\": [0-9]*,/\"steps\": $STEPS,/" "$sweep"; fi
# the wall: 20 Voronoi cells, each cut into 25 (500 leaves), authored once for every variant
"$root/rubble" fracture --source box:half=5,2.5,0.25 --levels 2 --option 1:count=20 --option 2:count=25 --seed 1 \
  --out "$work/wall500.rbc" >/dev/null

source "$root/benchmarks/jvm-flags.sh"  # jvm=(...): the flags the jars need, then this bench's own
jvm+=(--add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED
     --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.util.concurrent=ALL-UNNAMED
     --add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED --add-opens=java.base/jdk.internal.ref=ALL-UNNAMED
     --add-opens=java.base/sun.nio.ch=ALL-UNNAMED --add-opens=java.base/sun.nio.cs=ALL-UNNAMED
     --add-opens=java.base/sun.security.action=ALL-UNNAMED --add-opens=java.base/sun.util.calendar=ALL-UNNAMED
     -Djdk.reflect.useDirectMethodHandle=false -Dio.netty.tryReflectionSetAccessible=true)

reference=""
check() { # every run must produce the same deterministic manifest
  if [ -z "$reference" ]; then reference="$1/hashes.tsv"; cp "$reference" "$work/reference.tsv"; reference="$work/reference.tsv"
  elif ! cmp -s "$reference" "$1/hashes.tsv"; then echo "hashes.tsv of $1 differs from the first run" >&2; exit 1; fi
}
timed() { # label round outdir command...: wall and CPU of the process, and the variants' own CPU from the manifest
  local label="$1" round="$2" out="$3"; shift 3
  /usr/bin/time -f "%e %U %S" -o "$work/time" "$@" >/dev/null 2>"$work/log"
  local vcpu; vcpu=$(grep -o '"cpuMs":[0-9.]*' "$out/manifest.jsonl" | cut -d: -f2 | awk '{ s += $1 } END { printf "%.1f", s / 1000 }')
  awk -v l="$label" -v r="$round" -v v="$vcpu" '{ w = $1; c = $2 + $3;
    printf "%-14s round %d  wall %7.1f s  %6.3f variants/s  process cpu %7.1f s (%.2f cores)  variants cpu %7.1f s (%.3f s/variant)\n",
           l, r, w, 200 / w, c, c / w, v, v / 200 }' "$work/time"
}

if [ "${WARM:-0}" = 1 ]; then
  (cd "$root" && mvn -q -B "${repo[@]}" -Pbench -DskipTests install -pl benchmarks -am) >&2
  (cd "$root" && mvn -q -B "${repo[@]}" -Pbench -pl benchmarks dependency:build-classpath -Dmdep.outputFile="$work/bench.cp") >&2
  # HARNESS_OPTS: e.g. -Drubble.bake.warmups=3 (a fixed number of warm-up passes), -Drubble.bake.jfr=false
  # HARNESS_GC: the collector flags, by default what `./rubble bake` adds on a machine of 4 GB or more (the
  # rubble script, docs/bake.md "JVM settings"); HARNESS_GC= (empty) measures the JVM's defaults (G1)
  # HARNESS_GUICE: Guice's bytecode option, by default what `./rubble bake` sets (DISABLED); HARNESS_GUICE=ENABLED
  # measures Guice's default
  java "${jvm[@]}" ${HARNESS_GC--XX:+UseParallelGC -Xmn512m} -Dguice_bytecode_gen_option=${HARNESS_GUICE:-DISABLED} ${HARNESS_OPTS:-} -cp "$root/benchmarks/target/classes:$(cat "$work/bench.cp")" dev.rubble.bench.bake.BakeHarness "$sweep" "$rounds"; exit 0
fi
echo "sweep: $(basename "$sweep"), steps per variant: $(grep -o '"steps": [0-9]*' "$sweep")"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
for r in $(seq 1 "$rounds"); do
  for w in 1 2; do
    out="$work/w$w-r$r"
    timed "workers=$w" "$r" "$out" "$root/rubble" bake "$sweep" --out "$out" --workers "$w"
    check "$out"; rm -rf "$out"
  done
done
out="$work/spark"
if [ "${SPARK:-1}" = 0 ]; then echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"; exit 0; fi
timed "spark local[2]" 1 "$out" java "${jvm[@]}" -cp "$root/bake-spark/target/classes:$(cat "$work/spark.cp")" \
  dev.rubble.bake.spark.SparkBake "$sweep" "$out" --master 'local[2]'
check "$out"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
