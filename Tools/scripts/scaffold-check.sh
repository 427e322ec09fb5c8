#!/usr/bin/env bash
# `make test-scaffold`: adds a screen the way ARCHITECTURE.md tells a newcomer to, in a copy of
# the repo, and checks the wired App, not stub files:
#   1. make feature NAME=Piyo (the package, its line in the App's screen list, the editor
#      workspaces listing it);
#   2. the route to it in Hoge, by hand: a `case piyo` in Hoge.Route and a `piyo` command;
#   3. make generate, make check (rules, lint, generated code current);
#   4. PiyoFeature's own tests, then the App built with Piyo wired in;
#   5. a demo session that opens Piyo from Hoge and closes it again.
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
grep -q '"path": "Packages/PiyoFeature"' Switchyard.code-workspace \
  || fail "make feature did not add Piyo to Switchyard.code-workspace"
grep -q 'location = "group:Packages/PiyoFeature"' Switchyard.xcworkspace/contents.xcworkspacedata \
  || fail "make feature did not add Piyo to Switchyard.xcworkspace"

step "a route from Hoge to Piyo"
hoge=Packages/HogeFeature/Sources/HogeFeature
grep -q '^    case fuga(name: String)$' "$hoge/Hoge.swift" \
  || fail "Hoge.Route has no 'case fuga(name: String)' line to add the route after"
sed -i 's|^    case fuga(name: String)$|&\n    /// The Piyo screen.\n    case piyo|' "$hoge/Hoge.swift"
back='      TextCommand("back", help: "Go back") { _ in store.send(.backTapped) },'
grep -qF "$back" "$hoge/HogeView.swift" || fail "HogeView has no back command to add piyo before"
sed -i "s|^$back\$|      TextCommand(\"piyo\", help: \"Open Piyo\") { _ in\n        store.send(.delegate(.navigate(.push(.piyo))))\n      },\n&|" \
  "$hoge/HogeView.swift"

step "make generate, make check"
make generate
make check

step "PiyoFeature's tests"
swift test --quiet --package-path Packages/PiyoFeature 2>&1 | tail -1

step "the App with Piyo wired in"
swift build --quiet --package-path App

step "a demo session that opens Piyo"
session="$(printf 'hoge\npiyo\nshow\nback\nshow\nquit\n' | App/.build/debug/demo --in-memory)" \
  || { echo "$session"; fail "the demo session failed"; }
echo "$session" | grep -q '^» Entry > Hoge > Piyo$' \
  || { echo "$session"; fail "the demo never showed Piyo on top of Hoge"; }
echo "$session" | grep -q '^log: Piyo closed$' \
  || { echo "$session"; fail "closing Piyo was not logged"; }
echo "test-scaffold: Piyo scaffolded, routed from Hoge, checked, tested, built and opened"
