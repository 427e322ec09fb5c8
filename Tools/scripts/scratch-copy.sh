#!/usr/bin/env bash
# scratch-copy.sh REPO: makes a copy of REPO's files (tracked and untracked, not ignored; no
# build folder) in a new temporary folder, as a git checkout with one commit, the way a fresh
# clone is; prints the folder. What make test-scaffold and make test-remove work in; the
# caller removes it.
set -euo pipefail

repo="$1"
work="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-scratch.XXXXXX")"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard) \
  | (cd "$repo" && while IFS= read -r -d '' file; do
      [ -e "$file" ] && printf '%s\0' "$file"
    done) \
  | (cd "$repo" && tar --null -T - -cf -) | tar -xf - -C "$work"
(cd "$work" && git init -q && git add -A \
  && git -c user.name=scratch -c user.email=scratch@localhost commit -qm "a fresh copy")
echo "$work"
