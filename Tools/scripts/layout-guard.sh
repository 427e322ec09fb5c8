#!/usr/bin/env bash
# layout-guard.sh BUILD_DIR -- COMMAND...: run before the root workspace builds into BUILD_DIR.
# Runs COMMAND (archcheck touch-dependents) when the screens changed since the last build there
# by something other than make feature, make route or make remove-feature: a git checkout,
# pull, merge, reset or stash that adds, removes or routes screens.
#
# Those change the layout of values the App holds (a screen list's case, a route's case)
# without changing the text of the App's files, and SwiftPM's incremental build (Swift 6.3)
# then keeps the App's old objects: the demo built after `git checkout` brought back a removed
# feature crashed in `DemoExit.saveSession`. The scaffolders mark the App's files as changed
# themselves (DependentSources); this catches the same change made any other way.
#
# What counts: the packages there are (every Package.swift under Packages/), App/Package.swift
# and every generated file (the screen code and the case paths, which the routes shape). Their
# checksum is kept in BUILD_DIR/switchyard-layout. A build folder without one, but with a build
# in it, is treated as changed once; an empty one just records it.
set -euo pipefail

build_dir="${1:-}"
[ -n "$build_dir" ] && [ "${2:-}" = "--" ] && [ $# -gt 2 ] || {
  echo "usage: layout-guard.sh BUILD_DIR -- COMMAND..." >&2
  exit 2
}
shift 2
record="$build_dir/switchyard-layout"

# The files that decide the layout, in a fixed order; build folders are not the repo's.
layout_files() {
  local folders=()
  for folder in Packages App; do [ ! -d "$folder" ] || folders+=("$folder"); done
  [ ${#folders[@]} -gt 0 ] || return 0
  find "${folders[@]}" -name .build -prune -o -name '.build-*' -prune -o \
    \( -name Package.swift -o -name '*.generated.swift' \) -type f -print0 | LC_ALL=C sort -z
}
# A file that goes between the listing and the reading (another make, an editor) just changes
# the checksum; it never stops the build.
fingerprint="$(
  layout_files | tr '\0' '\n' || true
  layout_files | xargs -0 -r cat 2> /dev/null || true
)"
fingerprint="$(printf '%s' "$fingerprint" | cksum)"

if [ -f "$record" ] && [ "$(cat "$record")" = "$fingerprint" ]; then
  exit 0
fi
# A first build has nothing stale to mark.
# When marking fails (a manifest archcheck cannot read), the build goes on and says so; the
# next one tries again, as nothing is recorded.
if [ -f "$record" ] || [ -d "$build_dir/debug" ] || [ -d "$build_dir/release" ]; then
  echo "layout-guard: the screens changed since the last build in $build_dir, not through make feature, route or remove-feature" >&2
  "$@" >&2 || {
    echo "layout-guard: the screens changed, but the App's files could not be marked to compile again; if the demo crashes after this build, run make clean" >&2
    exit 0
  }
fi
mkdir -p "$build_dir"
printf '%s\n' "$fingerprint" > "$record.new"
mv "$record.new" "$record"
