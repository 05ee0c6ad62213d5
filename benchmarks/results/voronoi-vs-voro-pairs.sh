#!/bin/bash
# interleaved pairs: rubble (cold JVM, cells + adjacency) vs voro++ (cells + neighbours + face areas)
CP=$(cat /tmp/fr/fullcp)
cd /work/wt/fracture
for n in 10000 50000; do
 for rep in 1 2 3; do
  echo "n=$n rep=$rep load=$(cut -d' ' -f1 /proc/loadavg)"
  /usr/bin/time -f "  rubble-process user=%U sys=%S maxrss_kb=%M" java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n adjacency 2>&1 | sed 's/^/  /'
  /usr/bin/time -f "  voro++ user=%U sys=%S maxrss_kb=%M" voro++ -c "%i %n %f" -5 5 -2 2 -1 1 /tmp/fr/s$(($n/1000))k 2>&1
  /usr/bin/time -f "  jvm-none user=%U sys=%S maxrss_kb=%M" java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n none 2>&1 | sed 's/^/  /'
  echo "  warm(3) load=$(cut -d' ' -f1 /proc/loadavg)"; VORONOI_WARM=3 java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming $n adjacency 2>&1 | sed 's/^/  /'
 done
done
for rep in 1 2; do
  echo "before n=10000 rep=$rep load=$(cut -d' ' -f1 /proc/loadavg)"
  /usr/bin/time -f "  before-process user=%U sys=%S maxrss_kb=%M" java -XX:+UseSerialGC -cp $CP dev.rubble.plugin.fracture.voronoi.VoronoiTiming 10000 before 2>&1 | sed 's/^/  /'
  /usr/bin/time -f "  voro++ user=%U sys=%S maxrss_kb=%M" voro++ -c "%i %n %f" -5 5 -2 2 -1 1 /tmp/fr/s10k 2>&1
done
