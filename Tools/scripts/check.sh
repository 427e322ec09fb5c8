#!/bin/sh
# make check: swift-format's lint and the architecture rules (archcheck verify), both
# reported, failing if either failed. A manifest that does not parse is reported once, by
# archcheck, with the compiler's first error: swift-format's parse errors for that same file
# follow from it and are left out.
# Usage: check.sh SWIFT ARCHCHECK SOURCE_DIRS...
swift=$1
archcheck=$2
shift 2
status=0
lint=$("$swift" format lint --strict --recursive --parallel "$@" 2>&1) || status=1
verify=$(sh -c "$archcheck verify" 2>&1) || status=1
# The manifests archcheck found unloadable, one path a line ("Packages/X/Package.swift").
broken=$(printf '%s\n' "$verify" | sed -n 's/^\(.*Package\.swift\):[0-9]*: the manifest does not load.*/\1/p')
printf '%s\n' "$lint" | while IFS= read -r line; do
  [ -n "$line" ] || continue
  skip=0
  for path in $broken; do
    case "$line" in *"$path:"*) skip=1 ;; esac
  done
  [ "$skip" = 1 ] || printf '%s\n' "$line" >&2
done
[ -z "$verify" ] || printf '%s\n' "$verify"
exit $status
