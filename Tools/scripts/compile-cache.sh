#!/usr/bin/env bash
# Runs a build command with the compilation cache (CACHE=1; see Lab/compilation-caching.md):
#
#   compile-cache.sh flags CLONE_DIR        prints the swift flags that turn the cache on
#   compile-cache.sh run BUILD_DIR -- CMD…  runs CMD with the cache ready for BUILD_DIR
#   compile-cache.sh clean                  empties the cache
#
# The cache is a content-addressed store (CAS) the compiler replays compile jobs from, shared
# by every clone of this user: $SWITCHYARD_CACHE_HOME (default
# ${XDG_CACHE_HOME:-~/.cache}/switchyard). A job's key holds absolute paths, so two things
# make a clone at another path hit what another clone stored:
#   - the sources: -scanner-prefix-map maps the folder holding the clone to /^src (the clone's
#     own folder name stays in the key through -package-name, so clones named alike share);
#   - the build folder: every clone builds through one path, $CACHE_HOME/build, a symbolic
#     link that `run` points at the clone's own BUILD_DIR (so each clone keeps its incremental
#     state) while it holds $CACHE_HOME/build.lock: one clone builds at a time.
# A store the compiler cannot read (it crashes the dependency scanner) is moved aside and the
# command runs again on an empty one, compiling everything; the move is said. The store is
# emptied when it outgrows SWITCHYARD_CACHE_LIMIT_MB (default 4096) before a build.
set -euo pipefail

log=""

cache_home="${SWITCHYARD_CACHE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/switchyard}"
cas="$cache_home/cas"
link="$cache_home/build"
limit_mb="${SWITCHYARD_CACHE_LIMIT_MB:-4096}"

fail() { echo "compile-cache: $*" >&2; exit 2; }

# The settings, checked before anything uses them: the flags reach make as words, so a path
# with a space would split; a limit that is not a number would be compared as text.
check_settings() {
  case "$cache_home" in
    *[[:space:]]*) fail "SWITCHYARD_CACHE_HOME ('$cache_home') holds a space, which the build's flags cannot carry; choose a folder without one" ;;
  esac
  [[ "$limit_mb" =~ ^[0-9]{1,9}$ ]] \
    || fail "SWITCHYARD_CACHE_LIMIT_MB must be a whole number of MiB up to 999999999, like 4096; got '$limit_mb'"
}

flags() {
  # The folder holding the clone (its parent), so the clone's own name reads the same in every
  # clone's key; the toolchain's path, for toolchains installed at different places.
  local sources
  sources="$(cd "$1/.." && pwd -P)" || fail "no folder $1"
  # The build link gets a name of its own first: it may lie inside the folder holding the
  # clone (~/.cache beside a clone in ~), where the sources' map would name it after that
  # folder, and the next clone, elsewhere, would not.
  printf '%s\n' --scratch-path "$link" \
    -Xswiftc -explicit-module-build -Xswiftc -cache-compile-job \
    -Xswiftc -cas-path -Xswiftc "$cas" \
    -Xswiftc -scanner-prefix-map -Xswiftc "$link=/^build" \
    -Xswiftc -scanner-prefix-map -Xswiftc "$sources=/^src" \
    -Xswiftc -scanner-prefix-map-toolchain -Xswiftc /^toolchain \
    -Xswiftc -file-compilation-dir -Xswiftc /^src
}

# The store's size on disk in MiB (its index files are sparse: what they hold, not their length).
store_mb() {
  [ -d "$cas" ] || { echo 0; return; }
  du -sm "$cas" | cut -f1
}

# Points the shared build path at this clone's build folder (a new link renamed over the old
# one, so no reader ever sees no link).
point_link() {
  local build_dir="$1"
  mkdir -p "$build_dir"
  local target
  target="$(cd "$build_dir" && pwd -P)"
  ln -sfn "$target" "$link.new.$$"
  mv -T "$link.new.$$" "$link"
}

run() {
  local build_dir="$1"
  shift
  [ "${1:-}" = "--" ] || fail "usage: compile-cache.sh run BUILD_DIR -- COMMAND..."
  shift
  [ $# -gt 0 ] || fail "usage: compile-cache.sh run BUILD_DIR -- COMMAND..."
  command -v flock > /dev/null || fail "flock (util-linux) is needed for CACHE=1; install it, or build with CACHE=0"
  mkdir -p "$cache_home"
  [ ! -e "$link" ] || [ -L "$link" ] \
    || fail "$link is not a symbolic link; move it away (the cache builds through it)"
  # A build run by a command this script runs (a test that runs make, say) cannot wait for the
  # lock its parent holds: it would wait forever.
  if [ -n "${SWITCHYARD_CACHE_HOLDER:-}" ] && [ "${SWITCHYARD_CACHE_HOLDER_HOME:-}" = "$cache_home" ]; then
    fail "this build runs inside another cached build (pid $SWITCHYARD_CACHE_HOLDER), which holds $cache_home/build.lock; run it with CACHE=0 or another SWITCHYARD_CACHE_HOME"
  fi
  exec 8> "$cache_home/build.lock"
  if ! flock -n 8; then
    echo "compile-cache: another build (of this clone or another) is using $link; waiting for it to end..." >&2
    flock 8
  fi
  local size
  size="$(store_mb)"
  if [ "$size" -gt "$limit_mb" ]; then
    echo "compile-cache: the store holds ${size} MiB, over ${limit_mb} MiB; emptying it" >&2
    rm -rf "$cas"
  fi
  point_link "$build_dir"
  echo "compile-cache: on; store $cas ($(store_mb) MiB), build folder $build_dir (through $link); CACHE=0 builds without it" >&2
  export SWITCHYARD_CACHE_HOLDER=$$ SWITCHYARD_CACHE_HOLDER_HOME="$cache_home"
  local status=0
  log="$(mktemp)"
  trap 'rm -f "$log"' EXIT
  "$@" 2>&1 | tee "$log" || status=${PIPESTATUS[0]}
  # A store the compiler cannot read crashes it (the dependency scanner or a job): try once more
  # with the store moved aside; keep it aside only if that build succeeds.
  if [ "$status" -ne 0 ] && [ -d "$cas" ] \
    && grep -qE 'Program crashed|lib_InternalSwiftScan|error: .*(CAS|cas)' "$log"; then
    local aside
    aside="$cas.unreadable-$(date +%Y%m%d%H%M%S)-$$"
    mv "$cas" "$aside"
    echo "compile-cache: the compiler failed reading the store; building again without it (moved to $aside; make clean-cache removes it)" >&2
    status=0
    "$@" || status=$?
    if [ "$status" -ne 0 ]; then
      rm -rf "$cas"
      mv "$aside" "$cas"
      echo "compile-cache: the build fails without the store too, so the store was not the cause; put it back" >&2
    fi
  fi
  return "$status"
}

case "${1:-}" in flags | run | clean) check_settings ;; esac
case "${1:-}" in
  flags) [ $# -eq 2 ] || fail "usage: compile-cache.sh flags CLONE_DIR"; flags "$2" ;;
  run) shift; [ $# -ge 1 ] || fail "usage: compile-cache.sh run BUILD_DIR -- COMMAND..."; run "$@" ;;
  clean)
    exec 8> "$cache_home/build.lock" 2> /dev/null || { echo "compile-cache: nothing to empty ($cache_home)"; exit 0; }
    flock 8
    rm -rf "$cas" "$cas".unreadable-*
    echo "compile-cache: emptied $cas"
    ;;
  *) fail "usage: compile-cache.sh flags CLONE_DIR | run BUILD_DIR -- COMMAND... | clean" ;;
esac
