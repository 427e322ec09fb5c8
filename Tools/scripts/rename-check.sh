#!/usr/bin/env bash
# `make test-rename`: CONTRIBUTING.md's "Renaming a screen" on every feature, in a git copy of
# the repo. The documented commands run as written on the docs' own feature when the tree has
# it (DRY_RUN=1 shown to change nothing, then the rename with its build and transcripts), and
# every other feature is renamed to a new name (New<Name>) without the build; then make
# check and make test on the renamed tree, then every feature renamed back, and the copy must
# be byte for byte as it was. The last rename of each pass runs with its check, which records
# the golden transcripts for the tree as it then is. The features come from the tree, so the check follows the
# user's own screens. The copy is removed on every exit (with SWITCHYARD_SCRATCH_COPY=DIR,
# DIR is used instead, as scratch-copy.sh --reuse puts it back, and the caller removes it).
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
step() { echo "==> $*"; }
fail() { echo "test-rename: $*" >&2; exit 1; }

# The documented commands, without comments and blank lines, and the names they use.
documented="$("$repo/Tools/scripts/doc-blocks.sh" "$repo/CONTRIBUTING.md" "## Renaming a screen" \
  | sed 's/#.*$//; s/[[:space:]]*$//' | grep -v '^$')"
docs_from="$(echo "$documented" | sed -n 's/.*FROM=\([A-Za-z0-9]*\).*/\1/p' | head -1)"
docs_to="$(echo "$documented" | sed -n 's/.*TO=\([A-Za-z0-9]*\).*/\1/p' | head -1)"
[ -n "$docs_from" ] && [ -n "$docs_to" ] \
  || fail "CONTRIBUTING.md's \"Renaming a screen\" has no make rename-feature FROM=... TO=... command"
grep -q 'DRY_RUN=1' <<< "$documented" || fail "CONTRIBUTING.md's \"Renaming a screen\" shows no DRY_RUN=1"

logs="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-rename-logs.XXXXXX")"
if [ -n "${SWITCHYARD_SCRATCH_COPY:-}" ]; then
  trap 'rm -rf "$logs"' EXIT
  work="$("$repo/Tools/scripts/scratch-copy.sh" --reuse "$SWITCHYARD_SCRATCH_COPY")" || exit 1
  step "working in the copy an earlier check used, $work, its files as they were first"
else
  work="$("$repo/Tools/scripts/scratch-copy.sh" "$repo")"
  trap 'rm -rf "${work%/*}" "$logs"' EXIT
  step "working in a copy of the repo, $work (a git checkout, as a clone is)"
fi
cd "$work"
first="$(git rev-parse HEAD)"

# The docs' own feature last, so its documented commands (with the build and the transcripts
# recorded) end the renames; without it, the last feature's rename runs that check.
features=()
for package in Packages/*Feature; do
  name="$(basename "$package" Feature)"
  [ -f "$package/Package.swift" ] && [ "$name" != "$docs_from" ] && features+=("$name")
done
[ -d "Packages/${docs_from}Feature" ] && features+=("$docs_from")
[ "${#features[@]}" -gt 0 ] || fail "no feature package under Packages/"
last="${features[${#features[@]} - 1]}"

# Renames FROM to TO: without the build and the transcripts (make test follows), or with them
# for the last of a pass, so the transcripts are recorded for the tree as it ends.
rename_feature() {
  local from="$1" to="$2" checked="$3"
  if [ "$checked" = 1 ]; then
    step "make rename-feature FROM=$from TO=$to"
    make rename-feature FROM="$from" TO="$to" > "$logs/rename.log" 2>&1 \
      || { cat "$logs/rename.log"; fail "make rename-feature FROM=$from TO=$to failed"; }
  else
    step "make rename-feature FROM=$from TO=$to EDIT_CHECK= (the build comes later)"
    make rename-feature FROM="$from" TO="$to" EDIT_CHECK= > "$logs/rename.log" 2>&1 \
      || { cat "$logs/rename.log"; fail "make rename-feature FROM=$from TO=$to failed"; }
  fi
}

renamed=()
for name in "${features[@]}"; do
  if [ "$name" = "$docs_from" ]; then
    new="$docs_to"
    while IFS= read -r command; do
      # The whole tree's content, as git would commit it (the index is the copy's own).
      before="$(git add -A && git write-tree)"
      step "$command"
      bash -c "$command" > "$logs/rename.log" 2>&1 \
        || { cat "$logs/rename.log"; fail "the documented command failed: $command"; }
      if [[ "$command" == *DRY_RUN=1* ]]; then
        [ "$(git add -A && git write-tree)" = "$before" ] || fail "DRY_RUN=1 changed the tree"
      fi
    done <<< "$documented"
  else
    new="New$name"
    rename_feature "$name" "$new" "$([ "$name" = "$last" ] && echo 1 || echo 0)"
  fi
  [ ! -e "Packages/${name}Feature" ] || fail "Packages/${name}Feature is still there"
  [ -d "Packages/${new}Feature" ] || fail "Packages/${new}Feature was not made"
  renamed+=("$name:$new")
done

step "make check"
make check
step "make test"
make test
for pair in "${renamed[@]}"; do
  name="${pair%%:*}"
  if git grep -qw -e "${name}Feature" -- ':!*.md' ':!Docs' ':!Lab' ':!Tools'; then
    git grep -nw -e "${name}Feature" -- ':!*.md' ':!Docs' ':!Lab' ':!Tools' | head -5
    fail "the module ${name}Feature is still named outside the docs"
  fi
done

# Back, in the reverse order; the last one with the build and the transcripts.
for (( index = ${#renamed[@]} - 1; index >= 0; index-- )); do
  pair="${renamed[$index]}"
  rename_feature "${pair#*:}" "${pair%%:*}" "$([ "$index" = 0 ] && echo 1 || echo 0)"
done
git add -A
if ! git diff --cached --quiet "$first"; then
  git diff --cached --stat "$first" | tail -20
  fail "renaming every feature and back changed the files above"
fi
echo "test-rename: renamed ${features[*]} and back; the renamed tree checked and tested green, and every byte is back"
