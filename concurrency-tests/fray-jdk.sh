#!/usr/bin/env bash
# Gives Fray (the controlled-concurrency tester, https://github.com/cmu-pasta/fray) the JDK 25 it instruments, at $1.
#
# Fray's prepare step runs `jlink --module-path=<jdk>/jmods --add-modules=ALL-MODULE-PATH` with its instrumenting
# plugin to build an instrumented JDK 25 (and would download Corretto 25 when given none: not possible here, the
# network reaches Maven Central only). Temurin 25 and other JEP 493 builds ship without jmods and link from their
# run-time image instead, which jlink allows for every module but jdk.jlink itself. So when the JDK 25 found has
# no jmods, $1 becomes a JDK home of links to it whose bin/jlink hands jlink the run-time image's module list
# (without jdk.jlink and jdk.jpackage, which an instrumented test JDK does not need) instead of the jmods.
#
# The JDK 25 is $JDK25_HOME if set, else the first /usr/lib/jvm/*/ whose release file says JAVA_VERSION="25.
# Exit 3 (and one line) when there is none.
set -euo pipefail
out="$1"
jdk="${JDK25_HOME:-}"
if [ -z "$jdk" ]; then
  for d in /usr/lib/jvm/*/; do
    if [ -f "$d/release" ] && grep -q '^JAVA_VERSION="25' "$d/release" && [ -x "$d/bin/jlink" ]; then jdk="${d%/}"; break; fi
  done
fi
if [ -z "$jdk" ] || [ ! -x "$jdk/bin/jlink" ]; then
  echo "fray-jdk.sh: no JDK 25 with jlink found (set JDK25_HOME); Fray's tests need one" >&2
  exit 3
fi
rm -rf "$out"
if [ -d "$jdk/jmods" ]; then
  ln -s "$jdk" "$out"
  exit 0
fi
mkdir -p "$out/bin"
for f in "$jdk"/*; do [ "$(basename "$f")" = bin ] || ln -s "$f" "$out/"; done
for f in "$jdk"/bin/*; do [ "$(basename "$f")" = jlink ] || ln -s "$f" "$out/bin/"; done
mods=$("$jdk/bin/java" --list-modules | sed 's/@.*//' | grep -v -x -e jdk.jlink -e jdk.jpackage | paste -sd, -)
cat > "$out/bin/jlink" <<JLINK
#!/usr/bin/env bash
# written by concurrency-tests/fray-jdk.sh: jlink of $jdk's run-time image (it has no jmods)
args=()
for a in "\$@"; do
  case "\$a" in
    --add-modules=ALL-MODULE-PATH) args+=("--add-modules=$mods") ;;
    --module-path=*/jmods) ;;
    *) args+=("\$a") ;;
  esac
done
exec "$jdk/bin/jlink" "\${args[@]}"
JLINK
chmod +x "$out/bin/jlink"
