#!/usr/bin/env bash
# Issue 27 item 2 (contact solver rows): the pile against Jolt at one thread, PAIRS interleaved pairs
# (Jolt, then Rubble, each in its own fresh JVM through benchmarks/run-peers.sh), then the ratio of
# the stepping thread's CPU median per pair and the median of those ratios (the goal: <= 1.0).
# Then the solver alone on the frozen pile and pyramid (SolverRowsHarness: prepare, biased and relax
# iterations of one step, thread CPU), for the "not slower" side.
#
# Usage: benchmarks/run-solver-rows.sh [PAIRS (default 5)] [STEPS (default 300)]
# About 4 minutes on the idle 2-core machine with the defaults. Raw output in
# benchmarks/peers/target/solver-rows-<UTC time>.txt.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pairs="${1:-5}"
steps="${2:-300}"
case "$pairs$steps" in
  *[!0-9]*) echo "run-solver-rows: PAIRS '$pairs' and STEPS '$steps' must be positive integers" >&2; exit 2 ;;
esac
mkdir -p "$root/benchmarks/peers/target"
out="$root/benchmarks/peers/target/solver-rows-$(date -u +%Y%m%dT%H%M%SZ).txt"
for k in $(seq 1 "$pairs"); do
  "$root/benchmarks/run-peers.sh" --scenes pile --engines jolt --steps "$steps" --out "$out.pair$k" >/dev/null 2>&1
  cat "$out.pair$k" >> "$out"
  rm -f "$out.pair$k"
done
(cd "$root" && mvn -q -B -Pbench package -pl benchmarks -am -DskipTests ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO}) >&2
for scene in "pile 200 100" "pyramid 400 2000"; do
  set -- $scene
  echo "harness $(java -cp "$root/benchmarks/target/benchmarks.jar" dev.rubble.bench.solver.SolverRowsHarness "$1" "$2" "$3")" >> "$out"
done
awk '
  /^# jolt: load average before/ { load = $NF }
  $1 == "jolt" && $2 == "cpu" { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "median_ms") j = kv[2] } }
  $1 == "rubble" && $2 == "cpu" { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "median_ms") r = kv[2] }
    n++; ratio[n] = r / j; printf "pair %d: jolt %.3f ms, rubble %.3f ms (stepping-thread CPU median), rubble/jolt %.3f\n", n, j, r, r / j }
  $1 == "harness" { print }
  END {
    for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) if (ratio[b] < ratio[a]) { t = ratio[a]; ratio[a] = ratio[b]; ratio[b] = t }
    if (n > 0) printf "pile rubble/jolt median of %d pairs: %.3f\n", n, (n % 2 ? ratio[(n + 1) / 2] : (ratio[n / 2] + ratio[n / 2 + 1]) / 2)
  }' "$out" | tee -a "$out"
echo "run-solver-rows: wrote $out" >&2
