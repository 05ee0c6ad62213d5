#!/bin/bash
# Issue 27 item 5, interleaved pairs on one machine (run from the repository root after
#   mvn -o -q -pl tui-console -am package -DskipTests && mvn -o -q -pl plugins/fracture-voronoi,authoring -am test-compile):
#  1. the Voronoi step alone (cells + neighbours + face areas), cold and warm thread CPU, against voro++ on the
#     same sites (voro++ -c "%i %n %f": cells, neighbours, face areas);
#  2. the whole authoring path `rubble fracture --source box:half=5,2,1 --sites N` (fracture, mass properties,
#     face contacts, connection graph): process user+sys and peak RSS, net of the same command with 1 site
#     (JVM, picocli, plugin loading); OLD=<dir with rubble-tui-console.jar and lib/> adds the same for an older build.
# SKIP_STEP=1 runs only the authoring path. BT=<dir with dev/rubble/authoring/BuildTiming.class>. CP=<classpath of VoronoiTiming> and NEW=<dir with rubble-tui-console.jar and lib/> override the build's own.
# Usage: benchmarks/results/voronoi-build-pairs.sh [REPS] [N...]
set -u
REPS=${1:-3}; shift || true
NS=${*:-10000 50000}
CP=${CP:-plugins/fracture-voronoi/target/test-classes:plugins/fracture-voronoi/target/classes:geometry/target/classes:spi/target/classes}
NEW=${NEW:-tui-console/target}
BT=${BT:-authoring/target/test-classes}   # BuildTiming (mvn -pl authoring -am test-compile)
T=$(mktemp -d)
JVM=(--add-opens=java.base/java.lang=ALL-UNNAMED -Dchronicle.analytics.disable=true ${BUILD_JAVA_OPTS:-})
# the rubble command without the script's rebuild check (of its JVM flags only the ones fracture needs)
cli() { local dir=$1; shift; /usr/bin/time -f "  $1 user=%U sys=%S maxrss_kb=%M" java "${JVM[@]}" -cp "$dir/rubble-tui-console.jar:$dir/lib/*" dev.rubble.cli.Main "${@:2}"; }
for n in $NS; do
  java -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n none $T/s$n > /dev/null
  for rep in $(seq $REPS); do
    echo "n=$n rep=$rep load=$(cut -d' ' -f1 /proc/loadavg)"
    /usr/bin/time -f "  voro++ user=%U sys=%S maxrss_kb=%M" voro++ -c "%i %n %f" -5 5 -2 2 -1 1 $T/s$n 2>&1
    if [ "${SKIP_STEP:-}" != 1 ]; then
      /usr/bin/time -f "  voronoi-step-process user=%U sys=%S maxrss_kb=%M" java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n adjacency 2>&1 | sed 's/^/  cold /'
      VORONOI_WARM=3 java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n adjacency 2>&1 | sed 's/^/  warm(3) /'
      /usr/bin/time -f "  voronoi-none user=%U sys=%S maxrss_kb=%M" java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n none 2>&1 | sed 's/^/  /'
    fi
    cli "$NEW" build-new fracture --source box:half=5,2,1 --sites $n --seed 1 2>&1 | grep -E "contacts|edges|built|user=" | sed 's/^/  /'
    cli "$NEW" build-new-1site fracture --source box:half=5,2,1 --sites 1 --seed 1 2>&1 | grep -E "user=" | sed 's/^/  /'
    if [ -n "${OLD:-}" ]; then
      cli "$OLD" build-old fracture --source box:half=5,2,1 --sites $n --seed 1 2>&1 | grep -E "contacts|edges|built|user=" | sed 's/^/  /'
    fi
    # the same authoring path in one thread's CPU time (no JVM start-up, JIT or GC threads), cold and warm
    for w in 0 2; do
      BUILD_WARM=$w java -cp "$BT:$NEW/lib/*" dev.rubble.authoring.BuildTiming $n list 2>&1 | sed 's/^/  build-thread new /'
      if [ -n "${OLD:-}" ]; then
        BUILD_WARM=$w java -cp "$BT:$OLD/lib/*" dev.rubble.authoring.BuildTiming $n search 2>&1 | sed 's/^/  build-thread old /'
      fi
    done
  done
done
rm -rf $T
