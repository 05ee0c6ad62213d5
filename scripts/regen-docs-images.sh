#!/usr/bin/env bash
# Every picture in docs/images/ is made by this script from the current code, and the script records
# what each was made from, so that a stale picture is found by a test and not by a reader
# (issue 28 item 9).
#
#   scripts/regen-docs-images.sh                 make every image (several minutes: the demo runs 300 steps)
#   scripts/regen-docs-images.sh NAME...         make only these (e.g. demo-sheet.png wall-levels.png)
#   scripts/regen-docs-images.sh --status        no rendering: list the images whose inputs changed since they
#                                                were made, or that were edited by hand; exit 1 if any
#   scripts/regen-docs-images.sh --stale         make only the images --status lists
#
# An image's fingerprint is the SHA-256 of the function below that makes it, of every input file it
# names (scenario, mesh, its INPUTS line) and of the files every picture depends on (COMMON: the PNG
# renderer's sources, the render command, and the golden per-step state hashes, which change whenever
# the simulation of the bench scenes or the demo changes). docs/images/FINGERPRINTS records, per image,
# the fingerprint it was made with and the SHA-256 of the image file itself. DocsImagesTest runs
# --status in the default build (a second: nothing is simulated). What it cannot see: an engine change
# that alters a scene without golden hashes (statue, joints, stress, unions) and leaves every golden
# hash alone; `--stale` after such a change, or a full run before a release, covers that.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out=docs/images
record=$out/FINGERPRINTS
demo=tui-console/src/main/resources/dev/rubble/cli/demo.json

# image -> input files (besides COMMON); every image in docs/images has a line here and a make_ function
declare -A INPUTS=(
  [wall-pieces.png]=""
  [wall-levels.png]=""
  [clusters-level1.png]=""
  [demo-camera.png]="$demo"
  [demo-sheet.png]="$demo"
  [demo.gif]="$demo"
  [demo-impact-sheet.png]="$demo"
  [demo-impact-side.png]="$demo"
  [demo-tower-sheet.png]="tui-console/src/main/resources/dev/rubble/cli/demo-tower.json"
  [joints-sheet.png]="examples/joints.json"
  [stress-wall-hole-sheet.png]="examples/stress/wall-hole.json"
  [stress-tower-sheet.png]="examples/stress/tower.json"
  [stress-frame-sheet.png]="examples/stress/frame.json examples/collections/frame.json"
  [union-bridge-sheet.png]="examples/union-bridge.json"
  [statue-fractured.png]="examples/meshes/statue.obj"
  [statue-exploded.png]="examples/meshes/statue.obj"
  [statue-noisy-planes.png]="examples/meshes/statue.obj"
  [statue-sheet.png]="examples/statue.json examples/meshes/statue.rbc"
  [statue-cluster-hulls-sheet.png]="examples/statue.json examples/meshes/statue.obj"
  [viewer.png]="$demo integration-tests/src/test/java/dev/rubble/it/ViewerInBrowserTest.java viewer/src/main/resources/dev/rubble/viewer/web/viewer.js viewer/src/main/resources/dev/rubble/viewer/web/viewer.css viewer/src/main/resources/dev/rubble/viewer/web/index.html"
  [mesh-noisy-slice.png]=""
  [statue-cutters.png]="examples/meshes/statue.obj"
  [statue-noisy-voronoi.png]="examples/meshes/statue.obj"
  [stress-color-wall-sheet.png]="examples/stress/wall-hole.json"
  [soft-on-terrain-sheet.png]="examples/soft-on-terrain.json"
)
COMMON=(tui-console/src/main/java/dev/rubble/cli/RenderCommand.java integration-tests/src/test/resources/golden)
COMMON_DIRS=(plugins/render-png/src/main)

