#!/usr/bin/env bash
# Runs the bench scenes (shared/bench-scenarios.md) on every peer engine, each in its own fresh JVM,
# one after another, then `./rubble bench`, and prints a ratio table (Rubble median / peer median).
#
# Usage: benchmarks/run-peers.sh [--steps N] [--cap-seconds S] [--scenes all|pyramid|pile|spheres|large-pyramid]
#                                [--engines "jolt bullet ode4j jbullet"] [--out FILE] [--no-rubble] [--threads N]
#        benchmarks/run-peers.sh --table FILE [--engines "..."]   (only print the ratio tables of FILE)
#        benchmarks/run-peers.sh --wall-debris [--steps N] [--engines "jolt bullet"] [--out FILE] [--threads N]
#            (the wall's pieces at its step with the most releases as loose convex hulls: `rubble bench wall
#             --debris-out` writes them, then each engine and Rubble step the same hulls, each in its own JVM)
#        benchmarks/run-peers.sh --shatter-debris [--steps N] [--engines "jolt bullet"] [--out FILE] [--threads N]
#            (the same for the shattered wall, issue 27 item 1: `rubble bench shatter --debris-out` writes the
#             10 000 leaf hulls at the step with the most active pieces)
#        --rubble-warmup N: the step scenes' Rubble run repeats its scene N times first in the same JVM and
#            discards them (`bench --warmup N`): Rubble's steady state, as JMH measures, instead of a fresh JVM
#            whose first hundreds of steps run before C2 has compiled them (on 2 cores its compiler threads
#            also take the second core from a 2-thread step); the C++ peers need no warm-up. Default 0
#        --jolt-convex-radius R: Jolt's hulls with convex radius R metres (default: Jolt's own, 0.05 m,
#            which rounds the pieces' edges; 0 = the same sharp hulls Rubble steps)
# Everything single-threaded unless --threads N (issue 26: Jolt on a JobSystemThreadPool of N - 1 workers
# plus the stepping thread, Rubble with `bench --threads N`; the other engines step on one thread only and
# are skipped with a note when N > 1), sleeping off. The raw lines (prefixed with the engine name) and the
# table are written to FILE (default benchmarks/peers/target/peers-<UTC time>.txt). Before each engine's run a
# "# ENGINE: load average before: …; core_round_trip_ns=N" line records how far apart the VM's two cores were
# (dev.rubble.bench.peers.CoreLatency: about 70 ns near, 330 ns far on the benchmark VM; 2-thread steps are
# much slower far, so compare 2-thread pairs measured in the same state).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
steps=600
cap=300
scenes=all
engines="jolt bullet ode4j jbullet"
rubble=yes
out=""
table_only=""
wall_debris=""
debris_scene=wall
threads=1
jolt_radius=""
jolt_radius_set=""
rubble_warmup=0
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) steps="$2"; shift 2 ;;
    --cap-seconds) cap="$2"; shift 2 ;;
    --scenes) scenes="$2"; shift 2 ;;
    --engines) engines="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --no-rubble) rubble=no; shift ;;
    --table) table_only="$2"; shift 2 ;;
    --wall-debris) wall_debris=yes; debris_scene=wall; shift ;;
    --shatter-debris) wall_debris=yes; debris_scene=shatter; shift ;;
    --threads) threads="$2"; shift 2 ;;
    --rubble-warmup) rubble_warmup="${2-}"; shift $(( $# > 1 ? 2 : 1 )) ;;
    --jolt-convex-radius) jolt_radius="${2-}"; jolt_radius_set=yes; shift $(( $# > 1 ? 2 : 1 )) ;;
    *) echo "run-peers: unknown option '$1'; allowed: --steps --cap-seconds --scenes --engines --out --no-rubble --table --wall-debris --shatter-debris --threads --rubble-warmup --jolt-convex-radius" >&2; exit 2 ;;
  esac
done
case "$rubble_warmup" in
  ''|*[!0-9]*) echo "run-peers: --rubble-warmup '$rubble_warmup' is not allowed; allowed: an integer 0..100" >&2; exit 2 ;;
esac
case "$threads" in
  ''|*[!0-9]*|0) echo "run-peers: --threads '$threads' is not allowed; allowed: an integer 1..256" >&2; exit 2 ;;
esac
# checked with the other arguments, before anything is built
case "$jolt_radius_set:$jolt_radius" in
  :) ;;
  yes:|yes:*[!0-9.]*|yes:*.*.*|yes:.) echo "run-peers: --jolt-convex-radius '$jolt_radius' is not allowed; allowed: a number >= 0 (metres)" >&2; exit 2 ;;
