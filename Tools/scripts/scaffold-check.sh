#!/usr/bin/env bash
# `make test-scaffold [NAME=Xyz]`: CONTRIBUTING.md's "Adding a screen" run as written, in a git
# copy of the repo: the commands of its sh blocks, verbatim (with the docs' name replaced by
# NAME when one is given, for a name the repo never saw; several names, NAME="Xyz Abc", add a
# screen each), then checked as a person would:
#   1. the first command (make feature) alone: the App builds with the new screens and no
#      route into or out of them;
#   2. the rest (make route into each): make check, make build and make test pass;
#   3. a demo session opens each new screen by its link and closes it again;
#   4. a route out of each (make route FROM=<new> TO=<the screen that opens it>): built, and
#      the demo goes there and back;
#   5. a tab for each (one line in the tab list): regenerated, built, shown.
# Several screens share each build, check and test: they are added side by side, as a person
# adding two screens would. SWITCHYARD_SCAFFOLD_DOCS_NAME_TOO=1 adds the docs' own name first
# (make test-docs: the docs' name and one the repo never saw).
# The DocC article "Adding a screen" must give the same commands (it is checked to). The copy
# holds the repo's files (tracked and untracked, not ignored) and no build folder, so it also
# shows that a fresh clone scaffolds; it is removed on every exit.
# SWITCHYARD_SCRATCH_COPY=DIR works in DIR instead, a copy an earlier run used: its files are
# put back as they were first (scratch-copy.sh --reuse), its build folders kept, so this run
# builds on the last one's (as a person adding a second screen would); the caller removes it.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
scripts="$repo/Tools/scripts"
step() { echo "==> $*"; }
fail() { echo "test-scaffold: $*" >&2; exit 1; }

# The commands, without comments and blank lines.
commands_of() { "$scripts/doc-blocks.sh" "$@" | sed 's/#.*$//; s/[[:space:]]*$//' | grep -v '^$'; }
documented="$(commands_of "$repo/CONTRIBUTING.md" "## Adding a screen")"
article="$(commands_of "$repo/Docs/Switchyard.docc/AddingAScreen.md" "# Adding a screen")"
[ "$documented" = "$article" ] \
  || fail "CONTRIBUTING.md and Docs/Switchyard.docc/AddingAScreen.md give different commands for adding a screen; make them the same"
