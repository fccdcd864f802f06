#!/usr/bin/env bash
# pathkit's online JPS and JPS+ beside Warthog's JPS (B+P) and JPS+ (B+P) ("jps2", "jps2+") on the
# same scenario files: per-map median time per query, the ratio pathkit/Warthog, and the time to
# build the JPS+ tables. See README.md in this folder. Not part of CI.
#
# usage: bench/warthog/run.sh WARTHOG_BUILD [ROUNDS] [MOVINGAI]
#
#   WARTHOG_BUILD  a CMake Release build of warthog-jps (holds `warthog-jps`, its static
#                  libraries and CMakeCache.txt, which names the source folder)
#   ROUNDS         processes of each engine per map and algorithm (default 5)
#   MOVINGAI       the Moving AI set (default ../shared/movingai from the workspace root)
#
# Environment: MAPS (space-separated map names, default the eight of the comparison),
# PATHKIT_SCEN_TIMES (a built `scen_times` example to use instead of building one),
# OUT (folder for the raw per-query files, default a new temporary folder),
# CPU (the core every measured process is pinned to, default 1).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

warthog_build="$(cd "${1:?usage: run.sh WARTHOG_BUILD [ROUNDS] [MOVINGAI]}" && pwd)"
rounds="${2:-5}"
movingai="$(cd "${3:-$root/../shared/movingai}" && pwd)"
maps="${MAPS:-den520d AcrosstheCape NewYork_0_1024 maze512-32-0 Berlin_1_256 brc202d maze512-1-0 random512-40-0}"
cpu="${CPU:-1}"
out="${OUT:-$(mktemp -d)}"
mkdir -p "$out"

warthog="$warthog_build/warthog-jps"
[ -x "$warthog" ] || { echo "no warthog-jps in $warthog_build" >&2; exit 2; }
src="$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$warthog_build/CMakeCache.txt")"
[ -d "$src/include/jps" ] || { echo "no warthog-jps sources at '$src' (from CMakeCache.txt)" >&2; exit 2; }
core_src="$src/extern/warthog-core"
[ -d "$core_src/include/warthog" ] || core_src="$(find "$warthog_build/_deps" -maxdepth 1 -name 'warthog-core-src' | head -n1)"

# Warthog's preprocessing timer: our own driver over Warthog's headers and libraries.
g++ -O3 -DNDEBUG -std=gnu++20 \
  -I"$src/include" -I"$core_src/include" -I"$warthog_build/extern/warthog-core/include" \
  "$here/build_time.cpp" \
  "$warthog_build/libwarthog_libjps.a" "$(find "$warthog_build" -name libwarthog_core.a | head -n1)" \
  -o "$out/warthog_build_time"

# pathkit's per-query timer.
if [ -n "${PATHKIT_SCEN_TIMES:-}" ]; then
  scen_times="$PATHKIT_SCEN_TIMES"
else
  (cd "$root" && cargo build --quiet --release -p pathkit-games --example scen_times)
  scen_times="${CARGO_TARGET_DIR:-$root/target}/release/examples/scen_times"
fi

{
  echo "date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "warthog-jps: $src ($(git -C "$src" rev-parse HEAD 2>/dev/null || echo "not a git checkout: see README.md for the commits"))"
  echo "pathkit: $(git -C "$root" rev-parse --short HEAD) $(git -C "$root" status --porcelain --untracked-files=no | grep -q . && echo '(with local changes)')"
  echo "rounds: $rounds, pinned to CPU $cpu, load before: $(cut -d' ' -f1-3 /proc/loadavg)"
} > "$out/about.txt"

pin() { taskset -c "$cpu" "$@"; }

for r in $(seq 1 "$rounds"); do
  for m in $maps; do
    scen="$movingai/$m.map.scen"
    map="$movingai/$m.map"
    # Alternate which engine goes first, so neither always follows the other.
    if [ $((r % 2)) -eq 1 ]; then order="warthog pathkit"; else order="pathkit warthog"; fi
    for alg in jps jps-plus; do
      for engine in $order; do
        if [ "$engine" = warthog ]; then
          w_alg=jps2; [ "$alg" = jps-plus ] && w_alg=jps2+
          pin "$warthog" --alg "$w_alg" --scen "$scen" --map "$map" --checkopt \
            > "$out/warthog.$alg.$m.$r.tsv" 2> /dev/null
        else
          pin "$scen_times" "$alg" "$map" "$scen" > "$out/pathkit.$alg.$m.$r.tsv"
        fi
      done
    done
    pin "$out/warthog_build_time" "$map" > "$out/warthog.build.$m.$r.txt"
  done
  echo "round $r of $rounds done" >&2
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)" >> "$out/about.txt"

cat "$out/about.txt"
echo "raw files: $out"
python3 "$here/summarize.py" "$out" $maps
