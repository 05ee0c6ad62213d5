#!/bin/bash
# Issue 27 item 5 (helper fract2, 2026-12-03): the Voronoi step, cold, one JVM per run, an older build's plugin
# classes (OLDCP) against this checkout's, interleaved (which goes first alternates), with the flags `rubble fracture`
# runs with. Per run: the computing thread's CPU (threadCpuMs) and the process's user+sys; each pair also runs the
# same JVM with mode "none" (start-up and site generation only) so the process CPU can be netted of start-up.
# Usage: OLDCP=dir-with-old-classes:dir-with-old-test-classes benchmarks/results/fracture-ab-cold.sh PAIRS N...
# Run from the repository root after `mvn -o -q -pl plugins/fracture-voronoi -am test-compile`.
set -u
PAIRS=${1:-5}; shift || true
NS=${*:-10000}
LIBS=geometry/target/classes:spi/target/classes
NEWCP=plugins/fracture-voronoi/target/test-classes:plugins/fracture-voronoi/target/classes:$LIBS
OLDCP=${OLDCP:?set OLDCP to the old build\'s plugin classes and test classes}:$LIBS
FRACTURE=${FRACTURE:-"-XX:+UseSerialGC -Xms256m -Xmn32m -XX:TieredStopAtLevel=1"}   # what ./rubble adds for `fracture`
T=$(mktemp -d)
one() { local tag=$1 cp=$2 n=$3 mode=$4
  /usr/bin/time -f "%U %S" -o "$T/time" java $FRACTURE -cp "$cp" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" "$mode" > "$T/out" 2>&1
  local thr cpu; thr=$(grep -o 'threadCpuMs=[0-9.]*' "$T/out" | cut -d= -f2); cpu=$(awk '{printf "%.2f", $1 + $2}' "$T/time")
  echo "$tag $thr $cpu"; }
for n in $NS; do
  for p in $(seq "$PAIRS"); do
    load=$(cut -d' ' -f1 /proc/loadavg)
    if [ $((p % 2)) -eq 1 ]; then order="old new"; else order="new old"; fi
    line="n=$n pair=$p load=$load $(date -u +%H:%M:%S)"
    for w in $order; do
      cp=$NEWCP; [ "$w" = old ] && cp=$OLDCP
      read -r _ thr cpu < <(one "$w" "$cp" "$n" adjacency)
      read -r _ _ cpu0 < <(one "$w" "$cp" "$n" none)
      line="$line | $w thread ${thr} ms cpu ${cpu} s none ${cpu0} s net $(awk -v a="$cpu" -v b="$cpu0" 'BEGIN{printf "%.2f", a-b}') s"
      eval "thr_$w=$thr net_$w=$(awk -v a="$cpu" -v b="$cpu0" 'BEGIN{printf "%.2f", a-b}')"
    done
    echo "$line | new/old thread $(awk -v a="$thr_new" -v b="$thr_old" 'BEGIN{printf "%.3f", a/b}') net $(awk -v a="$net_new" -v b="$net_old" 'BEGIN{printf "%.3f", a/b}')"
  done
done
rm -rf "$T"
