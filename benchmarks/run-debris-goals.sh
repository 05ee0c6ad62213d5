#!/usr/bin/env bash
# Issue 27 items 2-3 (helper `debris`): both single-thread goals against Jolt in one command.
#  1. the 4 000-box pile: PAIRS interleaved Jolt / Rubble pairs through benchmarks/run-solver-rows.sh
#     (stepping-thread CPU median per run, the median of the pair ratios; goal <= 1.0), then the
#     solver alone on the frozen pile and pyramid (SolverRowsHarness);
#  2. the wall's 500 released hulls (`rubble bench wall --debris-out`) stepped by Rubble and Jolt in
#     WALL_PAIRS interleaved pairs (benchmarks/proxies/shatter-jolt-pairs.sh, SCENE=wall), and the
#     median of those ratios (goal <= 1.0).
# The peers jar is rebuilt first: its Rubble side is the checkout's code (a stale jar would measure an
# old solver). Usage: benchmarks/run-debris-goals.sh [PAIRS (5)] [STEPS (300)] [WALL_PAIRS (3)] [WALL_STEPS (200)]
# 2 min 40 s at load 3-4 (end of the 2026-12-02 evening session) with the defaults, build included. Set
# MAVEN_REPO to use another local Maven repository. Raw output: benchmarks/peers/target/solver-rows-*.txt
# and benchmarks/results/wall-jolt-pairs-*.txt; the summary lines go to standard output.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
pairs="${1:-5}"; steps="${2:-300}"; wall_pairs="${3:-3}"; wall_steps="${4:-200}"
case "$pairs$steps$wall_pairs$wall_steps" in
  *[!0-9]*) echo "run-debris-goals: PAIRS '$pairs', STEPS '$steps', WALL_PAIRS '$wall_pairs' and WALL_STEPS '$wall_steps' must be positive integers" >&2; exit 2 ;;
esac
cd "$root"
mvn -q -B -Pbench -DskipTests package -pl benchmarks/peers -am ${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO} >&2
./rubble --version >&2 # builds the command now, not between measurements
echo "# run-debris-goals $(date -u +%Y%m%dT%H%M%SZ) $(git rev-parse --short HEAD 2>/dev/null || echo '?') load: $(cut -d' ' -f1-3 /proc/loadavg)"
benchmarks/run-solver-rows.sh "$pairs" "$steps" | sed 's/^/pile: /'
before=$(ls benchmarks/results/wall-jolt-pairs-*.txt 2>/dev/null | wc -l)
SCENE=wall benchmarks/proxies/shatter-jolt-pairs.sh "$wall_pairs" "$wall_steps"
out=$(ls -t benchmarks/results/wall-jolt-pairs-*.txt | head -1)
[ "$(ls benchmarks/results/wall-jolt-pairs-*.txt | wc -l)" -gt "$before" ] || { echo "run-debris-goals: no new wall-jolt-pairs output" >&2; exit 1; }
awk '
  $1 == "rubble" && $2 == "cpu" { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "median_ms") r = kv[2] } }
  $1 == "jolt" && $2 == "cpu" { for (i = 3; i <= NF; i++) { split($i, kv, "="); if (kv[1] == "median_ms") j = kv[2] }
    n++; ratio[n] = r / j; printf "wall: pair %d: rubble %.3f ms, jolt %.3f ms (stepping-thread CPU median), rubble/jolt %.3f\n", n, r, j, r / j }
  END {
    for (a = 1; a <= n; a++) for (b = a + 1; b <= n; b++) if (ratio[b] < ratio[a]) { t = ratio[a]; ratio[a] = ratio[b]; ratio[b] = t }
    if (n > 0) printf "wall: rubble/jolt median of %d pairs: %.3f\n", n, (n % 2 ? ratio[(n + 1) / 2] : (ratio[n / 2] + ratio[n / 2 + 1]) / 2)
  }' "$out"
echo "# done $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg); wall raw output $out"
