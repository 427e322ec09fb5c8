#!/usr/bin/env bash
# A minimal reproduction of the driver's incremental build linking an object compiled against
# an older layout of a type (seen on Swift 6.3; swiftlang/swift#60706, #89636): a file that
# holds a type only by value, through another type, is not compiled again when the type gains
# a stored property, and keeps the old size and offsets.
#
# upstream   Three modules in a temporary package: Lib declares `State`; Mid's `Holder` holds a
#            State; App holds a Holder and never names State. After a build, a stored property
#            is added to State and App is built again: Lib and Mid compile, App's main.swift
#            does not, and the App it links crashes or prints what a clean build does not.
# template   With --template, the same edit in a copy of this repo (every feature's `State`
#            gains three stored properties), built with make build twice: once with the layout
#            guard switched off (ARCHCHECK_TOOL=true), once as make builds. Each build's demo
#            runs every golden transcript's input and every link they open (buildtime
#            demo-runs) and is compared with a clean build of the same tree: the first differs
#            or crashes, the second must not.
#
# Prints one line per case (STALE: an incremental build differs from a clean one; OK: it does
# not) and the toolchain's version. Exits 1 when the template's own build is stale; the
# upstream case and the unguarded build are expected STALE while the bug is there, and say so
# when a toolchain fixes it.
# Usage: Lab/stale-layout-repro/repro.sh [--template] [--keep]
set -uo pipefail

swift="${SWIFT:-swift}"
keep=0
template=0
for argument in "$@"; do
  case "$argument" in
    --keep) keep=1 ;;
    --template) template=1 ;;
    -h|--help) sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "error: unknown option '$argument'; the options are --template and --keep (see --help)" >&2; exit 2 ;;
  esac
done
repo="$(cd "$(dirname "$0")/../.." && pwd)"

work="$(mktemp -d "${TMPDIR:-/tmp}/stale-layout.XXXXXX")"
if [ "$keep" = 1 ]; then
  echo "working in $work (kept)"
else
  trap 'rm -rf "$work"' EXIT
fi

# --- upstream: the bug on its own -------------------------------------------------------------
package="$work/upstream"
mkdir -p "$package/Sources/Lib" "$package/Sources/Mid" "$package/Sources/App"
cat > "$package/Package.swift" <<'SWIFT'
// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Repro",
  targets: [
    .target(name: "Lib"),
    .target(name: "Mid", dependencies: ["Lib"]),
    .executableTarget(name: "App", dependencies: ["Mid"]),
  ]
)
SWIFT
cat > "$package/Sources/Lib/State.swift" <<'SWIFT'
public struct State {
  public var count = 1
  public init() {}
}
SWIFT
cat > "$package/Sources/Mid/Holder.swift" <<'SWIFT'
import Lib

/// Holds Lib's State by value.
public struct Holder {
  public var state = State()
  public var tag = 42
  public init() {}
}
SWIFT
cat > "$package/Sources/App/main.swift" <<'SWIFT'
import Mid

// Holds a Holder by value and never names Lib's State.
let holder = Holder()
print("Holder takes \(MemoryLayout<Holder>.size) bytes; its tag is \(holder.tag)")
SWIFT

# Runs the App built in $1; its output and status, a crash included.
run_app() { "$1/debug/App" 2>/dev/null; echo "exit $?"; }

if ! "$swift" build --package-path "$package" > "$work/upstream.log" 2>&1; then
  echo "error: the first build of the reproduction failed; see $work/upstream.log" >&2
  keep=1
  exit 2
fi
# Edits within the second of a build can be missed for another reason (file times compared
# at a second's resolution); wait past it so only the layout is at stake.
sleep 1.1
# perl, not sed: the same on Linux and macOS.
perl -pi -e 's/^  public var count = 1$/  public var pad = (7, 8, 9)\n  public var count = 1/' \
  "$package/Sources/Lib/State.swift"
