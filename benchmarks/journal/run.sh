#!/usr/bin/env bash
# Journal cost (issue 27 item 6; docs/benchmarks.md, "Journal cost (issue 27 item 6)"), each run a fresh JVM,
# journal off and on interleaved:
#   pile  - the all-awake 4 000-box bench pile, 300 steps (JournalCostMain, cache test classes; PILE_MODES, default
#           "off on": on = the command line's write-behind journal, sync = appended on the stepping thread): stepping-thread
#           CPU per step (steps 20..300), the journal's own CPU per step, bytes per step, peak RSS, and the whole
#           run's stepping-thread and process CPU with the journal's creation and close
#   demo  - `rubble demo --steps 150 --headless` with and without --journal: whole-process wall, CPU (user+sys), peak RSS;
#           through the ./rubble launcher (as users run it, with its class-data archive of the libraries; RUBBLE_CDS=0 runs without) unless JAR_DIR or
#           CACHE_CLASSES name another build
#   wall  - the demo's wall through JournalCostMain (WALL_MODES, default "off on"), 150 steps: the stepping thread's
#           CPU for the whole recording (create, steps, close) beside the process's
#   bake  - `rubble bake sweep24.json --workers 1` (24 variants of the bake bench's 500-piece wall, 30 steps,
#           a journal each; there is no journal-off bake): wall, process CPU, the variants' own CPU
#
#   benchmarks/journal/run.sh [ROUNDS] [pile|demo|bake ...]      (default 3 rounds, all three)
#
# JAR_DIR (default tui-console/target: rubble-tui-console.jar + lib/), COST_CLASSES (default cache/target/test-classes)
# and CACHE_CLASSES (put first on the class path) let two builds be compared side by side. Build first:
#   mvn -q -B -DskipTests package -pl tui-console,cache -am
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-3}"; shift || true
what=("$@"); [ ${#what[@]} -eq 0 ] && what=(pile demo bake)
jar_dir="${JAR_DIR:-$root/tui-console/target}"
cost="${COST_CLASSES:-$root/cache/target/test-classes}"
cp="${CACHE_CLASSES:+$CACHE_CLASSES:}$jar_dir/rubble-tui-console.jar:$jar_dir/lib/*"
work="$(mktemp -d /tmp/rubble-journal-bench.XXXXXX)"
trap 'rm -rf "$work"' EXIT
source "$root/benchmarks/jvm-flags.sh"  # jvm=(...): the flags the jars need
load() { cut -d' ' -f1 /proc/loadavg; }
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1); class path $cp"
for w in "${what[@]}"; do
  if [ "$w" = bake ]; then
    cp "$here/sweep24.json" "$root/benchmarks/bake/wall500.json" "$work/"
    java "${jvm[@]}" -cp "$cp" dev.rubble.cli.Main fracture --source box:half=5,2.5,0.25 --levels 2 \
      --option 1:count=20 --option 2:count=25 --seed 1 --out "$work/wall500.rbc" >/dev/null
  fi
done
for r in $(seq 1 "$rounds"); do
  for w in "${what[@]}"; do
    case "$w" in
      pile)
        for m in ${PILE_MODES:-off on}; do
          rm -rf "$work/p"; l=$(load)
          echo "pile round $r load $l: $(java "${jvm[@]}" -cp "$cost:$cp" dev.rubble.cache.journal.JournalCostMain $m 300 "$work/p" 2>/dev/null | grep journal | tr '\n' ' ')"
        done ;;
      wall)
        for m in ${WALL_MODES:-off on}; do
          rm -rf "$work/w"; l=$(load)
          echo "wall round $r load $l: $(java "${jvm[@]}" -cp "$cost:$cp" dev.rubble.cache.journal.JournalCostMain $m 150 "$work/w" wall 2>/dev/null | grep journal | tr '\n' ' ')"
        done ;;
      demo)
        for m in off on; do
          rm -rf "$work/d"; l=$(load); extra=(); [ $m = on ] && extra=(--journal "$work/d")
          if [ -z "${JAR_DIR:-}" ] && [ -z "${CACHE_CLASSES:-}" ]; then # the command as users run it (the launcher, its CDS archive)
            "$root/rubble" --version >/dev/null 2>&1 # builds and prepares the archive outside the timing
            /usr/bin/time -f "%e %U %S %M" -o "$work/time" "$root/rubble" demo --steps 150 --headless "${extra[@]}" >/dev/null 2>&1
          else
            /usr/bin/time -f "%e %U %S %M" -o "$work/time" java "${jvm[@]}" -cp "$cp" dev.rubble.cli.Main demo --steps 150 \
              --headless "${extra[@]}" >/dev/null 2>&1
          fi
          awk -v r="$r" -v m="$m" -v l="$l" '{ printf "demo round %d journal %-3s load %s: wall %.2f s, cpu %.2f s (user %.2f, sys %.2f), peak RSS %d MB\n",
            r, m, l, $1, $2 + $3, $2, $3, $4 / 1024 }' "$work/time"
        done ;;
      bake)
        rm -rf "$work/b"; l=$(load)
        /usr/bin/time -f "%e %U %S %M" -o "$work/time" java "${jvm[@]}" -cp "$cp" dev.rubble.cli.Main bake "$work/sweep24.json" \
          --out "$work/b" --workers 1 >/dev/null 2>&1
        v=$(grep -o '"cpuMs":[0-9.]*' "$work/b/manifest.jsonl" | cut -d: -f2 | awk '{ s += $1 } END { printf "%.2f", s / 1000 }')
        awk -v r="$r" -v l="$l" -v v="$v" '{ printf "bake round %d load %s: 24 variants, wall %.2f s, process cpu %.2f s, variants cpu %s s, peak RSS %d MB\n",
          r, l, $1, $2 + $3, v, $4 / 1024 }' "$work/time" ;;
    esac
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