docs_name="$(echo "$documented" | sed -n 's/^make feature NAME=\([A-Za-z0-9]*\).*/\1/p' | head -1)"
[ -n "$docs_name" ] || fail "CONTRIBUTING.md's \"Adding a screen\" has no make feature NAME=... command"
# The names to add: NAME's words (make test-scaffold NAME="Xyz Abc"), or the docs' own.
read -ra names <<< "${SWITCHYARD_SCAFFOLD_NAME:-$docs_name}"
[ ${#names[@]} -gt 0 ] || names=("$docs_name")
[ "${SWITCHYARD_SCAFFOLD_DOCS_NAME_TOO:-0}" != 1 ] || names=("$docs_name" "${names[@]}")
for name in "${names[@]}"; do
  [[ "$name" =~ ^[A-Za-z][A-Za-z0-9]*$ ]] \
    || fail "'$name' is not a screen name: letters and digits, starting with a letter, like $docs_name (several: NAME=\"$docs_name Quux\")"
done
lower() { echo "$(echo "${1:0:1}" | tr '[:upper:]' '[:lower:]')${1:1}"; }
docs_case="$(lower "$docs_name")"
# The docs' commands with the name replaced (Piyo and piyo), word by word.
commands_for() {
  echo "$documented" | sed "s/\b$docs_name\b/$1/g; s/\b$docs_case\b/$(lower "$1")/g"
}
from="$(commands_for "$docs_name" | tail -n +2 \
  | sed -n "s/^make route FROM=\([A-Za-z0-9]*\) TO=$docs_name\$/\1/p" | head -1)"
[ -n "$from" ] || fail "the docs add no route into the new screen (make route FROM=X TO=$docs_name)"

if [ -n "${SWITCHYARD_SCRATCH_COPY:-}" ]; then
  work="$("$scripts/scratch-copy.sh" --reuse "$SWITCHYARD_SCRATCH_COPY")" || exit 1
  step "working in the copy an earlier run used, $work, its files as they were first"
else
  work="$("$scripts/scratch-copy.sh" "$repo")"
  trap 'rm -rf "${work%/*}"' EXIT
  step "working in a copy of the repo, $work (a git checkout, as a clone is)"
fi
cd "$work"

run_documented() {
  while IFS= read -r command; do
    step "$command"
    bash -c "$command" || fail "the documented command failed: $command"
  done <<< "$1"
}

for name in "${names[@]}"; do
  run_documented "$(commands_for "$name" | head -1)"
  grep -q "location = \"group:Packages/${name}Feature\"" Switchyard.xcworkspace/contents.xcworkspacedata \
    || fail "make feature did not add $name to Switchyard.xcworkspace"
done
step "make build: the new screens (${names[*]}) with no route in or out"
make build > /dev/null || fail "the App does not build with the new screens alone"

# Every screen of the list, by reducer: a route into the first new screen from each must build
# and pass its tests too (any feature can be FROM, the screen of another's package included).
# Each route builds and records the transcripts, so the other names get the docs' route only.
reducers="$(awk '/: ScreenList \{/ { inside = 1; next } inside && /^  }/ { exit }
  inside && /^ *case [a-z][A-Za-z0-9]*\(/ { sub(/^ *case [a-z][A-Za-z0-9]*\(/, ""); sub(/\).*/, ""); print }' \
  App/Sources/AppFeature/Screens.swift)"
for name in "${names[@]}"; do
  run_documented "$(commands_for "$name" | tail -n +2)"
  if make route FROM="$from" TO="$name" > /dev/null 2>&1; then
    fail "make route added the same route twice"
  fi
  [ "$name" = "${names[0]}" ] || continue
  for reducer in $reducers; do
    [ "$reducer" != "$from" ] && [[ " ${names[*]} " != *" $reducer "* ]] || continue
    step "make route FROM=$reducer TO=$name"
    make route FROM="$reducer" TO="$name" > /dev/null || fail "make route FROM=$reducer TO=$name failed"
  done
done
step "make check"
make check
step "make build"
make build > /dev/null
step "make test"
make test

# The tab the opening screen is in, read from the tree (ItemList's case in the list is items).
tabs="$(awk '/enum Tabs: String, TabList/ { inside = 1; next } inside && /^  }/ { exit }
  inside && /^ *case / { print $2 }' App/Sources/AppFeature/Screens.swift)"
from_case="$(sed -n "s/^ *case \([a-z][A-Za-z0-9]*\)($from)\$/\1/p" App/Sources/AppFeature/Screens.swift | head -1)"
[ -n "$from_case" ] || fail "$from is not in the App's screen list"
# The deep link that opens a new screen from the opening one.
link_to() {
  if grep -qx "$from_case" <<< "$tabs"; then
    echo "$from_case/$(lower "$1")"
  else
    echo "$(echo "$tabs" | head -1)/$from_case/$(lower "$1")"
  fi
}
demo="$(swift build --show-bin-path)/demo"
# A demo session from its input (printf's format and arguments), kept in $session.
run_demo() {
  # shellcheck disable=SC2059
  session="$(printf "$@" | "$demo" --in-memory)" || { echo "$session"; fail "the demo session failed: $1"; }
}
# Fails, printing the session, when it shows no line matching $1 (a grep pattern).
expect_shown() {
  grep -q "$1" <<< "$session" || { echo "$session"; fail "$2"; }
}

for name in "${names[@]}"; do
  link="$(link_to "$name")"
  step "a demo session that opens $name by its link ($link) and closes it"
  run_demo 'signin Ann\ndone\nopen %s\nlink\nback\nquit\n' "$link"
  expect_shown "^» \[.*\] .* > $name\$" "the demo never showed $name on top"
  expect_shown "^Link: $link\$" "the new screen's link was not $link"
  expect_shown "^log: $name closed\$" "closing $name was not logged"
done

for name in "${names[@]}"; do
  step "make route FROM=$name TO=$from: a route out of the new screen"
  make route FROM="$name" TO="$from"
done
make build > /dev/null
for name in "${names[@]}"; do
  run_demo 'signin Ann\ndone\nopen %s\n%s\nback\nquit\n' "$(link_to "$name")" "$from_case"
  expect_shown "> $name > " "the demo never opened $from on top of $name"
done

for name in "${names[@]}"; do
  case_name="$(lower "$name")"
  step "a tab for $name: one line in the App's tab list"
  perl -0pi -e "s/(enum Tabs: String, TabList \{\n)/\$1    case $case_name\n/" \
    App/Sources/AppFeature/Screens.swift
  grep -q "^    case $case_name\$" App/Sources/AppFeature/Screens.swift || fail "the tab line was not added"
done
make generate > /dev/null
make build > /dev/null
for name in "${names[@]}"; do
  case_name="$(lower "$name")"
  run_demo 'signin Ann\ndone\ntab %s\ntabs\nlink\nquit\n' "$case_name"
  expect_shown "^» \[$case_name\] $name\$" "the $name tab did not show $name"
  expect_shown "^Link: $case_name\$" "the $name tab's link was not $case_name"
done

# And back, the documented way: the tab lines out by hand, each screen with make remove-feature,
# which takes out the routes every screen has to it; the tree is then as it was, byte for byte.
for name in "${names[@]}"; do
  perl -0pi -e "s/    case $(lower "$name")\n//" App/Sources/AppFeature/Screens.swift
done
make generate > /dev/null
for name in "${names[@]}"; do
  step "make remove-feature NAME=$name: the new screen removed as the docs say"
  make remove-feature NAME="$name" > /dev/null
done
left="$(git status --porcelain)"
[ -z "$left" ] || { echo "$left"; fail "removing ${names[*]} left the tree different from before they were added"; }
echo "test-scaffold: ${names[*]} added as the docs say, built with no route, routed (${names[0]} from every screen), checked, tested, opened, routed back, made tabs and removed again to the same bytes"
