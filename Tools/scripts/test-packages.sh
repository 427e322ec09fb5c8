#!/usr/bin/env bash
# Runs the tests of each package given, in order, for `make test`. `.` is the root workspace
# (the generated Package.swift holding every package but Tools, TCAExamples, Fuzz and Lab): it
# is built first, demo included, and its tests then run on that build, the end-to-end ones on
# that demo.
#
# Quiet by default: one line per package while it runs (tests passed, known issues, seconds),
# every package even after one fails, then each failure (a test's issue with its file:line and
# message, an XCTest failure, a compiler error) and a closing line `tests: N passed, M failed`.
# Known issues (withKnownIssue) are counted, never printed. The full logs of a failed run are
# kept, and the last line says where. V=1 streams every package's full output instead.
#
# Selective: a package's tests run only when its folder or a package it depends on changed
# since its last green run (Tools/scripts/test-selection.sh; the record is kept in
# .build/switchyard-tests). The workspace is always built, so nothing that fails to compile
# goes unseen; the lines say which test targets were skipped and why the others run.
# SWITCHYARD_TEST_ALL=1 (make test-all, CI) runs every test.
#
# Alongside the workspace: the other packages whose tests run (the Tools; TCAExamples in make
# test-all) are built and tested while the workspace builds, and reported in their turn. The
# workspace's build leaves a core idle for long stretches (Core's modules build one after
# another); the other builds and tests fill it instead of waiting for their turn.
#
# LEFT_FOR_TEST_ALL names packages make test leaves to make test-all (TCAExamples: TCA's
# examples, Core's conformance): one line says so, unless SWITCHYARD_TEST_ALL=1.
# SWITCHYARD_AS_CLONED (the Tools) names packages whose tests a fresh clone leaves to make
# test-all while their files are as git's HEAD has them (test-selection.sh): one line says so.
set -uo pipefail

swift="${SWIFT:-swift}"
verbose="${V:-0}"
logs="${TMPDIR:-/tmp}/switchyard-make-test.$$"
mkdir -p "$logs"
# The builds started alongside stop with this script; the logs go with a green run, a red one
# keeps them for the person to read.
# (Plain arrays, written to be read under `set -u` by macOS's bash 3.2 too.)
alongside_packages=()
alongside_pids=()
alongside_start=$(date +%s)
trap 'for pid in ${alongside_pids[@]+"${alongside_pids[@]}"}; do kill "$pid" 2> /dev/null; done
  rm -rf "${selection_run:-/nonexistent}"
  [ "${failed_total:-0}" -gt 0 ] || rm -rf "$logs"' EXIT

selection="$(dirname "$0")/test-selection.sh"
selection_state="$(pwd)/.build/switchyard-tests"
# This run's own plans: another make test beside this one has its own folder (see
# test-selection.sh), and this one's goes when it ends, however it ends.
mkdir -p "$selection_state"
# A run killed with -9 leaves its folder: one whose make test (named in it) is gone, goes.
for left in "$selection_state"/run.*; do
  [ -d "$left" ] || continue
  owner="${left##*/run.}"
  owner="${owner%%.*}"
  kill -0 "$owner" 2> /dev/null || rm -rf "$left"
done
selection_run="$(mktemp -d "$selection_state/run.$$.XXXXXX")"
# What was not recorded as green because it changed while its tests ran, and what was skipped.
not_recorded=()
skipped_summary=()
passed=0
failed_total=0
known_total=0
failed_packages=()
failures="$logs/failures.txt"
: > "$failures"

# The lines of a log a person acts on: each issue a test recorded (with the lines of message
# under it), each XCTest failure, each compiler error; never a known issue.
failure_lines() {
  awk '
    /^✘ Test .* recorded an issue/ { print "    " $0; inissue = 1; next }
    inissue && /^↳ / { print "      " $0; next }
    { inissue = 0 }
    /^[^ ].*:[0-9]+: error: / && !/:[0-9]+:[0-9]+: error: / { print "    " $0; next }
    /^[^ ].*:[0-9]+:[0-9]+: error: / { if (!seen[$0]++) print "    " $0 }
  ' "$1"
}
# Runs one package's build or tests into its log (and to the terminal with V=1).
run() {
  if [ "$verbose" = "1" ]; then
    echo "==> $*"
    "$@" 2>&1 | tee -a "$log"
    return "${PIPESTATUS[0]}"
  fi
  "$@" >> "$log" 2>&1
}

