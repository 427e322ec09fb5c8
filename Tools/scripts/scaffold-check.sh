#!/usr/bin/env bash
# `make test-scaffold`: adds a screen the way ARCHITECTURE.md tells a newcomer to, in a copy of
# the repo, and checks the wired App, not stub files:
#   1. make feature NAME=Piyo (the package, its line in the App's screen list, Xcode's
#      workspace listing it);
#   2. make route FROM=Hoge TO=Piyo (the route case, action, reducer case, view command and a
#      TestStore test in Hoge), and make route FROM=Piyo TO=Hoge (a route out of the new
#      screen, which starts with none);
#   3. make check (rules, lint, generated code current);
#   4. PiyoFeature's and HogeFeature's own tests, then the App built with Piyo wired in;
#   5. a demo session that opens Piyo from Hoge, Hoge from Piyo, closes them again, and
#      opens Piyo by its link;
#   6. a tab for Piyo, one line in the App's tab list: regenerated, built, shown.
# The copy holds the repo's files (tracked and untracked, not ignored) and no build folder,
# so it also shows that a fresh checkout scaffolds. It is removed on every exit.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
work="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-scaffold.XXXXXX")"
trap 'rm -rf "$work"' EXIT
step() { echo "==> $*"; }
fail() { echo "test-scaffold: $*" >&2; exit 1; }

step "copying the repo to $work"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard) \
  | (cd "$repo" && while IFS= read -r -d '' file; do
      [ -e "$file" ] && printf '%s\0' "$file"
    done) \
  | (cd "$repo" && tar --null -T - -cf -) | tar -xf - -C "$work"
cd "$work"

step "make feature NAME=Piyo"
make feature NAME=Piyo
grep -q 'location = "group:Packages/PiyoFeature"' Switchyard.xcworkspace/contents.xcworkspacedata \
  || fail "make feature did not add Piyo to Switchyard.xcworkspace"

step "make route FROM=Hoge TO=Piyo, make route FROM=Piyo TO=Hoge"
make route FROM=Hoge TO=Piyo
make route FROM=Piyo TO=Hoge
[ -f Packages/HogeFeature/Tests/HogeFeatureTests/HogeToPiyoRouteTests.swift ] \
  || fail "make route did not write Hoge's test of the route"
if make route FROM=Hoge TO=Piyo > /dev/null 2>&1; then
  fail "make route added the same route twice"
fi

step "make check"
make check

step "PiyoFeature's and HogeFeature's tests"
swift test --quiet --package-path Packages/PiyoFeature 2>&1 | tail -1
swift test --quiet --package-path Packages/HogeFeature 2>&1 | tail -1

step "the App with Piyo wired in"
swift build --quiet --package-path App

step "a demo session that opens Piyo"
session="$(printf 'signin Ann\ndone\nhoge\npiyo\nhoge\nback\nback\nshow\nopen entry/hoge/piyo\nlink\nquit\n' | App/.build/debug/demo --in-memory)" \
  || { echo "$session"; fail "the demo session failed"; }
echo "$session" | grep -q '^» \[entry\] Entry > Hoge > Piyo$' \
  || { echo "$session"; fail "the demo never showed Piyo on top of Hoge"; }
echo "$session" | grep -q '^» \[entry\] Entry > Hoge > Piyo > Hoge$' \
  || { echo "$session"; fail "the demo never showed Hoge on top of Piyo"; }
echo "$session" | grep -q '^log: Piyo closed$' \
  || { echo "$session"; fail "closing Piyo was not logged"; }
echo "$session" | grep -q '^Link: entry/hoge/piyo$' \
  || { echo "$session"; fail "the new screen had no link of its own"; }

step "a tab for Piyo: one line in the tab list"
perl -0pi -e 's/(enum Tabs: String, TabList \{\n)/$1    case piyo\n/' \
  App/Sources/AppFeature/Screens.swift
grep -q '^    case piyo$' App/Sources/AppFeature/Screens.swift || fail "the tab line was not added"
make generate > /dev/null
swift build --quiet --package-path App
session="$(printf 'signin Ann\ndone\ntab piyo\nhoge\ntabs\nlink\nquit\n' | App/.build/debug/demo --in-memory)" \
  || { echo "$session"; fail "the demo session with the Piyo tab failed"; }
echo "$session" | grep -q '^» \[piyo\] Piyo > Hoge$' \
  || { echo "$session"; fail "the Piyo tab did not show Piyo with Hoge pushed in it"; }
echo "$session" | grep -q '^Link: piyo/hoge$' \
  || { echo "$session"; fail "the Piyo tab's link was not piyo/hoge"; }
echo "test-scaffold: Piyo scaffolded, routed from Hoge and back, checked, tested, built, opened and made a tab"
