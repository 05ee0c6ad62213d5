#!/bin/bash
# Issue 27 item 5 (helper fract3, 2026-12-03): the same build under two JVM flag sets, cold, one JVM per run,
# interleaved (which goes first alternates): the Voronoi step (VoronoiTiming N adjacency; thread CPU, process CPU net of
# the same JVM's "none" run) and the whole `rubble fracture --source box:half=5,2,1 --seed 1 --sites N --out F` command
# (process CPU, peak RSS, and the .rbc's sha256, which must be equal under both).
# Usage: A="flags" B="flags" [CLI=0] benchmarks/results/fracture-flags-ab.sh PAIRS N...   (CLI=0: the step only)
# Run from the repository root after
#   mvn -o -q -pl tui-console -am package -DskipTests && mvn -o -q -pl plugins/fracture-voronoi -am test-compile
set -u
PAIRS=${1:-5}; shift || true
NS=${*:-10000}
CP=plugins/fracture-voronoi/target/test-classes:plugins/fracture-voronoi/target/classes:geometry/target/classes:spi/target/classes
JAR=tui-console/target
BASE=(--add-opens=java.base/java.lang=ALL-UNNAMED -Dchronicle.analytics.disable=true)
: "${A:?set A to the first flag set}" "${B:?set B to the second flag set}"
T=$(mktemp -d)
step() { local flags=$1 n=$2 mode=$3
  /usr/bin/time -f "%U %S" -o "$T/time" java $flags -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" "$mode" > "$T/out" 2>&1
  echo "$(grep -o 'threadCpuMs=[0-9.]*' "$T/out" | cut -d= -f2) $(awk '{printf "%.2f", $1 + $2}' "$T/time")"; }
cli() { local flags=$1 n=$2
  if [ "${CLI:-1}" = 0 ]; then echo "0 0 -"; return; fi
  /usr/bin/time -f "%U %S %M" -o "$T/time" java "${BASE[@]}" $flags -cp "$JAR/rubble-tui-console.jar:$JAR/lib/*" \
    dev.rubble.cli.Main fracture --source box:half=5,2,1 --seed 1 --sites "$n" --out "$T/f.rbc" > "$T/out" 2>&1
  echo "$(awk '{printf "%.2f %d", $1 + $2, $3 / 1024}' "$T/time") $(sha256sum "$T/f.rbc" | cut -c1-16)"; }
echo "A: $A"; echo "B: $B"
for n in $NS; do
  for p in $(seq "$PAIRS"); do
    load=$(cut -d' ' -f1 /proc/loadavg)
    if [ $((p % 2)) -eq 1 ]; then order="A B"; else order="B A"; fi
    line="n=$n pair=$p load=$load $(date -u +%H:%M:%S)"
    for w in $order; do
      flags=$A; [ "$w" = B ] && flags=$B
      read -r thr cpu < <(step "$flags" "$n" adjacency)
      read -r _ cpu0 < <(step "$flags" "$n" none)
      read -r ccpu rss sha < <(cli "$flags" "$n")
      net=$(awk -v a="$cpu" -v b="$cpu0" 'BEGIN{printf "%.2f", a-b}')
      line="$line | $w thread $thr ms net $net s (cpu $cpu none $cpu0) cli $ccpu s ${rss} MB $sha"
      eval "thr_$w=$thr net_$w=$net cli_$w=$ccpu"
    done
    echo "$line | B/A thread $(awk -v a="$thr_B" -v b="$thr_A" 'BEGIN{printf "%.3f", a/b}') net $(awk -v a="$net_B" -v b="$net_A" 'BEGIN{printf "%.3f", a/b}') cli $(awk -v a="$cli_B" -v b="$cli_A" 'BEGIN{printf "%.3f", a/b}')"
  done
done
rm -rf "$T"
