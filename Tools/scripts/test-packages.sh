#!/usr/bin/env bash
# Runs the tests of each package given, in order, for `make test`. `.` is the root workspace
# (the generated Package.swift holding every package but Tools, Fuzz and Lab): it is built first,
# demo included, and its tests then run on that build, the end-to-end ones on that demo.
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
# Runs one package's build or tests into its log (and to the terminal with V=1).
run() {
  if [ "$verbose" = "1" ]; then
    echo "==> $*"
    "$@" 2>&1 | tee -a "$log"
    return "${PIPESTATUS[0]}"
  fi
  "$@" >> "$log" 2>&1
}

for package in "$@"; do
  log="$logs/$(basename "$(cd "$package" && pwd)").log"
  : > "$log"
  label="$package"
  start=$(date +%s)
  if [ "$package" = "." ]; then
    label="workspace (the app packages)"
    # Said at once: a fresh clone builds for minutes before the first test line.
    [ "$verbose" = "1" ] || echo "  … building and testing the $label (a fresh clone builds for a few minutes)"
    action=(test)
    # WORKSPACE_WRAPPER, WORKSPACE_TEST_FLAGS and WORKSPACE_BUILD: the compilation cache's
    # prefix (which holds its lock for this package alone), flags and build folder (make test
    # CACHE=1), word-split on purpose.
    # shellcheck disable=SC2086
    # The build, then its tests, the end-to-end ones on the demo of this build.
    run ${WORKSPACE_WRAPPER:-} sh -c \
      'swift="$0" demo="$1"; shift; "$swift" build --build-tests "$@" && SWITCHYARD_DEMO="$demo" "$swift" test --skip-build "$@"' \
      "$swift" "$(pwd)/${WORKSPACE_BUILD:-.build}/debug/demo" ${WORKSPACE_TEST_FLAGS:-}
    status=$?
  else
    [ "$verbose" = "1" ] || echo "  … building and testing $label"
    # SwiftPM 6.3 reuses a cached build plan that misses a file added to a dependency package
    # (see Lab/stale-plan-repro); dropping the plan first costs about a second.
    rm -f "$package"/.build/*/debug/description.json
    if grep -q "testTarget(" "$package/Package.swift"; then
      action=(test --package-path "$package")
    else
      action=(build --package-path "$package")
    fi
    run "$swift" "${action[@]}"
    status=$?
  fi
  seconds=$(( $(date +%s) - start ))
  # Swift Testing's closing line, and XCTest's last "Executed N tests, with F failures".
  count=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -1)
  xc_count=$(sed -n 's/.*Executed \([0-9][0-9]*\) tests\{0,1\}, with \([0-9][0-9]*\) failures\{0,1\} .*/\1/p' "$log" | tail -1)
  xc_failed=$(sed -n 's/.*Executed \([0-9][0-9]*\) tests\{0,1\}, with \([0-9][0-9]*\) failures\{0,1\} .*/\2/p' "$log" | tail -1)
  count=$(( ${count:-0} + ${xc_count:-0} ))
  if [ "$status" -ne 0 ]; then
    # One line per failing test: Swift Testing's "✘ Test … failed after", XCTest's failures.
    failed=$(grep -cE '^✘ Test ".*" (with [0-9]+ test cases? )?failed after' "$log")
    failed=$(( failed + ${xc_failed:-0} ))
    [ "$verbose" = "1" ] || cat "$log"
    printf '  ✗ %-42s failed after %ss; its full log is above\n' "$label" "$seconds"
    [ "$failed" -gt 0 ] || failed=1
    passed=$(( passed + (count > failed ? count - failed : 0) ))
    echo "tests: $passed passed, $failed failed"
    # When the cause is generated code a route edit left behind, one line says so.
    if [ -n "${EXPLAIN_FAILURE:-}" ] && ! grep -q "Test run with" "$log"; then
      eval "$EXPLAIN_FAILURE"
    fi
    exit 1
  fi
  if [ "${action[0]}" = "test" ]; then
    passed=$(( passed + count ))
    printf '  ✓ %-42s %4s tests  %4ss\n' "$label" "$count" "$seconds"
  else
    printf '  ✓ %-42s built (no tests) %3ss\n' "$label" "$seconds"
  fi
done
echo "tests: $passed passed, 0 failed"
