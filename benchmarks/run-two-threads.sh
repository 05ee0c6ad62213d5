#!/usr/bin/env bash
# Issue 26 (helper ppile): the pile and the pyramid at 2 threads, against one thread and against Jolt at 2 threads,
# and what the executor's dispatches cost. One command for the idle machine (about 5 minutes after the builds):
# 1. ROUNDS interleaved rounds of `rubble bench pile --threads 1,2 --steps 300` and `rubble bench pyramid
#    --threads 1,2` (speed-up = the one-thread median step / the two-thread median step, per round; the sanity
#    lines of both counts must be equal).
# 2. ROUNDS interleaved pairs of `rubble bench pile --threads 2 --steps 300` with 4 and with 16 narrowphase pair
#    blocks per thread (-Drubble.narrowphase.blocksPerThread: 4 was the value before helper ppile, 16 after; the
#    sanity lines must be equal).
# 3. DispatchHarness: the executor's round trip at 2 threads (blocks of 0.2 and 2 us, back to back and after a
#    serial gap) and the dispatches and worker parks per step of the pile and the pyramid on 2 threads.
# 4. benchmarks/run-peers.sh --engines jolt --threads 2 on the pile (300 steps) and the pyramid: Rubble and Jolt
#    at 2 threads side by side, each in its own JVM.
#
# Usage: benchmarks/run-two-threads.sh [ROUNDS (default 3)]
# Set MAVEN_REPO to build with another local repository. Raw output in benchmarks/results/two-threads-<UTC>.txt.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"
case "$rounds" in
  *[!0-9]*|""|0) echo "run-two-threads: ROUNDS '$rounds' must be a positive integer" >&2; exit 2 ;;
esac
mkdir -p "$root/benchmarks/results"
out="$root/benchmarks/results/two-threads-$(date -u +%Y%m%dT%H%MZ).txt"
repo=(${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO})
(cd "$root" && mvn -q -B -Pbench package -pl benchmarks -am -DskipTests "${repo[@]}") >&2
(cd "$root" && mvn -q -B -DskipTests package -pl tui-console -am "${repo[@]}" && touch tui-console/target/rubble-tui-console.jar) >&2
{
  echo "# $(date -u +%FT%TZ) $(nproc) cores $(uptime)"
  for k in $(seq 1 "$rounds"); do
    echo "# round $k $(uptime)"
    "$root/rubble" bench pile --threads 1,2 --steps 300
    "$root/rubble" bench pyramid --threads 1,2
  done
  for k in $(seq 1 "$rounds"); do
    for b in 4 16; do
      echo "# narrowphase pair blocks per thread $b, pair $k $(uptime)"
      RUBBLE_JAVA_OPTS="-Drubble.narrowphase.blocksPerThread=$b" "$root/rubble" bench pile --threads 2 --steps 300
    done
  done
  echo "# dispatch harness $(uptime)"
  java -cp "$root/benchmarks/target/benchmarks.jar" dev.rubble.bench.parallel.DispatchHarness pile,pyramid 100 200
  echo "# jolt at 2 threads $(uptime)"
  "$root/benchmarks/run-peers.sh" --scenes pile --engines jolt --threads 2 --steps 300
  "$root/benchmarks/run-peers.sh" --scenes pyramid --engines jolt --threads 2
  echo "# end $(date -u +%FT%TZ) $(uptime)"
} 2>&1 | tee "$out"
echo "speed-up at 2 threads per round (median step, 1 thread / 2 threads):"
awk '/^scene=/ && / median_ms=/ { m = ""; t = ""; for (i = 1; i <= NF; i++) { if ($i ~ /^scene=/) sc = substr($i, 7); if ($i ~ /^median_ms=/) m = substr($i, 11); if ($i ~ /^threads=/) t = substr($i, 9) }
       if (t == 1) one[sc] = m; else if (t == 2 && one[sc] != "") { printf "  %s %.3f / %.3f = %.2fx\n", sc, one[sc], m, one[sc] / m; one[sc] = "" } }' "$out"
echo "pile at 2 threads with 4 / 16 narrowphase pair blocks per thread (median step per run):"
awk '/^# narrowphase pair blocks per thread/ { b = $7; sub(/,/, "", b) } /^scene=pile/ && b != "" { for (i = 1; i <= NF; i++) if ($i ~ /^median_ms=/) printf "  %s blocks: %s ms\n", b, substr($i, 11); b = "" }' "$out"
echo "raw output: $out"
