#!/usr/bin/env bash
# Issue 27 item 4 / done-when "debris": the shattered wall's 10 000 leaf hulls at the peak (step 4 of
# `rubble bench shatter`), stepped by Rubble (the same loose hulls as plain bodies) and Jolt in
# interleaved pairs, one fresh JVM each, stepping-thread CPU per step (PeerMain's cpu line), the load
# average before each run. Usage:
#   benchmarks/proxies/shatter-jolt-pairs.sh [PAIRS] [STEPS] [RUBBLE_CMD] [PEERS_DIR]
# PEERS_DIR holds rubble-benchmarks-peers.jar and lib/ (default benchmarks/peers/target, built by
# `mvn -Pbench -DskipTests package -pl benchmarks/peers -am`). SCENE=wall (environment) takes the wall
# bench's released hulls instead (`rubble bench wall --debris-out`, WRITER_STEPS steps, default 200).
set -u
cd "$(dirname "$0")/../.."
pairs=${1:-2}; steps=${2:-30}; rubble=${3:-./rubble}; peers=${4:-benchmarks/peers/target}
ts=$(date -u +%Y%m%dT%H%MZ)
scene=${SCENE:-shatter}
out=benchmarks/results/$scene-jolt-pairs-$ts.txt
debris=${DEBRIS:-/tmp/$scene-debris-$ts.json}
writer_steps=${WRITER_STEPS:-$([ "$scene" = shatter ] && echo 10 || echo 200)}
cp="$peers/rubble-benchmarks-peers.jar:$peers/lib/*"
{
  echo "# $scene-jolt-pairs $ts, $(nproc) cores, $(java -version 2>&1 | head -1), pairs=$pairs steps=$steps"
  [ -f "$debris" ] || $rubble bench "$scene" --budgets off --steps "$writer_steps" --debris-out "$debris" | sed -u 's/^/writer /'
  for i in $(seq 1 "$pairs"); do
    for e in rubble jolt; do
      echo "# pair $i $e $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)"
      java -Xms1g -Xmx4g -cp "$cp" dev.rubble.bench.peers.PeerMain "$e" debris "$debris" --steps "$steps" | sed -u "s/^/$e /"
    done
  done
  echo "# done $(date -u +%H:%M:%S) load: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out" 2>&1
