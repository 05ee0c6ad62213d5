#!/usr/bin/env bash
# Issue 26 (helper color): the 5 050-box large pyramid at 1 and 2 threads, ROUNDS rounds of
# `rubble bench large-pyramid --threads 1,2 --steps STEPS --stages` (each round one JVM, the two thread
# counts one after the other), then the speed-up of every round (median wall-clock step, 1 thread / 2
# threads) and the stepping thread's CPU per step at one thread. With OLD=DIR (a directory holding another
# build's rubble-tui-console.jar and lib/, e.g. a copy of tui-console/target) every round first runs that
# build's one-thread bench too, interleaved, and prints new / old one-thread CPU per round.
#
# Usage: benchmarks/run-large-pyramid.sh [ROUNDS (default 3)] [STEPS (default 300)]
# About 3 minutes on the idle 2-core machine with the defaults (after the build). Set MAVEN_REPO to build
# with another local repository. Raw output in benchmarks/results/large-pyramid-<UTC time>.txt.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rounds="${1:-3}"
steps="${2:-300}"
case "$rounds$steps" in
  *[!0-9]*|"") echo "run-large-pyramid: ROUNDS '$rounds' and STEPS '$steps' must be positive integers" >&2; exit 2 ;;
esac
if [ -n "${OLD:-}" ] && [ ! -f "$OLD/rubble-tui-console.jar" ]; then
  echo "run-large-pyramid: OLD '$OLD' must be a directory holding rubble-tui-console.jar and lib/" >&2; exit 2
fi
mkdir -p "$root/benchmarks/results"
out="$root/benchmarks/results/large-pyramid-$(date -u +%Y%m%dT%H%MZ).txt"
repo=(${MAVEN_REPO:+-Dmaven.repo.local=$MAVEN_REPO})
(cd "$root" && mvn -q -B -DskipTests package -pl tui-console -am "${repo[@]}" && touch tui-console/target/rubble-tui-console.jar) >&2
old() { # the old build's one-thread bench, with the same JVM flags as ./rubble
  local jvm=($(sed -n '/^jvm=(/,/)$/p' "$root/rubble" | tr -d '()' | sed 's/^jvm=//'))
  java "${jvm[@]}" -cp "$OLD/rubble-tui-console.jar:$OLD/lib/*" dev.rubble.cli.Main bench large-pyramid --threads 1 --steps "$steps"
}
{
  echo "# $(date -u +%FT%TZ) $(uptime) $(git -C "$root" rev-parse --short HEAD)"
  for k in $(seq 1 "$rounds"); do
    if [ -n "${OLD:-}" ]; then
      echo "# round $k old $(uptime)"
      old | sed 's/^/old /'
    fi
    echo "# round $k $(uptime)"
    "$root/rubble" bench large-pyramid --threads 1,2 --stages --steps "$steps"
  done
  echo "# end $(date -u +%FT%TZ) $(uptime)"
} | tee "$out"
echo "per round: speed-up at 2 threads (median step, 1 thread / 2 threads); one-thread stepping-thread CPU (new / old):"
awk '/^old scene=/ { next }
     /^old cpu / { for (i = 1; i <= NF; i++) if ($i ~ /^median_ms=/) oc = substr($i, 11); next }
     /^scene=/ { for (i = 1; i <= NF; i++) { if ($i ~ /^median_ms=/) m = substr($i, 11); if ($i ~ /^threads=/) t = substr($i, 9) }; next }
     /^cpu / { for (i = 1; i <= NF; i++) if ($i ~ /^median_ms=/) c = substr($i, 11)
               if (t == 1) { one = m; onec = c } else if (t == 2) {
                 printf "  %.3f / %.3f ms = %.2fx", one, m, one / m
                 if (oc != "") printf "   one-thread cpu %.3f / %.3f ms = %.3f", onec, oc, onec / oc
                 printf "\n"; oc = "" } }' "$out"
grep '^sanity' "$out" | sort | uniq -c
echo "raw output: $out"
