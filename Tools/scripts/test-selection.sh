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
# runs (but the packages SWITCHYARD_AS_CLONED names, below). Tools' tests read a few files of
# the repo beyond their own folder (tools_repo_files, below), which count as Tools' inputs too;
# the suite that checks a copy of the whole repo runs in make test-all only.
# The toolchain's version counts for every package. SWITCHYARD_TEST_ALL=1 plans every package.
#
# SWITCHYARD_AS_CLONED names packages whose tests a fresh clone leaves to make test-all (the
# Tools: the template's own machinery, which CI tests on every change, not the app). With no
# run recorded, and none of the files its tests read changed from git's HEAD, such a package is
# `skip PACKAGE as-cloned`, and what plan saw becomes its baseline: a later change to those
# files runs its tests, and their green run replaces the baseline. Outside a git checkout, or
# with any of those files changed, it runs as any package does.
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

# The files beyond their folder that the tools' tests read: the Makefile and the lab's make
# file it includes (MakefileTests and the make test suites run it), the format configuration
# (ScaffolderTests lints with it) and the sources the demo's command words are read from
# (ScaffolderTests). MergeTests, which copies the whole repo, runs in make test-all only.
tools_repo_files=(Makefile Lab/lab.mk .swift-format
  Packages/Core/Sources/CoreConsole/ConsoleSession.swift App/Sources/AppFeature/AppRouterView.swift)

# The lines `INPUT HASH` a package's tests depend on.
fingerprint_of() {
  local package="$1" input
  # The toolchain: its driver's size and time (a new toolchain is a new file), not its
  # --version, which takes longer to ask than the rest of the plan.
  local driver
  driver=$(command -v "${SWIFT:-swift}" || echo "${SWIFT:-swift}")
  echo "toolchain $(stat -L -c '%n %s %Y' "$driver" 2>/dev/null || echo unknown)"
  if [ "$(slug "$package")" = Tools ]; then
    echo "repo-files $(hash_of "${tools_repo_files[@]}")"
  fi
  while read -r input; do
    echo "$input $(hash_of "$input")"
  done < <(closure_of "$package")
}

# Whether PACKAGE is one SWITCHYARD_AS_CLONED names.
as_cloned() {
  local listed
  for listed in ${SWITCHYARD_AS_CLONED:-}; do
    [ "${listed#./}" != "$1" ] || return 0
  done
  return 1
}

# Whether every file PACKAGE's tests read is as git's HEAD has it: nothing edited, added or
# deleted. False outside a git checkout, or when git cannot tell.
as_committed() {
  local package="$1" paths changes
  paths=$(closure_of "$package")
  # shellcheck disable=SC2206
  local pathspecs=($paths)
  if [ "$(slug "$package")" = Tools ]; then
    pathspecs+=("${tools_repo_files[@]}")
  fi
  changes=$(git -C "$repo" status --porcelain --untracked-files=all -- "${pathspecs[@]}" \
    2> /dev/null) || return 1
  [ -z "$changes" ]
}

for package in "$@"; do
  name=$(slug "$package")
  package="${package#./}"
  if [ "$command" = record ]; then
    if [ -f "$state/pending/$name" ]; then
      mv "$state/pending/$name" "$state/$name"
      rm -f "$state/$name.as-cloned"
    fi
    continue
  fi
  fingerprint_of "$package" > "$state/pending/$name"
  if [ "${SWITCHYARD_TEST_ALL:-0}" = 1 ]; then
    echo "run $package every package runs (make test-all)"
  elif [ ! -f "$state/$name" ] && as_cloned "$package" && as_committed "$package"; then
    cp "$state/pending/$name" "$state/$name"
    : > "$state/$name.as-cloned"
    echo "skip $package as-cloned"
  elif [ ! -f "$state/$name" ]; then
    echo "run $package no green run recorded"
  elif cmp -s "$state/$name" "$state/pending/$name"; then
    if [ -f "$state/$name.as-cloned" ]; then
      echo "skip $package as-cloned"
    else
      echo "skip $package"
    fi
  else
    # diff exits 1 when the files differ, which is the case here.
    changed=$({ diff "$state/$name" "$state/pending/$name" || true; } | sed -n 's/^> \([^ ]*\) .*/\1/p' |
      paste -sd, - | sed 's/,/, /g')
    echo "run $package changed: ${changed:-its inputs}"
  fi
done
