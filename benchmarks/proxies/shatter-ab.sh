#!/usr/bin/env bash
# Issue 27 item 1: interleaved A/B pairs of the budgets-on shatter bench (hulls, warm JVM, 200 steps, stage
# times in stepping-thread CPU) between two builds' tui-console/target directories (copy one aside first:
# cp -r tui-console/target /tmp/old-target). Per run one line: the cpu median/p99/max, the state hash, the
# steps from the break step on above 16 ms, and steps 3-5 (CPU ms, bytes allocated, step 4's slots).
# Per-step files go to ${OUT:-/tmp}/ab-LABEL-R.tsv. Usage: benchmarks/proxies/shatter-ab.sh N labelA dirA labelB dirB
n=${1:-}; la=${2:-}; da=${3:-}; lb=${4:-}; lb_d=${5:-}
case "$n" in ''|*[!0-9]*|0) echo "shatter-ab: N '$n' must be a positive integer; usage: shatter-ab.sh N labelA dirA labelB dirB" >&2; exit 2 ;; esac
for d in "$da" "$lb_d"; do
  if [ ! -f "$d/rubble-tui-console.jar" ]; then
    echo "shatter-ab: '$d' must be a directory holding rubble-tui-console.jar and lib/ (a copy of tui-console/target)" >&2; exit 2
  fi
done
# the JVM flags every ./rubble command shares, read from the launcher so the two cannot drift apart
root="$(cd "$(dirname "$0")/../.." && pwd)"
jvm=($(sed -n '/^jvm=(/,/)$/p' "$root/rubble" | tr -d '()' | sed 's/^jvm=//') -Drubble.stageClock=cpu)
one() {
  local lab=$1 d=$2 r=$3
  local tsv=${OUT:-/tmp}/ab-$lab-$r.tsv
  local load=$(cut -d' ' -f1 /proc/loadavg)
  out=$(cd "$root" && java "${jvm[@]}" -cp "$d/rubble-tui-console.jar:$d/lib/*" dev.rubble.cli.Main bench shatter --budgets on --steps 200 --warmup 2 --per-step $tsv 2>&1 | head -2)
  hash=$(echo "$out" | grep -o 'state_hash=[0-9a-f]*')
  cpu=$(echo "$out" | sed -n 2p | grep -o 'median_ms=[0-9.]* p99_ms=[0-9.]* max_ms=[0-9.]*')
  awk -F'\t' -v lab=$lab -v r=$r -v load=$load -v hash="$hash" -v cpu="$cpu" 'NR==1{for(i=1;i<=NF;i++)n[$i]=i;next} $1>=2{if($2>16)o++} $1==3{s3=$2; a3=$4} $1==4{s4=$2;a4=$4;np=$n["narrowphase_ms"];so=$n["solve_ms"];de=$n["destruction_ms"]} $1==5{s5=$2}
     END{printf "%s r%s load=%s %s %s over16=%d step3=%.2f(alloc %d) step4=%.2f(alloc %d np %.2f solve %.2f destr %.2f) step5=%.2f\n",lab,r,load,cpu,hash,o,s3,a3,s4,a4,np,so,de,s5}' $tsv
}
for r in $(seq 1 $n); do one $la $da $r; one $lb $lb_d $r; done