esac
tables() {
# ratio tables: Rubble median / peer median per scene (< 1 means Rubble is faster), wall clock and
# the stepping thread's CPU time (steadier when other work shares the cores)
awk -v engines="$engines" '
  $2 ~ /^scene=/ {
    split($2, a, "="); scene = a[2]; cur[$1] = scene
    for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "median_ms") med[$1, scene] = kv[2] }
    if (!(scene in seen)) { seen[scene] = 1; order[++ns] = scene }
  }
  $2 == "cpu" {
    for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "median_ms") cpu[$1, cur[$1]] = kv[2] }
  }
  function table(title, arr,    i, k, s, r, m) {
    printf "\n%s\n%-13s %10s", title, "scene", "rubble_ms"
    for (i = 1; i <= ne; i++) printf " %10s", eng[i] "_ms"
    for (i = 1; i <= ne; i++) printf " %14s", "rubble/" eng[i]
    printf "\n"
    for (k = 1; k <= ns; k++) {
      s = order[k]; r = (("rubble", s) in arr) ? arr["rubble", s] : ""
      printf "%-13s %10s", s, r == "" ? "-" : r
      for (i = 1; i <= ne; i++) { m = ((eng[i], s) in arr) ? arr[eng[i], s] : "-"; printf " %10s", m }
      for (i = 1; i <= ne; i++) {
        m = ((eng[i], s) in arr) ? arr[eng[i], s] : ""
        if (r == "" || m == "" || m + 0 == 0) printf " %14s", "-"; else printf " %14.3f", r / m
      }
      printf "\n"
    }
  }
  END {
    ne = split(engines, eng, " ")
    table("median wall-clock ms per step (steps 100..N)", med)
    table("median stepping-thread CPU ms per step (steps 100..N)", cpu)
    printf "(ratio < 1 = Rubble faster; see the note lines for capped runs)\n"
  }' "$1"
}
if [ -n "$table_only" ]; then
  tables "$table_only"
  exit 0
fi
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
out="${out:-$root/benchmarks/peers/target/peers-$stamp.txt}"

echo "run-peers: building benchmarks/peers (profile bench)..." >&2
(cd "$root" && mvn -q -B -Pbench -DskipTests package -pl benchmarks/peers -am) >&2
if [ "$rubble" = yes ]; then
  (cd "$root" && ./rubble --version) >&2 # builds the command now, not between measurements
fi
mkdir -p "$(dirname "$out")"
cp="$root/benchmarks/peers/target/rubble-benchmarks-peers.jar:$root/benchmarks/peers/target/lib/*"
jvm=(-Xms1g -Xmx4g)
if [ -n "$jolt_radius" ]; then
  jvm+=("-Drubble.jolt.convexRadius=$jolt_radius")
fi

if [ -n "$wall_debris" ]; then
  # the wall debris (bench-scenarios.md, wall, Peers): Rubble writes the hulls, every engine (Rubble too, the
  # same loose hulls as plain bodies) steps them in its own JVM; engines without hull support are skipped
  debris="$(dirname "$out")/$debris_scene-debris-$stamp.json"
  mkdir -p "$(dirname "$out")"
  # the shatter scene peaks a few steps after its explosion: 10 steps reach the peak without the slow pile-up
  writer_steps="$steps"; [ "$debris_scene" = shatter ] && writer_steps=10
  {
    echo "# run-peers --$debris_scene-debris $stamp, $(date -u '+%Y-%m-%d %H:%M:%S UTC'), $(nproc) cores, $(java -version 2>&1 | head -1)"
    (cd "$root" && RUBBLE_JAVA_OPTS="${jvm[*]}" ./rubble bench "$debris_scene" --budgets off --steps "$writer_steps" --debris-out "$debris") \
      | sed -u "s/^/rubble-$debris_scene /"
    for e in rubble $engines; do
      case "$e" in jolt|bullet|rubble) ;; *) continue ;; esac
      if [ "$threads" != 1 ] && [ "$e" = bullet ]; then
        echo "# $e: skipped (--threads $threads: only jolt has a multi-threaded job system here)"
        continue
      fi
      echo "# $e: load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
      java "${jvm[@]}" -cp "$cp" dev.rubble.bench.peers.PeerMain "$e" debris "$debris" --steps "$steps" --threads "$threads" \
        | sed -u "s/^/$e /"
    done
    echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
  } | tee "$out"
  echo "run-peers: wrote $out" >&2
  exit 0
fi

{
  echo "# run-peers $stamp"
  echo "# command: benchmarks/run-peers.sh --steps $steps --cap-seconds $cap --scenes $scenes --engines \"$engines\" --threads $threads --rubble-warmup $rubble_warmup"
  echo "# date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "# cpu: $(sed -n 's/^model name\s*: //p' /proc/cpuinfo | head -1) x $(nproc)"
  echo "# java: $(java -version 2>&1 | head -1)"
  echo "# jvm options: ${jvm[*]}"
} | tee "$out"

for e in $engines; do
  if [ "$threads" != 1 ] && [ "$e" != jolt ]; then
    echo "# $e: skipped (--threads $threads: only jolt has a multi-threaded job system here)" | tee -a "$out"
    continue
  fi
  echo "# $e: load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(java -cp "$cp" dev.rubble.bench.peers.CoreLatency)" | tee -a "$out"
  java "${jvm[@]}" -cp "$cp" dev.rubble.bench.peers.PeerMain "$e" "$scenes" --steps "$steps" --cap-seconds "$cap" --threads "$threads" \
    | sed -u "s/^/$e /" | tee -a "$out"
done
if [ "$rubble" = yes ]; then
  echo "# rubble: load average before: $(cut -d' ' -f1-3 /proc/loadavg); $(java -cp "$cp" dev.rubble.bench.peers.CoreLatency)" | tee -a "$out"
  (cd "$root" && RUBBLE_JAVA_OPTS="${jvm[*]}" ./rubble bench "$scenes" --steps "$steps" --cap-seconds "$cap" --threads "$threads" --warmup "$rubble_warmup") | sed -u "s/^/rubble /" | tee -a "$out"
fi
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$out"

tables "$out" | tee -a "$out"
echo "run-peers: wrote $out" >&2