rubble() { "$root/rubble" "$@"; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
scratch() { echo "$work"; }
demo_journal() { # the demo's journal, run once per invocation
  local w; w="$(scratch)"
  [ -d "$w/demo" ] || rubble demo --journal "$w/demo" >/dev/null
  echo "$w/demo"
}

make_wall_pieces() {
  local w; w="$(scratch)"
  rubble fracture --source box:half=1,0.5,0.2 --sites 80 --seed 1 --out "$w/wall.rbc" >/dev/null
  rubble render "$w/wall.rbc" --color piece --size 640x360 --option overlay=false --out "$1"
}
make_wall_levels() {
  local w; w="$(scratch)"
  rubble fracture --source box:half=1,0.5,0.2 --sites 12 --levels 2 --chance 0.5 --option 2:count=8 --seed 1 \
      --out "$w/levels.rbc" >/dev/null
  # --option color=level: the leaves' own level colours (--color level on a collection colours its clusters)
  rubble render "$w/levels.rbc" --option color=level --size 640x360 --out "$1"
}
make_clusters_level1() { # render x.rbc --color level: each leaf in its level-1 cluster's colour, a swatch per cluster
  local w; w="$(scratch)"
  rubble fracture --source box:half=1,0.5,0.1 --sites 8 --levels 2 --seed 5 --out "$w/clusters.rbc" >/dev/null
  rubble render "$w/clusters.rbc" --color level --camera 0,0,3.2:0,0,0:40 --size 640x360 --out "$1"
}
make_demo_camera() {
  rubble render "$demo" --frames 45 --size 640x360 --color state --camera 7,9,16:0,5,0:45 --out "$1"
}
make_demo_sheet() {
  rubble render "$demo" --renderer sheet --frames 0:120:8 --size 240x135 --color piece --out "$1"
}
make_demo_gif() {
  rubble render "$demo" --renderer gif --frames 0:150:3 --size 240x135 --option delay=60 --out "$1"
}
make_demo_impact_sheet() {
  rubble render "$(demo_journal)" --renderer sheet --out "$1"
}
make_demo_impact_side() {
  rubble render "$(demo_journal)" --frames 299:299:1 --camera 9,3,0:0,2.5,0:50 --size 640x360 --out "$1"
}
make_demo_tower_sheet() {
  local w; w="$(scratch)"
  rubble demo --scene tower --journal "$w/tower" >/dev/null
  rubble render "$w/tower" --renderer sheet --out "$1"
}
make_soft_on_terrain_sheet() {
  rubble render examples/soft-on-terrain.json --renderer sheet --out "$1"
}
make_joints_sheet() {
  rubble render examples/joints.json --renderer sheet --out "$1"
}
make_stress_wall_hole_sheet() {
  rubble render examples/stress/wall-hole.json --renderer sheet --out "$1"
}
make_stress_tower_sheet() {
  rubble render examples/stress/tower.json --renderer sheet --out "$1"
}
make_union_bridge_sheet() {
  rubble render examples/union-bridge.json --renderer sheet --frames 0:150:10 --camera 7,3.5,-6:0,1,0 --out "$1"
}
make_statue_fractured() { # the fracture command's preview (960 x 540)
  local w; w="$(scratch)"
  rubble fracture --source examples/meshes/statue.obj --sites 40 --seed 1 --out "$w/statue.rbc" --preview "$1" >/dev/null
}
make_statue_exploded() {
  local w; w="$(scratch)"
  rubble fracture --source examples/meshes/statue.obj --sites 40 --seed 1 --explode 0.5 --out "$w/statue-x.rbc" \
      --preview "$1" >/dev/null
}
make_statue_noisy_planes() {
  local w; w="$(scratch)"
  rubble fracture --source examples/meshes/statue.obj --cut-planes 8 --noise 0.025,4,3 --seed 2 --explode 0.6 \
      --out "$w/noisy.rbc" --preview "$1" >/dev/null
}
make_statue_sheet() {
  rubble render examples/statue.json --renderer sheet --frames 0:150:15 --size 480x300 \
      --camera 3.2,2.2,3.2:0,1,0:45 --color piece --out "$1"
}
make_statue_cluster_hulls_sheet() { # the statue scene with each cluster colliding with at most 4 proxy hulls
  local w; w="$(scratch)"
  rubble fracture --source examples/meshes/statue.obj --sites 40 --seed 1 --cluster-hulls 4 --out "$w/statue-p4.rbc" >/dev/null
  sed 's#"meshes/statue.rbc"#"statue-p4.rbc"#' examples/statue.json > "$w/statue-p4.json"
  rubble render "$w/statue-p4.json" --renderer sheet --frames 0:150:15 --size 480x300 \
      --camera 3.2,2.2,3.2:0,1,0:45 --color piece --out "$1"
}
cube_obj() { # FILE HALF: an axis-aligned cube of half extent HALF about the origin, eight corners and six quads
  local h="$2"
  printf 'v -%s -%s -%s\nv %s -%s -%s\nv %s %s -%s\nv -%s %s -%s\nv -%s -%s %s\nv %s -%s %s\nv %s %s %s\nv -%s %s %s\n' \
      "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" "$h" > "$1"
  printf 'f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 4 8 7 3\nf 1 5 8 4\nf 2 3 7 6\n' >> "$1"
}
make_mesh_noisy_slice() { # a 2 m cube sliced once with noise, pulled apart
  local w; w="$(scratch)"
  cube_obj "$w/cube2.obj" 1
  rubble fracture --source "$w/cube2.obj" --method slice --option x=1 --option y=0 --option z=0 \
      --noise 0.12,1.2,3 --noise-spacing 0.04 --explode 1.5 --out "$w/slice.rbc" --preview "$1" >/dev/null
}
make_statue_cutters() { # five unit-cube cutters through the statue
  local w; w="$(scratch)"
  cube_obj "$w/cube1.obj" 0.5
  rubble fracture --source examples/meshes/statue.obj --cutters 5 --cutter-mesh "$w/cube1.obj" --cutter-scale 0.25,0.4 \
      --seed 5 --explode 0.8 --out "$w/cutters.rbc" --preview "$1" >/dev/null
}
make_statue_noisy_voronoi() {
  local w; w="$(scratch)"
  rubble fracture --source examples/meshes/statue.obj --sites 40 --seed 1 --noise 0.03,3,3 --explode 0.5 \
      --out "$w/noisy-voronoi.rbc" --preview "$1" >/dev/null
}
make_stress_color_wall_sheet() {
  rubble render examples/stress/wall-hole.json --color stress --renderer sheet --frames 19:22:1 --size 320x180 \
      --camera 0,1.6,6.5:0,1.4,0:45 --out "$1"
}
make_stress_frame_sheet() {
  rubble render examples/stress/frame.json --color stress --renderer sheet --frames 0:105:15 --size 320x200 \
      --camera 18,9,16:3.3,4,1.8 --out "$1"
}
make_viewer() { # the browser test takes it (Chromium and chromedriver: .ci/run installs them)
  (cd "$root" && mvn -q -B ${MAVEN_REPO_LOCAL:+-Dmaven.repo.local=$MAVEN_REPO_LOCAL} -pl integration-tests -am test \
      -Dtest=ViewerInBrowserTest -Dsurefire.failIfNoSpecifiedTests=false -Drubble.viewer.screenshot="$1") >&2
}

fn_of() { local n="${1%.png}"; n="${n//./_}"; echo "make_${n//-/_}"; }

fingerprint() { # image name -> SHA-256 of its recipe and inputs
  local name="$1" f
  {
    declare -f "$(fn_of "$name")"
    declare -f demo_journal
    for f in ${INPUTS[$name]} "${COMMON[@]}"; do
      if [ -d "$f" ]; then find "$f" -type f | LC_ALL=C sort | xargs sha256sum; else sha256sum "$f"; fi
    done
    for f in "${COMMON_DIRS[@]}"; do find "$f" -type f | LC_ALL=C sort | xargs sha256sum; done
  } | sha256sum | cut -d' ' -f1
}

status() { # prints one line per image that is not current; returns 1 if any
  local bad=0 name line fp sum
  for name in $(printf '%s\n' "${!INPUTS[@]}" | LC_ALL=C sort); do
    line="$(awk -v n="$name" '$3 == n' "$record" 2>/dev/null || true)"
    if [ ! -f "$out/$name" ]; then echo "missing: $name"; bad=1; continue; fi
    if [ -z "$line" ]; then echo "unrecorded: $name (no line in $record)"; bad=1; continue; fi
    fp="$(fingerprint "$name")"
    sum="$(sha256sum "$out/$name" | cut -d' ' -f1)"
    if [ "$(echo "$line" | awk '{print $1}')" != "$fp" ]; then
      echo "stale: $name (its recipe or inputs changed since it was made)"; bad=1
    elif [ "$(echo "$line" | awk '{print $2}')" != "$sum" ]; then
      echo "edited: $name (the file is not the one this script made)"; bad=1
    fi
  done
  for f in "$out"/*; do
    name="$(basename "$f")"
    [ "$name" = FINGERPRINTS ] && continue
    if [ -z "${INPUTS[$name]+x}" ]; then echo "unlisted: $name (not made by scripts/regen-docs-images.sh)"; bad=1; fi
  done
  return $bad
}

make_image() {
  local name="$1" fn tmp
  fn="$(fn_of "$name")"
  [ -n "${INPUTS[$name]+x}" ] || { echo "unknown image '$name'; allowed: ${!INPUTS[*]}" >&2; exit 2; }
  tmp="$(scratch)/$name"
  echo "making $name" >&2
  "$fn" "$tmp"
  mv "$tmp" "$out/$name"
  local line
  line="$(fingerprint "$name")  $(sha256sum "$out/$name" | cut -d' ' -f1)  $name"
  ( # one writer at a time: two invocations may run side by side
    flock 9
    touch "$record"
    { awk -v n="$name" '$3 != n' "$record"; echo "$line"; } | LC_ALL=C sort -k3 > "$work/record"
    cat "$work/record" > "$record"
  ) 9>"${TMPDIR:-/tmp}/rubble-regen-docs-images.lock"
}

case "${1:-}" in
  --status)
    if status; then echo "docs/images: all $(printf '%s\n' "${!INPUTS[@]}" | wc -l) images current"; else
      echo "run scripts/regen-docs-images.sh --stale to make them again" >&2; exit 1; fi ;;
  --stale)
    for name in $(status | sed -n 's/^\(stale\|edited\|missing\|unrecorded\): \([^ ]*\).*/\2/p'); do make_image "$name"; done ;;
  --list)
    printf '%s\n' "${!INPUTS[@]}" | LC_ALL=C sort ;;
  -h|--help)
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//' ;;
  "")
    for name in $(printf '%s\n' "${!INPUTS[@]}" | LC_ALL=C sort); do make_image "$name"; done ;;
  *)
    for name in "$@"; do make_image "$name"; done ;;
esac
