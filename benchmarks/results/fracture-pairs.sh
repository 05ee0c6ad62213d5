#!/bin/bash
# Issue 27 item 5 (helper fract, 2026-12-02): fracture authoring against voro++, interleaved, one sitting.
# Run from the repository root after
#   mvn -o -q -pl tui-console -am package -DskipTests && mvn -o -q -pl plugins/fracture-voronoi -am test-compile
# Per n and repetition, one after another:
#   voro++ -c "%i %n %f"            cells + neighbours + face areas of the same sites (user+sys, peak RSS)
#   step / step-none                the Voronoi step alone (VoronoiTiming N adjacency) with the JVM flags `rubble
#                                   fracture` runs with (FRACTURE below: C1 only): the computing thread's CPU and the
#                                   process's user+sys, and the same JVM making the sites only ("none") to net out
#   step-c2 / step-c2-none          the same with the JVM's default tiered compilation (C1 then C2)
#   cli / cli-1site                 `rubble fracture --source box:half=5,2,1 --sites N --seed 1 --out F.rbc` with the
#                                   flags the rubble script gives `fracture`, and the same with 1 site (JVM start-up,
#                                   picocli, plugins) to net out
#   cli-c2 / cli-c2-1site           the same with C2 (the flags before this change: -XX:+UseSerialGC -Xms24m)
#   old (OLD=<dir with rubble-tui-console.jar and lib/>)  an older build the same way with FRACTURE_OLD flags
# Each repetition ends with the ratios to voro++ of the step (process net of "none", and thread CPU).
# "Net of JVM start-up" = minus a run of the same JVM, flags and classes that does everything but the work: the JVM's
# start, class loading, picocli and plugins are excluded; the JIT's compiler threads and the GC during the work are
# included (they are part of what the work costs).
# Usage: benchmarks/results/fracture-pairs.sh [REPS] [N...]     (defaults: 3, 10000 50000; ~3 min idle)
set -u
REPS=${1:-3}; shift || true
NS=${*:-10000 50000}
CP=${CP:-plugins/fracture-voronoi/target/test-classes:plugins/fracture-voronoi/target/classes:geometry/target/classes:spi/target/classes}
NEW=${NEW:-tui-console/target}
T=$(mktemp -d)
BASE=(--add-opens=java.base/java.lang=ALL-UNNAMED -Dchronicle.analytics.disable=true)
FRACTURE="-XX:+UseSerialGC -Xms256m -Xmn32m -XX:TieredStopAtLevel=1"   # what ./rubble adds for `fracture` (keep in step)
FRACTURE_C2="-XX:+UseSerialGC -Xms24m"
FRACTURE_OLD=${FRACTURE_OLD:-$FRACTURE_C2}
# run TAG CMD...: prints "  TAG cpu=<user+sys s> wall=.. maxrss_kb=.." and any "threadCpuMs=" of the command
run() { local tag=$1; shift
  /usr/bin/time -f "  $tag user=%U sys=%S wall=%e maxrss_kb=%M" -o "$T/time" "$@" > "$T/out" 2>&1
  local thr; thr=$(grep -o 'threadCpuMs=[0-9.]*' "$T/out" | cut -d= -f2)
  grep -E "built|pieces=" "$T/out" | sed 's/^/    /'
  awk -v thr="${thr:-}" '{for(i=1;i<=NF;i++){split($i,kv,"="); if(kv[1]=="user")u=kv[2]; if(kv[1]=="sys")s=kv[2]}
    printf "%s cpu=%.2f%s\n", $0, u+s, (thr==""?"":" threadCpuMs=" thr)}' "$T/time" | tee -a "$T/log"; }
cpu() { grep "^  $1 " "$T/log" | tail -1 | grep -o 'cpu=[0-9.]*' | cut -d= -f2; }
thr() { grep "^  $1 " "$T/log" | tail -1 | grep -o 'threadCpuMs=[0-9.]*' | cut -d= -f2; }
cli() { local tag=$1 dir=$2 flags=$3; shift 3
  run "$tag" java "${BASE[@]}" $flags -cp "$dir/rubble-tui-console.jar:$dir/lib/*" \
    dev.rubble.cli.Main fracture --source box:half=5,2,1 --seed 1 "$@"; }
for n in $NS; do
  java -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" none "$T/s$n" > /dev/null
  for rep in $(seq "$REPS"); do
    echo "n=$n rep=$rep load=$(cut -d' ' -f1 /proc/loadavg) $(date -u +%H:%M:%S)"
    run voro++ voro++ -c "%i %n %f" -5 5 -2 2 -1 1 "$T/s$n"
    run step java $FRACTURE -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" adjacency
    run step-none java $FRACTURE -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" none
    run step-c2 java $FRACTURE_C2 -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" adjacency
    run step-c2-none java $FRACTURE_C2 -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" none
    cli cli "$NEW" "$FRACTURE" --sites "$n" --out "$T/new.rbc"
    cli cli-1site "$NEW" "$FRACTURE" --sites 1
    cli cli-c2 "$NEW" "$FRACTURE_C2" --sites "$n" --out "$T/c2.rbc"
    cli cli-c2-1site "$NEW" "$FRACTURE_C2" --sites 1
    if [ -n "${OLD:-}" ]; then
      cli old "$OLD" "$FRACTURE_OLD" --sites "$n" --out "$T/old.rbc"
      cli old-1site "$OLD" "$FRACTURE_OLD" --sites 1
      cmp -s "$T/old.rbc" "$T/new.rbc" && echo "  old.rbc == new.rbc" || echo "  old.rbc DIFFERS from new.rbc"
    fi
    cmp -s "$T/c2.rbc" "$T/new.rbc" && echo "  c2.rbc == new.rbc" || echo "  c2.rbc DIFFERS from new.rbc"
    echo "  new.rbc sha256 $(sha256sum "$T/new.rbc" | cut -c1-16)"
    awk -v v="$(cpu voro++)" -v s="$(cpu step)" -v s0="$(cpu step-none)" -v t="$(thr step)" \
        -v c="$(cpu step-c2)" -v c0="$(cpu step-c2-none)" -v tc="$(thr step-c2)" \
        -v k="$(cpu cli)" -v k0="$(cpu cli-1site)" -v kc="$(cpu cli-c2)" -v kc0="$(cpu cli-c2-1site)" 'BEGIN {
      printf "  RATIO n='"$n"' voro++ %.2f s | step (C1) net %.2f s = %.2fx, thread %.2f s = %.2fx | step (C2) net %.2f s = %.2fx, thread %.2f s = %.2fx | cli net C1 %.2f s, C2 %.2f s\n",
        v, s - s0, (s - s0) / v, t / 1000, t / 1000 / v, c - c0, (c - c0) / v, tc / 1000, tc / 1000 / v, k - k0, kc - kc0 }'
  done
done
rm -rf "$T"
