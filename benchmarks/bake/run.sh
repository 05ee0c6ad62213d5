#!/usr/bin/env bash
# The bake benchmark (docs/benchmarks.md, "Bake"): 200 variants (projectile speed x position x mass) of a
# 500-piece Voronoi wall, 30 steps each, baked by `rubble bake` with 1 and 2 worker threads in interleaved
# rounds, then by the Spark job on local[2] in one JVM. Each run is a fresh JVM into a fresh directory
# (start-up, authoring-free loading of the wall's .rbc, simulation, journals, manifest all counted), and
# every run's hashes.tsv must equal the first one's (the bake is the same however it is split).
#
#   benchmarks/bake/run.sh [ROUNDS]        (default 2 rounds; MAVEN_REPO=/path/to/repo to use another local repository)
#
# Prints one line per run: what, round, seconds, variants per second.
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

cp "$here/wall500.json" "$here/sweep200.json" "$work/"
# the wall: 20 Voronoi cells, each cut into 25 (500 leaves), authored once for every variant
"$root/rubble" fracture --source box:10,5,0.5 --levels 2 --option 1:count=20 --option 2:count=25 --seed 1 \
  --out "$work/wall500.rbc" >/dev/null

jvm=(--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED --add-exports=java.base/jdk.internal.ref=ALL-UNNAMED
     --add-exports=java.base/jdk.internal.util=ALL-UNNAMED --add-exports=java.base/sun.nio.ch=ALL-UNNAMED
     --add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED --add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED
     --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/java.lang=ALL-UNNAMED
     --add-opens=java.base/java.lang.reflect=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED
     --add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED --enable-native-access=ALL-UNNAMED
     -Dchronicle.analytics.disable=true
     --add-opens=java.base/java.lang.invoke=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED
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
timed() { # label round command...
  local label="$1" round="$2"; shift 2
  local t0 t1; t0=$(date +%s.%N)
  "$@" >/dev/null 2>"$work/log"; t1=$(date +%s.%N)
  awk -v l="$label" -v r="$round" -v a="$t0" -v b="$t1" 'BEGIN { s = b - a; printf "%-14s round %d  %7.1f s  %6.3f variants/s\n", l, r, s, 200 / s }'
}

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
for r in $(seq 1 "$rounds"); do
  for w in 1 2; do
    out="$work/w$w-r$r"
    timed "workers=$w" "$r" "$root/rubble" bake "$work/sweep200.json" --out "$out" --workers "$w"
    check "$out"; rm -rf "$out"
  done
done
out="$work/spark"
timed "spark local[2]" 1 java "${jvm[@]}" -cp "$root/bake-spark/target/classes:$(cat "$work/spark.cp")" \
  dev.rubble.bake.spark.SparkBake "$work/sweep200.json" "$out" --master 'local[2]'
check "$out"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
