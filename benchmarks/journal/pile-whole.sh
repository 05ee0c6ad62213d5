#!/usr/bin/env bash
# The pile's journal cost as the whole process sees it (docs/benchmarks.md, "Journal cost on the pile, 2026-12-03 fifth
# session"): JournalCostMain's 300-step pile, journal on and off, for two builds and with and without the launcher's
# class-data archive of the libraries (./rubble's, issue 27 item 6), each run a fresh JVM under /usr/bin/time,
# interleaved in rounds whose order rotates. Per run: the process's wall, user and system CPU and minor page faults,
# then JournalCostMain's lines (its phases: JVM start to main, scene, journal create, steps, close; the writer thread's
# CPU per step; per-thread CPU before close).
#   OLD=DIR benchmarks/journal/pile-whole.sh [ROUNDS] [STEPS]
# DIR holds rubble-tui-console.jar and lib/ (NEW, default this worktree's tui-console/target). An archive is made
# once per build in DIR/cds/ the way ./rubble makes its own (the classes a 10-step recorded demo loads, less Rubble's),
# for that build's class path; the harness classes (HARNESS, default cache/target/test-classes) come after the build's
# jars on the class path, so the archive applies. ARCHIVE="no yes" (default) chooses the variants.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
rounds="${1:-4}"; steps="${2:-300}"
old="${OLD:?OLD=DIR of the build to compare against}"
new="${NEW:-$root/tui-console/target}"
source "$root/benchmarks/jvm-flags.sh"  # jvm=(...): the flags the jars need
harness="${HARNESS:-$root/cache/target/test-classes}"
work="$(mktemp -d /tmp/rubble-pile-whole.XXXXXX)"
trap 'rm -rf "$work"' EXIT
dir_of() { if [ "$1" = new ]; then echo "$new"; else echo "$old"; fi; }
archive_of() { # ./rubble's recipe, for the build in $1
  local d="$1" jsa="$1/cds/pile-whole.jsa"
  if [ ! -s "$jsa" ] || [ "$d/rubble-tui-console.jar" -nt "$jsa" ] || [ -n "$(find "$d/lib" -newer "$jsa" -print -quit)" ]; then
    rm -f "$jsa" # a stale archive (the build is newer) is refused by -Xshare:on
    mkdir -p "$d/cds"
    java "${jvm[@]}" -XX:DumpLoadedClassList="$work/loaded.classlist" -cp "$d/rubble-tui-console.jar:$d/lib/*" \
      dev.rubble.cli.Main demo --steps 10 --headless --journal "$work/train" >/dev/null 2>&1
    grep -v 'dev/rubble/' "$work/loaded.classlist" > "$work/libraries.classlist"
    java -Xshare:dump -XX:SharedClassListFile="$work/libraries.classlist" -XX:SharedArchiveFile="$jsa" \
      -cp "$d/rubble-tui-console.jar:$d/lib/*" >/dev/null 2>&1
    rm -rf "$work/train" "$work"/*.classlist
  fi
  echo "$jsa"
}
variants=()
for a in ${ARCHIVE:-no yes}; do for b in old new; do for m in on off; do variants+=("$b $m $a"); done; done; done
for a in ${ARCHIVE:-no yes}; do [ "$a" = yes ] && { archive_of "$old" >/dev/null; archive_of "$new" >/dev/null; }; done
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1); old $old, new $new"
n=${#variants[@]}
for r in $(seq 1 "$rounds"); do
  for k in $(seq 0 $((n - 1))); do
    set -- ${variants[$(( (k + r - 1) % n ))]}
    d=$(dir_of "$1"); cds=(); [ "$3" = yes ] && cds=(-XX:SharedArchiveFile="$(archive_of "$d")" -Xshare:on)
    rm -rf "$work/j"; l=$(cut -d' ' -f1 /proc/loadavg)
    out=$(/usr/bin/time -f "TIME %e %U %S %R" -o "$work/time" java "${jvm[@]}" "${cds[@]}" -cp "$d/rubble-tui-console.jar:$d/lib/*:$harness" \
      dev.rubble.cache.journal.JournalCostMain "$2" "$steps" "$work/j" 2>/dev/null | grep journal | tr '\n' ' ')
    t=$(awk '/^TIME/ { printf "process wall %.2f s, user %.2f s, sys %.2f s, minflt %d", $2, $3, $4, $5 }' "$work/time")
    echo "round $r $1 $2 archive $3 load $l: $t; $out"
  done
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
