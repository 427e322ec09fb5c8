#!/usr/bin/env bash
# Which packages' tests `make test` runs: as Tuist's selective testing does, a package's tests
# run only when the content of its folder, or of a package it depends on (its manifest's
# `.package(path:)` lines, followed to the end), changed since its last green run.
#
#   test-selection.sh plan STATE PACKAGE...   one line per package: `run PACKAGE REASON` or
#                                             `skip PACKAGE`; remembers what it saw
#   test-selection.sh record STATE PACKAGE... after a green run: what plan saw is now green
#
# STATE is a folder in the build folder (never in git); a fresh clone has none, so everything
# runs. Tools' tests read the repo's manifests, Makefile and configuration as well as their
# own folder, so those count as Tools' inputs too; a Swift source of an app package does not.
# The toolchain's version counts for every package. SWITCHYARD_TEST_ALL=1 plans every package.
set -euo pipefail

command="${1:-}"
state="${2:-}"
if [ $# -lt 2 ] || { [ "$command" != plan ] && [ "$command" != record ]; }; then
  echo "usage: test-selection.sh plan|record STATE PACKAGE..." >&2
  exit 2
fi
shift 2
# Package paths are relative to the folder make runs in, the repo's root.
repo="$(pwd)"
mkdir -p "$state/pending"

# A file name for a package path: Packages/Clients/ItemsClient -> Packages_Clients_ItemsClient.
slug() {
  local name="${1#./}"
  name="${name%/}"
  [ -n "$name" ] && [ "$name" != . ] || name=workspace
  echo "${name//\//_}"
}

# The packages PACKAGE depends on, by path from the repo's root, read from its manifest.
dependencies_of() {
  local package="$1"
  sed -n 's/.*\.package(path: *"\([^"]*\)").*/\1/p' "$package/Package.swift" 2>/dev/null |
    while read -r relative; do
      (cd "$package/$relative" 2>/dev/null && pwd) | sed "s|^$repo/||"
    done
}

# PACKAGE and everything it depends on, one path a line, sorted.
closure_of() {
  local todo=("$1") seen=""
  while [ ${#todo[@]} -gt 0 ]; do
    local next="${todo[0]}"
    todo=("${todo[@]:1}")
    case " $seen " in *" $next "*) continue ;; esac
    seen="$seen $next"
    local dependency
    while read -r dependency; do
      [ -n "$dependency" ] && todo+=("$dependency")
    done < <(dependencies_of "$next")
  done
  printf '%s\n' $seen | sort
}

# One hash of the files under the paths given (build folders and editor state left out).
hash_of() {
  local files
  files=$(find "$@" -type f -not -path '*/.build*' -not -path '*/.swiftpm/*' 2>/dev/null | sort)
  if [ -z "$files" ]; then
    echo none
    return
  fi
  # shellcheck disable=SC2086
  printf '%s\n' "$files" | tr '\n' '\0' | xargs -0 sha1sum | sha1sum | cut -c1-40
}

# The lines `INPUT HASH` a package's tests depend on.
fingerprint_of() {
  local package="$1" input
  # The toolchain: its driver's size and time (a new toolchain is a new file), not its
  # --version, which takes longer to ask than the rest of the plan.
  local driver
  driver=$(command -v "${SWIFT:-swift}" || echo "${SWIFT:-swift}")
  echo "toolchain $(stat -L -c '%n %s %Y' "$driver" 2>/dev/null || echo unknown)"
  if [ "$(slug "$package")" = Tools ]; then
    # What the tools' tests read beyond their folder: every manifest, the Makefile and the
    # configuration at the root, the lab's make file.
    local manifests
    manifests=$(find . -name Package.swift -not -path '*/.build*' -not -path './Tools/*' | sort)
    # shellcheck disable=SC2086
    echo "manifests $(hash_of $manifests)"
    echo "root $(hash_of Makefile .swift-format .gitattributes .gitignore Lab/lab.mk)"
  fi
  while read -r input; do
    echo "$input $(hash_of "$input")"
  done < <(closure_of "$package")
}

for package in "$@"; do
  name=$(slug "$package")
  package="${package#./}"
  if [ "$command" = record ]; then
    [ -f "$state/pending/$name" ] && mv "$state/pending/$name" "$state/$name"
    continue
  fi
  fingerprint_of "$package" > "$state/pending/$name"
  if [ "${SWITCHYARD_TEST_ALL:-0}" = 1 ]; then
    echo "run $package every package runs (make test-all)"
  elif [ ! -f "$state/$name" ]; then
    echo "run $package no green run recorded"
  elif cmp -s "$state/$name" "$state/pending/$name"; then
    echo "skip $package"
  else
    # diff exits 1 when the files differ, which is the case here.
    changed=$({ diff "$state/$name" "$state/pending/$name" || true; } | sed -n 's/^> \([^ ]*\) .*/\1/p' |
      paste -sd, - | sed 's/,/, /g')
    echo "run $package changed: ${changed:-its inputs}"
  fi
done