# The test targets a package's manifest declares, one a line.
test_targets_of() {
  awk '/testTarget\(/ { want = 1 } want && match($0, /name: *"[^"]*"/) {
    name = substr($0, RSTART, RLENGTH); sub(/name: *"/, "", name); sub(/"$/, "", name)
    print name; want = 0 }' "$1/Package.swift"
}

# Plans the packages given (test-selection.sh plan), prints why each that runs does, and
# sets `selected` (the packages to test), `skipped_targets` (the test targets skipped) and
# `left_as_cloned` (the skipped packages left to make test-all as the clone has them).
plan() {
  selected=()
  skipped_targets=()
  left_as_cloned=()
  local verdicts verdict package reason
  # A selection that cannot be made runs everything, never nothing.
  if ! verdicts=$("$selection" plan "$selection_state" "$selection_run" "$@"); then
    echo "    (the test selection failed; every package runs)"
    selected=("$@")
    return
  fi
  while read -r verdict package reason; do
    [ -n "$verdict" ] || continue
    if [ "$verdict" = run ]; then
      selected+=("$package")
      [ "$verbose" = "1" ] || [ "${SWITCHYARD_TEST_ALL:-0}" = 1 ] || echo "    runs $package: $reason"
    else
      [ "$reason" != as-cloned ] || left_as_cloned+=("$package")
      while read -r target; do skipped_targets+=("$target"); done < <(test_targets_of "$package")
    fi
  done <<< "$verdicts"
}

log_of() { echo "$logs/$(basename "$(cd "$1" && pwd)").log"; }

# Records the packages given as green (test-selection.sh record), and keeps the ones that
# changed while their tests ran, which are not.
record() {
  local line
  while read -r line; do
    case "$line" in
      not-recorded\ *) line="${line#not-recorded }"; not_recorded+=("${line%% *} (${line#* })") ;;
    esac
  done < <("$selection" record "$selection_state" "$selection_run" "$@" ||
    for package in "$@"; do echo "not-recorded $package the record failed"; done)
}

