#!/usr/bin/env bash
# Which packages' tests `make test` runs: as Tuist's selective testing does, a package's tests
# run only when the content of its folder, or of a package it depends on (its manifest's
# `.package(path:)` lines, followed to the end), or a file of the repo its tests read, changed
# since its last green run.
#
#   test-selection.sh plan STATE RUN PACKAGE...   one line per package: `run PACKAGE REASON` or
#                                                 `skip PACKAGE`; what it saw goes into RUN
#   test-selection.sh record STATE RUN PACKAGE... after a green run: what plan saw in RUN is
#                                                 now green, if nothing changed since
#
# STATE is a folder in the build folder (never in git); a fresh clone has none, so everything
# runs (but the packages SWITCHYARD_AS_CLONED names, below). RUN is a folder of one `make test`
# alone (test-packages.sh makes it): two runs side by side (an editor's test-on-save beside a
# terminal) never see each other's plans. A package planned twice in one RUN keeps its first
# plan: what is recorded is what was tested.
#
# Exact, never a green that was not tested: record writes a package's fingerprint into STATE
# (a temporary file renamed over the old, so a reader sees the old or the new, never half)
# only when its inputs are what plan saw: the same content (files added or deleted included), and
# no input file newer than the plan (an edit undone while the tests ran still counts as a change). Otherwise it
# prints `not-recorded PACKAGE INPUTS` and the next run tests it again. A record that is missing
# or damaged only makes a package run.
#
# The files a package's tests read beyond its folders are derived from its test sources: each
# `RepoFiles.file("PATH")` (the one way those tests reach a file of the repo) names one, and
# a make file among them brings the files it includes.
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
run="${3:-}"
if [ $# -lt 3 ] || [ -z "$state" ] || [ ! -d "$run" ] ||
  { [ "$command" != plan ] && [ "$command" != record ]; }; then
  echo "usage: test-selection.sh plan|record STATE RUN PACKAGE... (RUN: an existing folder of this run's own)" >&2
  exit 2
fi
shift 3
# Package paths are relative to the folder make runs in, the repo's root.
repo="$(pwd)"
mkdir -p "$state"
# When this run's plan began: an input newer than this was changed while the tests ran.
[ -f "$run/.planned" ] || : > "$run/.planned"

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
  files=$({ find "$@" -type f -not -path '*/.build*' -not -path '*/.swiftpm/*' \
    -not -name Package.resolved 2>/dev/null || true; } | sort)
  if [ -z "$files" ]; then
    echo none
    return
  fi
  # shellcheck disable=SC2086
  printf '%s\n' "$files" | tr '\n' '\0' | xargs -0 sha1sum | sha1sum | cut -c1-40
}

# The files of the repo a package's tests read beyond its folders, one a line: each path in a
# `RepoFiles.file("PATH")` of its test sources (comment lines left out) that is a file or folder
# of the repo, and what a make file among them includes (`include` and `-include` lines,
# `$(REPO)/` taken as the repo's root). A path that is not there (a fixture's, written into a
# sandbox) is none of the repo's.
read_files_of() {
  local package="$1" file included
  [ -d "$package/Tests" ] || return 0
  { grep -rhE 'RepoFiles\.file\("[^"]+"\)' "$package/Tests" 2> /dev/null || true; } |
    { grep -vE '^[[:space:]]*//' || true; } |
    { grep -oE 'RepoFiles\.file\("[^"]+"\)' || true; } |
    sed 's/^RepoFiles\.file("\(.*\)")$/\1/' | LC_ALL=C sort -u |
    while read -r file; do
      [ -e "$repo/$file" ] || continue
      echo "$file"
      case "$file" in
        Makefile | *.mk)
          sed -n 's|^-\{0,1\}include  *\$(REPO)/||p; s|^-\{0,1\}include  *\([^$ ][^ ]*\)$|\1|p' \
            "$repo/$file" 2> /dev/null |
            while read -r included; do echo "$included"; done
          ;;
      esac
    done | LC_ALL=C sort -u
}

# The lines `INPUT HASH` a package's tests depend on.
fingerprint_of() {
  local package="$1" input
  # The toolchain: its driver's size and time (a new toolchain is a new file), not its
  # --version, which takes longer to ask than the rest of the plan.
  local driver
  driver=$(command -v "${SWIFT:-swift}" || echo "${SWIFT:-swift}")
  echo "toolchain $(stat -L -c '%n %s %Y' "$driver" 2>/dev/null || echo unknown)"
  local read_files
  read_files=$(read_files_of "$package")
  if [ -n "$read_files" ]; then
    # shellcheck disable=SC2086
    echo "repo-files $(hash_of $read_files)"
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
  local pathspecs=($paths $(read_files_of "$package"))
  changes=$(git -C "$repo" status --porcelain --untracked-files=all -- "${pathspecs[@]}" \
    2> /dev/null) || return 1
  [ -z "$changes" ]
}

# Every input folder and file of PACKAGE, for `find`: its closure and the files it reads.
inputs_of() {
  closure_of "$1"
  read_files_of "$1"
}

# Writes FILE's new content (standard input) whole or not at all: a temporary file renamed
# over it, so a run reading it at the same time sees the old or the new.
write_atomically() {
  local target="$1" temporary
  temporary=$(mktemp "$target.XXXXXX")
  cat > "$temporary"
  mv -f "$temporary" "$target"
}

for package in "$@"; do
  name=$(slug "$package")
  package="${package#./}"
  if [ "$command" = record ]; then
    [ -f "$run/$name" ] || continue
    # Files only: a folder's own time changes when the build makes its .build beside the sources.
    # A file added or deleted changes the content fingerprint below.
    # shellcheck disable=SC2046
    newer=$({ find $(inputs_of "$package") -type f -newer "$run/.planned" -not -path '*/.build*' \
      -not -path '*/.swiftpm/*' -not -name Package.resolved -print 2> /dev/null || true; } |
      sed -n '1,3p' | paste -sd, - | sed 's/,/, /g')
    if [ -n "$newer" ] || ! fingerprint_of "$package" | cmp -s - "$run/$name"; then
      echo "not-recorded $package ${newer:-its inputs}"
      continue
    fi
    write_atomically "$state/$name" < "$run/$name"
    rm -f "$state/$name.as-cloned"
    continue
  fi
  # Planned already in this run: the first plan stands, so what is recorded is what was tested.
  if [ -f "$run/$name.verdict" ]; then
    cat "$run/$name.verdict"
    continue
  fi
  fingerprint_of "$package" > "$run/$name"
  if [ "${SWITCHYARD_TEST_ALL:-0}" = 1 ]; then
    verdict="run $package every package runs (make test-all)"
  elif [ ! -f "$state/$name" ] && as_cloned "$package" && as_committed "$package"; then
    write_atomically "$state/$name" < "$run/$name"
    : > "$state/$name.as-cloned"
    verdict="skip $package as-cloned"
  elif [ ! -f "$state/$name" ]; then
    verdict="run $package no green run recorded"
  elif cmp -s "$state/$name" "$run/$name"; then
    if [ -f "$state/$name.as-cloned" ]; then
      verdict="skip $package as-cloned"
    else
      verdict="skip $package"
    fi
  else
    # diff exits 1 when the files differ, which is the case here.
    changed=$({ diff "$state/$name" "$run/$name" || true; } | sed -n 's/^> \([^ ]*\) .*/\1/p' |
      paste -sd, - | sed 's/,/, /g')
    verdict="run $package changed: ${changed:-its inputs}"
  fi
  echo "$verdict" | tee "$run/$name.verdict"
done
