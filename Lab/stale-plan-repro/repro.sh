#!/usr/bin/env bash
# A minimal reproduction of SwiftPM's stale build plan for dependency packages (seen on
# SwiftPM 6.3): the root package's plan is cached in .build/<triple>/debug/description.json
# and only the root package's folders are checked for new or removed files, so a change to
# the *structure* of a `.package(path:)` dependency is missed until the root is re-planned.
#
# Two packages in a temporary folder: Lib (one module) and App (an executable depending on
# Lib by path). After two builds of App (the first plans; the second, a null build, takes
# the fast path that reuses the plan unchecked: with one build only, every case comes out
# right), each case changes Lib and builds App again:
#   added    a file with a type error is added to Lib: the build should fail, and succeeds
#   deleted  a file App's code does not need is deleted from Lib: the build should succeed,
#            and fails on the missing input
#   target   a second target is added to Lib's manifest and App imports it: the build
#            should succeed, and fails (no such module)
# then `touch App/Package.swift` (the supported way to force a re-plan) and builds again,
# which gives the right answer.
#
# Prints one line per case (STALE: the bug shows; OK: the build saw the change) and exits 1
# when any case is stale, 0 when SwiftPM got every case right: run it on each new toolchain.
# Usage: Lab/stale-plan-repro/repro.sh [--keep]   (--keep leaves the folder for a look)
set -uo pipefail

swift="${SWIFT:-swift}"
keep=0
for argument in "$@"; do
  case "$argument" in
    --keep) keep=1 ;;
    -h|--help) sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown option '$argument'; the only option is --keep (see --help)" >&2; exit 2 ;;
  esac
done

work="$(mktemp -d "${TMPDIR:-/tmp}/stale-plan.XXXXXX")"
if [ "$keep" = 1 ]; then
  echo "working in $work (kept)"
else
  trap 'rm -rf "$work"' EXIT
fi

# Lib with `public func greeting()` and a spare file; App printing the greeting.
setup() {
  rm -rf "$work/Lib" "$work/App"
  mkdir -p "$work/Lib/Sources/Lib" "$work/App/Sources/App"
  cat > "$work/Lib/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Lib",
  products: [.library(name: "Lib", targets: ["Lib"])],
  targets: [.target(name: "Lib")]
)
SWIFT
  echo 'public func greeting() -> String { "hello" }' > "$work/Lib/Sources/Lib/Greeting.swift"
  echo 'public func spare() -> Int { 1 }' > "$work/Lib/Sources/Lib/Spare.swift"
  cat > "$work/App/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "App",
  dependencies: [.package(path: "../Lib")],
  targets: [.executableTarget(name: "App", dependencies: [.product(name: "Lib", package: "Lib")])]
)
SWIFT
  echo 'import Lib
print(greeting())' > "$work/App/Sources/App/main.swift"
  # Two builds: the first plans and builds, the second (a null build) is the state an
  # everyday edit starts from.
  if ! "$swift" build --package-path "$work/App" > "$work/first.log" 2>&1 \
    || ! "$swift" build --package-path "$work/App" >> "$work/first.log" 2>&1; then
    echo "error: the first build of the reproduction failed; see $work/first.log" >&2
    keep=1
    exit 2
  fi
  # Edits within the second of a build can be missed for another reason (file times are
  # compared at a second's resolution here); wait past it so only the plan is at stake.
  sleep 1.1
}

# build SHOULD: builds App and says whether it succeeded as it should (succeed|fail).
builds_as() {
  local should="$1"
  if "$swift" build --package-path "$work/App" > "$work/build.log" 2>&1; then
    [ "$should" = succeed ]
  else
    [ "$should" = fail ]
  fi
}

stale=0
report() {
  local name="$1" should="$2" what="$3"
  if builds_as "$should"; then
    echo "OK     $name: the build saw $what"
    return
  fi
  stale=1
  touch "$work/App/Package.swift"
  if builds_as "$should"; then
    echo "STALE  $name: the build missed $what; after touch App/Package.swift it saw it"
  else
    echo "STALE  $name: the build missed $what, even after touch App/Package.swift"
  fi
}

setup
echo 'let broken: Int = "not a number"' > "$work/Lib/Sources/Lib/Broken.swift"
report added fail "a file added to Lib (with a type error)"

setup
rm "$work/Lib/Sources/Lib/Spare.swift"
report deleted succeed "a file deleted from Lib"

setup
mkdir -p "$work/Lib/Sources/Extra"
echo 'public let extra = 2' > "$work/Lib/Sources/Extra/Extra.swift"
sed -i.bak 's/products: \[.library(name: "Lib", targets: \["Lib"\])\]/products: [.library(name: "Lib", targets: ["Lib", "Extra"])]/; s/targets: \[.target(name: "Lib")\]/targets: [.target(name: "Lib"), .target(name: "Extra")]/' "$work/Lib/Package.swift"
echo 'import Extra
print(extra)' >> "$work/App/Sources/App/main.swift"
report target succeed "a target added to Lib's manifest"

"$swift" --version 2>/dev/null | head -1
exit "$stale"
