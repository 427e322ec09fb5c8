#!/usr/bin/env bash
# layout-guard.sh BUILD_DIR -- ARCHCHECK...: run before the root workspace builds into BUILD_DIR
# (make build, run, dev, test and the lab). ARCHCHECK is the command that runs archcheck; this
# runs `ARCHCHECK layout-guard BUILD_DIR`.
#
# The driver's incremental build (Swift 6.3) keeps a file's object when a type it only holds
# by value gains, loses or changes a stored property, a case, a class member or a protocol
# requirement (swiftlang/swift#60706; across modules #89636): the object keeps the old layout,
# and the demo crashed opening a link after `Hoge.State` gained a property
# (Lab/stale-layout-repro). archcheck layout-guard compares each module's declarations (what a
# layout is made of or inferred from: everything but function and accessor bodies) with the
# record of the last build in BUILD_DIR and marks every file of a changed module, and of every
# module built on it, to compile again. A body edit marks nothing.
#
# archcheck rescans only the files whose size, time or inode changed since its last look (as
# SwiftPM's build compares them), so a build with nothing changed costs it a few milliseconds.
# When it cannot compare (a manifest that does not load), the build stops here with its
# message: a build that may link stale objects is never started.
set -euo pipefail

build_dir="${1:-}"
[ -n "$build_dir" ] && [ "${2:-}" = "--" ] && [ $# -gt 2 ] || {
  echo "usage: layout-guard.sh BUILD_DIR -- ARCHCHECK..." >&2
  exit 2
}
shift 2
"$@" layout-guard "$build_dir" >&2 || {
  echo "layout-guard: cannot compare the layouts of the types built in $build_dir (above); fix that, then build again" >&2
  exit 1
}