grep -q 'public var pad' "$package/Sources/Lib/State.swift" || {
  echo "error: the edit of State.swift did not apply" >&2
  exit 2
}
"$swift" build --package-path "$package" >> "$work/upstream.log" 2>&1
incremental="$(SWIFT_BACKTRACE=enable=no run_app "$package/.build")"
"$swift" build --package-path "$package" --scratch-path "$work/upstream-clean" >> "$work/upstream.log" 2>&1
clean="$(run_app "$work/upstream-clean")"
if [ "$incremental" = "$clean" ]; then
  echo "OK     upstream: the incremental build matches a clean one (the toolchain fixed it?)"
else
  echo "STALE  upstream: incremental build: $(echo "$incremental" | tr '\n' ' ')| clean build: $(echo "$clean" | tr '\n' ' ')"
fi

status=0
# --- template: the same edit in a copy of this repo, built by make ---------------------------
if [ "$template" = 1 ]; then
  copy="$("$repo/Tools/scripts/scratch-copy.sh" "$repo")"
  trap 'rm -rf "$work" "${copy%/*}"' EXIT
  export HOME="$work/home" XDG_DATA_HOME="$work/home/data" XDG_STATE_HOME="$work/home/state"
  mkdir -p "$HOME"
  # What the demo built in $1 prints for every transcript's input and link (buildtime
  # demo-runs, what the lab's fuzzer compares).
  "$swift" build --package-path "$repo/Lab" --product buildtime > "$work/buildtime.log" 2>&1 || {
    echo "error: buildtime does not build; see $work/buildtime.log" >&2
    keep=1
    exit 2
  }
  buildtime="$("$swift" build --package-path "$repo/Lab" --show-bin-path)/buildtime"
  transcripts() { "$buildtime" demo-runs --root "$copy" --demo "$1/debug/demo"; }
  ( cd "$copy" && make build > "$work/template.log" 2>&1 ) || {
    echo "error: make build failed in the copy; see $work/template.log" >&2
    keep=1
    exit 2
  }
  sleep 1.1
  edited=0
  for file in "$copy"/Packages/*Feature/Sources/*/*.swift; do
    grep -q '^  public struct State: ' "$file" || continue
    perl -pi -e 'if (!$done && /^  public struct State: .*\{$/) { $_ .= "    public var padA: String = \"padding\"\n    public var padB: [Int] = [7, 8, 9]\n    public var padC: Double = 1.5\n"; $done = 1 }' "$file"
    edited=$((edited + 1))
  done
  [ "$edited" -gt 0 ] || {
    echo "error: no feature declares '  public struct State: …{' to add properties to" >&2
    exit 2
  }
  ( cd "$copy" && "$swift" build --scratch-path .build-clean > "$work/clean.log" 2>&1 ) || {
    echo "error: the clean build of the edited copy failed; see $work/clean.log" >&2
    keep=1
    exit 2
  }
  transcripts "$copy/.build-clean" > "$work/clean.out"
  # The guard off, then on: the second build starts where the first left off.
  ( cd "$copy" && make build ARCHCHECK_TOOL=true >> "$work/template.log" 2>&1 )
  transcripts "$copy/.build" > "$work/unguarded.out"
  if cmp -s "$work/clean.out" "$work/unguarded.out"; then
    echo "OK     template, guard off: make build matches a clean build"
  else
    echo "STALE  template, guard off: $(diff "$work/clean.out" "$work/unguarded.out" | grep -c '^[<>]') lines of the transcripts differ from a clean build"
  fi
  ( cd "$copy" && make build >> "$work/template.log" 2>&1 )
  transcripts "$copy/.build" > "$work/guarded.out"
  if cmp -s "$work/clean.out" "$work/guarded.out"; then
    echo "OK     template: make build (with the layout guard) matches a clean build"
  else
    echo "STALE  template: make build differs from a clean build even with the layout guard"
    diff "$work/clean.out" "$work/guarded.out" | head -20
    status=1
  fi
fi

"$swift" --version 2>/dev/null | head -1
exit "$status"
