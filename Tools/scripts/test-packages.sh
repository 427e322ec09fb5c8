#!/usr/bin/env bash
# Runs the tests of each package given, in order, for `make test`.
#
# Quiet by default: one line per package (tests passed, seconds) and a closing line
# `tests: N passed, M failed`. A package that fails prints its whole log, and the run stops
# there. V=1 streams every package's full output instead.
set -uo pipefail

swift="${SWIFT:-swift}"
verbose="${V:-0}"
logs="${TMPDIR:-/tmp}/switchyard-make-test.$$"
mkdir -p "$logs"
trap 'rm -rf "$logs"' EXIT

passed=0
for package in "$@"; do
  # SwiftPM 6.3 reuses a cached build plan that misses a file added to a dependency package
  # (see ARCHITECTURE.md, Build times); dropping the plan first costs about a second.
  rm -f "$package"/.build/*/debug/description.json
  if grep -q "testTarget(" "$package/Package.swift"; then
    action=(test --package-path "$package")
  else
    action=(build --package-path "$package")
  fi
  log="$logs/$(basename "$package").log"
  start=$(date +%s)
  if [ "$verbose" = "1" ]; then
    echo "==> ${action[0]} $package"
    "$swift" "${action[@]}" 2>&1 | tee "$log"
    status=${PIPESTATUS[0]}
  else
    "$swift" "${action[@]}" > "$log" 2>&1
    status=$?
  fi
  seconds=$(( $(date +%s) - start ))
  count=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -1)
  if [ "$status" -ne 0 ]; then
    failed=$(grep -E '^✘ Test ' "$log" | grep -vc '^✘ Test run')
    [ "$verbose" = "1" ] || cat "$log"
    printf '  ✗ %-38s failed after %ss; its full log is above\n' "$package" "$seconds"
    [ "$failed" -gt 0 ] || failed=1
    echo "tests: $passed passed, $failed failed"
    exit 1
  fi
  if [ "${action[0]}" = "test" ]; then
    passed=$(( passed + ${count:-0} ))
    printf '  ✓ %-38s %4s tests  %4ss\n' "$package" "${count:-0}" "$seconds"
  else
    printf '  ✓ %-38s built (no tests) %3ss\n' "$package" "$seconds"
  fi
done
echo "tests: $passed passed, 0 failed"
