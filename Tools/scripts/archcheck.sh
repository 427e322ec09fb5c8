#!/usr/bin/env bash
# archcheck.sh ARGS...: runs archcheck with ARGS, as `swift run --package-path Tools archcheck`
# does, but without asking SwiftPM first when the built tool is newer than every file of its
# sources and manifest: what runs before every build (the layout guard) then costs
# milliseconds, not the second SwiftPM takes to find nothing to build.
set -euo pipefail
tools="$(cd "$(dirname "$0")/.." && pwd)"
tool="$tools/.build/debug/archcheck"
if [ -x "$tool" ] &&
  [ -z "$(find "$tools/Sources" "$tools/Package.swift" -newer "$tool" -print 2> /dev/null | head -1)" ]; then
  exec "$tool" "$@"
fi
exec "${SWIFT:-swift}" run --quiet --package-path "$tools" archcheck "$@"