# SwiftPM 6.3 reuses a cached build plan that misses a file added to a dependency package
# (see Lab/stale-plan-repro); dropping the plan first costs about a second.
drop_cached_plan() { rm -f "$1"/.build/*/debug/description.json; }

# The layout guard for a package built alone into its own .build (TCAExamples, a package given
# by PACKAGES): LAYOUT_GUARD_ALONE is the command with @PACKAGE@ for the package's folder. The
# Tools are left out: the guard is the Tools' own program, built before it could look.
guard_layout() {
  [ -n "${LAYOUT_GUARD_ALONE:-}" ] && [ "$(basename "$1")" != Tools ] || return 0
  # shellcheck disable=SC2086
  eval "${LAYOUT_GUARD_ALONE//@PACKAGE@/\"\$1\"}"
}

# Builds a package's code and tests, then runs its tests on that build: for a package built
# alongside the workspace, whose log is read when its turn comes.
# Its last line says when it ended, for the seconds its package's line reports.
build_and_test() {
  local status=0
  drop_cached_plan "$1"
  guard_layout "$1" || return
  "$swift" build --build-tests --package-path "$1" || status=$?
  [ "$status" -ne 0 ] || "$swift" test --skip-build --package-path "$1" || status=$?
  echo "ended at $(date +%s)"
  return "$status"
}

# The layout guards of the packages built alone run before anything is planned: their marks
# touch sources the packages share (Core's), and a file touched after the plan would count as
# an edit made while the tests ran, so nothing would be recorded green. Each guard runs again
# before its build, finding nothing to mark by then (a guard that cannot compare fails there).
for package in "$@"; do
  [ "$package" = "." ] || guard_layout "$package" || true
done

# With the workspace in the list, each other package with tests to run starts building now.
has_workspace=0
for package in "$@"; do
  [ "$package" != "." ] || has_workspace=1
done
for other in "$@"; do
  [ "$has_workspace" = 1 ] && [ "$other" != "." ] || continue
  grep -q "testTarget(" "$other/Package.swift" || continue
  plan "$other" > /dev/null
  [ ${#selected[@]} -gt 0 ] || continue
  : > "$(log_of "$other")"
  build_and_test "$other" >> "$(log_of "$other")" 2>&1 &
  alongside_packages+=("$other")
  alongside_pids+=("$!")
done

# The process building package $1 alongside the workspace; nothing when there is none.
alongside_pid() {
  local index
  for index in ${alongside_packages[@]+"${!alongside_packages[@]}"}; do
    [ "${alongside_packages[$index]}" != "$1" ] || echo "${alongside_pids[$index]}"
  done
}

for package in "$@"; do
  log="$(log_of "$package")"
  built_alongside="$(alongside_pid "$package")"
  [ -n "$built_alongside" ] || : > "$log"
  label="$package"
  start=$(date +%s)
  if [ "$package" = "." ]; then
    label="workspace (the app packages)"
    # Said at once: a fresh clone builds for minutes before the first test line.
    [ "$verbose" = "1" ] || echo "  … building and testing the $label (a fresh clone builds for a few minutes)"
    action=(test)
    # The workspace's packages that have tests, and of those the ones whose tests run.
    tested=()
    for member in ${WORKSPACE_PACKAGES:-}; do
      [ -n "$(test_targets_of "$member")" ] && tested+=("$member")
    done
    plan ${tested[@]+"${tested[@]}"}
    filter=""
    for member in ${selected[@]+"${selected[@]}"}; do
      while read -r target; do filter="$filter|$target"; done < <(test_targets_of "$member")
    done
    # Swift Testing's and XCTest's test ids both start with the module: `Module.`.
    filter="^(${filter#|})\\."
    # WORKSPACE_WRAPPER, WORKSPACE_TEST_FLAGS and WORKSPACE_BUILD: the compilation cache's
    # prefix (which holds its lock for this package alone), flags and build folder (make test
    # CACHE=1), word-split on purpose.
    # shellcheck disable=SC2086
    # The build, then the selected tests, the end-to-end ones on the demo of this build.
    run ${WORKSPACE_WRAPPER:-} sh -c \
      'swift="$0" demo="$1" filter="$2"; shift 2; "$swift" build --build-tests "$@" || exit
       [ "$filter" = "^()\\." ] || SWITCHYARD_DEMO="$demo" "$swift" test --skip-build --filter "$filter" "$@"' \
      "$swift" "$(pwd)/${WORKSPACE_BUILD:-.build}/debug/demo" "$filter" ${WORKSPACE_TEST_FLAGS:-}
    status=$?
    [ "$status" -ne 0 ] || record ${selected[@]+"${selected[@]}"}
  else
    plan "$package"
    if [ ${#left_as_cloned[@]} -gt 0 ]; then
      printf '  – %-42s unchanged since the clone: left for make test-all (CI runs it)\n' "$label"
      continue
    elif [ ${#selected[@]} -eq 0 ]; then
      printf '  ✓ %-42s skipped: unchanged since its last green run\n' "$label"
      skipped_summary+=("$package")
      continue
    fi
    [ "$verbose" = "1" ] || echo "  … building and testing $label"
    if [ -n "$built_alongside" ]; then
      # Built and tested alongside the workspace: the result of both.
      wait "$built_alongside"
      status=$?
      [ "$verbose" != "1" ] || cat "$log"
      action=(test --package-path "$package")
    else
      drop_cached_plan "$package"
      if grep -q "testTarget(" "$package/Package.swift"; then
        action=(test --package-path "$package")
      else
        action=(build --package-path "$package")
      fi
      status=0
      guard_layout "$package" >> "$log" 2>&1 || status=1
      if [ "$status" -eq 0 ]; then
        run "$swift" "${action[@]}"
        status=$?
      fi
    fi
  fi
  seconds=$(( $(date +%s) - start ))
  if [ -n "$built_alongside" ]; then
    # From when it started, beside the workspace, to when it ended.
    ended=$(sed -n 's/^ended at \([0-9][0-9]*\)$/\1/p' "$log" | tail -1)
    seconds=$(( ${ended:-$(date +%s)} - alongside_start ))
  fi
  # Swift Testing's closing line, and XCTest's last "Executed N tests, with F failures".
  count=$(sed -n 's/.*Test run with \([0-9][0-9]*\) tests\{0,1\} .*/\1/p' "$log" | tail -1)
  xc_count=$(sed -n 's/.*Executed \([0-9][0-9]*\) tests\{0,1\}, with \([0-9][0-9]*\) failures\{0,1\} .*/\1/p' "$log" | tail -1)
  xc_failed=$(sed -n 's/.*Executed \([0-9][0-9]*\) tests\{0,1\}, with \([0-9][0-9]*\) failures\{0,1\} .*/\2/p' "$log" | tail -1)
  count=$(( ${count:-0} + ${xc_count:-0} ))
  known=$(grep -c 'recorded a known issue' "$log")
  known_total=$(( known_total + known ))
  known_note=""
  [ "$known" -eq 0 ] || known_note=" ($known known issues)"
  if [ "$status" -ne 0 ]; then
    # One per failing test: Swift Testing's "✘ Test … failed after", XCTest's failures.
    failed=$(grep -cE '^✘ Test ".*" (with [0-9]+ test cases? )?failed after' "$log")
    failed=$(( failed + ${xc_failed:-0} ))
    [ "$failed" -gt 0 ] || failed=1
    passed=$(( passed + (count > failed ? count - failed : 0) ))
    failed_total=$(( failed_total + failed ))
    failed_packages+=("$label")
    printf '  ✗ %-42s %4s failed after %ss%s\n' "$label" "$failed" "$seconds" "$known_note"
    {
      echo "  $label (log: $log)"
      lines="$(failure_lines "$log")"
      if [ -n "$lines" ]; then
        echo "$lines"
      else
        # Nothing recognisable (a crash, a linker error): the end of the log says most.
        tail -n 15 "$log" | sed 's/^/    /'
      fi
      # When the cause is generated code a route edit left behind, one line says so.
      if [ -n "${EXPLAIN_FAILURE:-}" ] && ! grep -q "Test run with" "$log"; then
        (eval "$EXPLAIN_FAILURE") 2>&1 | sed 's/^/    /'
      fi
    } >> "$failures"
    continue
  fi
  if [ "$package" != "." ]; then
    record "$package"
  fi
  if [ "$package" = "." ] && [ ${#selected[@]} -eq 0 ]; then
    printf '  ✓ %-42s built; no test target changed %4ss\n' "$label" "$seconds"
  elif [ "${action[0]}" = "test" ]; then
    passed=$(( passed + count ))
    printf '  ✓ %-42s %4s tests  %4ss%s\n' "$label" "$count" "$seconds" "$known_note"
  else
    printf '  ✓ %-42s built (no tests) %3ss\n' "$label" "$seconds"
  fi
  # Suites a full run adds (the tools' real builds and whole-repo checks), said so they are
  # not missed.
  full_only=$(grep -c '^➜ Suite .* skipped: ' "$log")
  if [ "$full_only" -gt 0 ]; then
    echo "    $full_only suite(s) of the full run (real builds, whole-repo checks) left for make test-all (CI runs them)"
  fi
  if [ "$package" = "." ] && [ ${#skipped_targets[@]} -gt 0 ]; then
    skipped_summary+=("${skipped_targets[@]}")
  fi
done
if [ "${SWITCHYARD_TEST_ALL:-0}" != 1 ]; then
  for package in ${LEFT_FOR_TEST_ALL:-}; do
    printf '  – %-42s left for make test-all (CI runs it)\n' "$package"
  done
fi
# One line each: what did not run and why, and what ran but is not recorded as green.
if [ ${#skipped_summary[@]} -gt 0 ]; then
  echo "skipped ${#skipped_summary[@]}, unchanged since their last green run (make test-all runs them): $(printf '%s, ' "${skipped_summary[@]}" | sed 's/, $//')"
fi
if [ ${#not_recorded[@]} -gt 0 ]; then
  echo "not recorded as green, changed while the tests ran (the next make test runs them): $(printf '%s; ' "${not_recorded[@]}" | sed 's/; $//')"
fi
if [ "$failed_total" -gt 0 ]; then
  echo "Failures:"
  cat "$failures"
  echo "tests: $passed passed, $failed_total failed"
  echo "make test: ${#failed_packages[@]} package(s) failed; full logs in $logs (V=1 prints them as they run)" >&2
  exit 1
fi
echo "tests: $passed passed, 0 failed"
