#!/usr/bin/env bash
# Issue 26 (helper bpar): the parallel broadphase and the whole step at 1 and 2 threads, interleaved.
# 1. BroadphaseStageHarness on the frozen pile and large pyramid: the broadphase stage alone, 1 and 2
#    threads alternating round by round (wall, its parts, caller and worker CPU; the pairs' digest must
#    be equal for both counts).
# 2. ROUNDS interleaved rounds of `rubble bench pile|large-pyramid --threads 1,2 --stages --steps STEPS`
#    (the whole step's median and every stage's mean at both counts; the sanity lines must be equal).
#
# Usage: benchmarks/run-parallel-stages.sh [ROUNDS (default 2)] [STEPS (default 300)]
# About 4 minutes on the idle 2-core machine with the defaults (after the builds). Set MAVEN_REPO to
# build with another local repository. Raw output in benchmarks/results/parallel-stages-<UTC time>.txt.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-2}"
steps="${2:-300}"
case "$rounds$steps" in
  *[!0-9]*|"") echo "run-parallel-stages: ROUNDS '$rounds' and STEPS '$steps' must be positive integers" >&2; exit 2 ;;
esac
mkdir -p "$root/benchmarks/results"
out="$root/benchmarks/results/parallel-stages-$(date -u +%Y%m%dT%H%MZ).txt"
repo=(${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO})
(cd "$root" && mvn -q -B -Pbench package -pl benchmarks -am -DskipTests "${repo[@]}") >&2
(cd "$root" && mvn -q -B -DskipTests package -pl tui-console -am "${repo[@]}" && touch tui-console/target/rubble-tui-console.jar) >&2
{
  echo "# $(date -u +%FT%TZ) $(uptime)"
  for scene in "pile 150 300" "large-pyramid 100 150"; do
    set -- $scene
    java -cp "$root/benchmarks/target/benchmarks.jar" dev.rubble.bench.broadphase.BroadphaseStageHarness "$1" "$2" "$3"
  done
  for k in $(seq 1 "$rounds"); do
    echo "# round $k $(uptime)"
    "$root/rubble" bench pile --threads 1,2 --stages --steps "$steps"
    "$root/rubble" bench large-pyramid --threads 1,2 --stages --steps "$steps"
  done
  echo "# end $(date -u +%FT%TZ) $(uptime)"
} | tee "$out"
echo "speed-up at 2 threads (median step, 1 thread / 2 threads):"
awk '/^scene=/ && / median_ms=/ { m = ""; t = ""; for (i = 1; i <= NF; i++) { if ($i ~ /^scene=/) sc = substr($i, 7); if ($i ~ /^median_ms=/) m = substr($i, 11); if ($i ~ /^threads=/) t = substr($i, 9) }
       if (t == 1) one[sc] = m; else if (t == 2 && one[sc] != "") printf "  %s %.3f / %.3f = %.2fx\n", sc, one[sc], m, one[sc] / m }' "$out"
echo "raw output: $out"
