#!/bin/bash
# Issue 27 item 5 (helper fract, 2026-12-02 afternoon): fracture authoring against voro++, interleaved, one sitting.
# Run from the repository root after
#   mvn -o -q -pl tui-console -am package -DskipTests && mvn -o -q -pl plugins/fracture-voronoi -am test-compile
# Per n and repetition, one after another:
#   voro++ -c "%i %n %f"            cells + neighbours + face areas of the same sites (user+sys, peak RSS)
#   step                            the Voronoi step alone (VoronoiTiming N adjacency): process user+sys and the
#                                   computing thread's CPU, and the same JVM making the sites only ("none") to net out
#   cli / cli-1site                 `rubble fracture --source box:half=5,2,1 --sites N --seed 1 --out F.rbc` with the
#                                   JVM flags the rubble script gives `fracture` (-XX:+UseSerialGC -Xms24m), and the
#                                   same with 1 site (JVM start-up, picocli, plugins) to net out
#   cli-c1                          the same with -XX:TieredStopAtLevel=1 added (C1 only: no C2 compilations)
#   cli-threads2                    the same on --threads 2 (wall time; the file must be byte-identical)
#   old (OLD=<dir with rubble-tui-console.jar and lib/>)  an older build the same way with its default flags (G1)
# Usage: benchmarks/results/fracture-pairs.sh [REPS] [N...]     (defaults: 2, 10000 50000; ~4 min idle)
set -u
REPS=${1:-2}; shift || true
NS=${*:-10000 50000}
CP=${CP:-plugins/fracture-voronoi/target/test-classes:plugins/fracture-voronoi/target/classes:geometry/target/classes:spi/target/classes}
NEW=${NEW:-tui-console/target}
T=$(mktemp -d)
BASE=(--add-opens=java.base/java.lang=ALL-UNNAMED -Dchronicle.analytics.disable=true)
FRACTURE="-XX:+UseSerialGC -Xms24m"   # what ./rubble adds for `fracture` (keep in step with the rubble script)
tm() { local tag=$1; shift; /usr/bin/time -f "  $tag user=%U sys=%S wall=%e maxrss_kb=%M" "$@"; }
# cli TAG DIR "JVM FLAGS" ARGS...: the fracture command timed
cli() { local tag=$1 dir=$2 flags=$3; shift 3
  /usr/bin/time -f "  $tag user=%U sys=%S wall=%e maxrss_kb=%M" java "${BASE[@]}" $flags -cp "$dir/rubble-tui-console.jar:$dir/lib/*" \
    dev.rubble.cli.Main fracture --source box:half=5,2,1 --seed 1 "$@"; }
for n in $NS; do
  java -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" none "$T/s$n" > /dev/null
  for rep in $(seq "$REPS"); do
    echo "n=$n rep=$rep load=$(cut -d' ' -f1 /proc/loadavg) $(date -u +%H:%M:%S)"
    tm voro++ voro++ -c "%i %n %f" -5 5 -2 2 -1 1 "$T/s$n" 2>&1
    tm step java -XX:+UseSerialGC -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" adjacency 2>&1 | sed 's/^n=/  step n=/'
    tm step-none java -XX:+UseSerialGC -cp "$CP" dev.rubble.plugin.fracture.voronoi.VoronoiTiming "$n" none 2>&1 | grep user=
    cli cli "$NEW" "$FRACTURE" --sites "$n" --out "$T/new.rbc" 2>&1 | grep -E "user=|built"
    cli cli-1site "$NEW" "$FRACTURE" --sites 1 2>&1 | grep user=
    cli cli-c1 "$NEW" "$FRACTURE -XX:TieredStopAtLevel=1" --sites "$n" --out "$T/c1.rbc" 2>&1 | grep user=
    cli cli-c1-1site "$NEW" "$FRACTURE -XX:TieredStopAtLevel=1" --sites 1 2>&1 | grep user=
    cli cli-threads2 "$NEW" "$FRACTURE" --sites "$n" --threads 2 --out "$T/t2.rbc" 2>&1 | grep -E "user=|built"
    if [ -n "${OLD:-}" ]; then
      cli old "$OLD" "" --sites "$n" --out "$T/old.rbc" 2>&1 | grep -E "user=|built"
      cli old-1site "$OLD" "" --sites 1 2>&1 | grep user=
      cmp -s "$T/old.rbc" "$T/new.rbc" && echo "  old.rbc == new.rbc" || echo "  old.rbc DIFFERS from new.rbc"
    fi
    for f in c1 t2; do cmp -s "$T/$f.rbc" "$T/new.rbc" && echo "  $f.rbc == new.rbc" || echo "  $f.rbc DIFFERS from new.rbc"; done
    echo "  new.rbc sha256 $(sha256sum "$T/new.rbc" | cut -c1-16)"
  done
done
rm -rf "$T"
