#!/usr/bin/env bash
# Journal hand-off (docs/benchmarks.md, "Journal hand-off, 2026-12-03 fourth session"): the 300-step pile
# (JournalCostMain) journal on and off, for two builds side by side, each run a fresh JVM, interleaved in
# rounds whose order rotates (round 1: old on, old off, new on, new off; round 2 starts one later, ...).
#   OLD=DIR NEW=DIR benchmarks/journal/handoff-ab.sh [ROUNDS] [STEPS]
# DIR holds rubble-tui-console.jar and lib/; NEW defaults to this worktree's build (tui-console/target). Both run
# this worktree's JournalCostMain (HARNESS, default cache/target/test-classes; against an older build it prints
# no write-behind counters), so both report the same figures, among them the stepping thread's wall less the
# time it waited for a core (other jobs on the shared machine). Prints one line per run: build, mode, load,
# then JournalCostMain's own lines.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-6}"; steps="${2:-300}"
old="${OLD:?OLD=DIR of the build to compare against}"
source "$root/benchmarks/jvm-flags.sh"  # jvm=(...): the flags the jars need
harness="${HARNESS:-$root/cache/target/test-classes}"
cp_of() {
  local d; if [ "$1" = new ]; then d="${NEW:-$root/tui-console/target}"; else d="$old"; fi
  echo "$harness:$d/rubble-tui-console.jar:$d/lib/*"
}
work="$(mktemp -d /tmp/rubble-handoff.XXXXXX)"
trap 'rm -rf "$work"' EXIT
runs=("old on" "old off" "new on" "new off")
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1); old $old, new ${NEW:-$root}"
for r in $(seq 1 "$rounds"); do
  for k in 0 1 2 3; do
    set -- ${runs[$(( (k + r - 1) % 4 ))]}
    rm -rf "$work/j"; l=$(cut -d' ' -f1 /proc/loadavg)
    out=$(java "${jvm[@]}" -cp "$(cp_of "$1")" dev.rubble.cache.journal.JournalCostMain "$2" "$steps" "$work/j" 2>/dev/null | grep journal | tr '\n' ' ')
    echo "round $r $1 $2 load $l: $out"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
