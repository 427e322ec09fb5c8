#!/usr/bin/env bash
# scratch-copy.sh REPO: makes a copy of REPO's files (tracked and untracked, not ignored; no
# build folder) in a new temporary folder, as a git checkout with one commit, the way a fresh
# clone is; prints the copy's folder. What make test-scaffold, test-docs and test-remove work
# in; the caller removes the folder holding it (`rm -rf "${work%/*}"`).
#
# The copy has REPO's own folder name (…/switchyard-scratch.XXXXXX/<name of REPO>): the root
# package's name comes from it, so with CACHE=1 the copy's compile jobs have the keys REPO's
# had and replay from the store instead of compiling (Lab/compilation-caching.md).
#
# The copy also gets REPO's record of green test runs (.build/switchyard-tests), so its make
# test runs what differs from what passed in REPO, as a person's clone would after their own
# make test; make test-all in the copy runs everything.
set -euo pipefail

repo="$1"
holder="$(mktemp -d "${TMPDIR:-/tmp}/switchyard-scratch.XXXXXX")"
work="$holder/$(basename "$(cd "$repo" && pwd)")"
mkdir "$work"
(cd "$repo" && git ls-files -z --cached --others --exclude-standard) \
  | (cd "$repo" && while IFS= read -r -d '' file; do
      [ -e "$file" ] && printf '%s\0' "$file"
    done) \
  | (cd "$repo" && tar --null -T - -cf -) | tar -xf - -C "$work"
(cd "$work" && git init -q && git add -A \
  && git -c user.name=scratch -c user.email=scratch@localhost commit -qm "a fresh copy")
if [ -d "$repo/.build/switchyard-tests" ]; then
  mkdir -p "$work/.build"
  cp -R "$repo/.build/switchyard-tests" "$work/.build/"
fi
echo "$work"
