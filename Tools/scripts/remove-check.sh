#!/usr/bin/env bash
# `make test-remove`: what a person starting from the template does first, in a git copy of
# the repo: CONTRIBUTING.md's "Removing a screen" commands, as written (the docs' name
# replaced), on each feature, the last screen of the list first, skipping what the tool
# refuses (the gate's feature, the last tab), DRY_RUN=1 shown to change nothing; then make
# build, make check and make test on what is left. The features come from the tree, so the
# check follows the user's own screens. The copy is removed on every exit (with
# SWITCHYARD_SCRATCH_COPY=DIR, DIR is used instead, as scratch-copy.sh --reuse puts it back,
# and the caller removes it).
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
step() { echo "==> $*"; }
fail() { echo "test-remove: $*" >&2; exit 1; }

# The documented commands, without comments and blank lines, and the name they use.
documented="$("$repo/Tools/scripts/doc-blocks.sh" "$repo/CONTRIBUTING.md" "## Removing a screen" \
  | sed 's/#.*$//; s/[[:space:]]*$//' | grep -v '^$')"
docs_name="$(echo "$documented" | sed -n 's/.*NAME=\([A-Za-z0-9]*\).*/\1/p' | head -1)"
[ -n "$docs_name" ] || fail "CONTRIBUTING.md's \"Removing a screen\" has no make remove-feature NAME=... command"
grep -q 'DRY_RUN=1' <<< "$documented" || fail "CONTRIBUTING.md's \"Removing a screen\" shows no DRY_RUN=1"

logs="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-remove-logs.XXXXXX")"
if [ -n "${SWITCHYARD_SCRATCH_COPY:-}" ]; then
  # A copy an earlier check made (.ci/run), put back as it was first; the caller removes it.
  trap 'rm -rf "$logs"' EXIT
  work="$("$repo/Tools/scripts/scratch-copy.sh" --reuse "$SWITCHYARD_SCRATCH_COPY")" || exit 1
  step "working in the copy an earlier check used, $work, its files as they were first"
else
  work="$("$repo/Tools/scripts/scratch-copy.sh" "$repo")"
  trap 'rm -rf "${work%/*}" "$logs"' EXIT
  step "working in a copy of the repo, $work (a git checkout, as a clone is)"
fi
cd "$work"

# The features in the order their screens come in the list, last first.
screens="$(awk '/: ScreenList \{/ { inside = 1; next } inside && /^  }/ { exit }
  inside && /^ *case [a-z][A-Za-z0-9]*\(/ { sub(/^ *case [a-z][A-Za-z0-9]*\(/, ""); sub(/\).*/, ""); print }' \
  App/Sources/AppFeature/Screens.swift)"
features=()
for reducer in $(echo "$screens" | tac); do
  for package in Packages/*Feature; do
    if grep -rqE "^(public )?(struct|enum) $reducer\b" "$package/Sources" 2>/dev/null; then
      name="$(basename "$package" Feature)"
      [[ " ${features[*]} " == *" $name "* ]] || features+=("$name")
    fi
  done
done
[ "${#features[@]}" -gt 0 ] || fail "no feature of the screen list was found under Packages/"

removed=()
for name in "${features[@]}"; do
  refused=0
  while IFS= read -r command; do
    command="$(echo "$command" | sed "s/\b$docs_name\b/$name/g")"
    before="$(git status --porcelain)"
    if [[ "$command" == *DRY_RUN=1* ]]; then
      if ! bash -c "$command" > "$logs/dry-run.log" 2>&1; then
        step "$command: refused ($(grep -m1 "^error: " "$logs/dry-run.log" || tail -1 "$logs/dry-run.log"))"
        refused=1
        break
      fi
      [ "$(git status --porcelain)" = "$before" ] || fail "DRY_RUN=1 changed the tree for $name"
      continue
    fi
    step "$command"
    bash -c "$command" > "$logs/remove.log" 2>&1 || { cat "$logs/remove.log"; fail "the documented command failed: $command"; }
  done <<< "$documented"
  [ "$refused" = 0 ] || continue
  [ ! -e "Packages/${name}Feature" ] || fail "Packages/${name}Feature is still there"
  removed+=("$name")
  git add -A && git -c user.name=remove -c user.email=remove@localhost commit -qm "remove $name"
done
[ "${#removed[@]}" -gt 0 ] || fail "every feature was refused"

step "make build"
make build > /dev/null
step "make check"
make check
step "make test"
make test
for name in "${removed[@]}"; do
  if git grep -qw -e "${name}Feature" -- ':!*.md' ':!Docs' ':!Lab' ':!Tools'; then
    git grep -nw -e "${name}Feature" -- ':!*.md' ':!Docs' ':!Lab' ':!Tools' | head -5
    fail "the module ${name}Feature is still named outside the docs"
  fi
done
echo "test-remove: removed ${removed[*]}; the rest builds, checks and tests green"
