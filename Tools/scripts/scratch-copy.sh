# scratch-copy.sh REPO: makes a copy of REPO's files (tracked and untracked, not ignored; no
# build folder) in a new temporary folder, as a git checkout with one commit, the way a fresh
# clone is; prints the copy's folder. What make test-scaffold, test-docs, test-remove and
# test-rename work in; the caller removes the folder holding it (`rm -rf "${work%/*}"`).
#
# scratch-copy.sh --reuse DIR: puts a copy an earlier run made back as it was first (its files
# and commits; what git ignores, the build folders, stays) and prints it, so the next check
# builds on the last one's build instead of from nothing. With SWITCHYARD_SCRATCH_COPY=DIR
# those checks work in DIR this way (.ci/run gives test-docs, test-remove and test-rename one
# copy);
# the caller removes it.
#
# The copy has REPO's own folder name (…/switchyard-scratch.XXXXXX/<name of REPO>): the root
# package's name comes from it, so with CACHE=1 the copy's compile jobs have the keys REPO's
# had and replay from the store instead of compiling (Lab/compilation-caching.md).
#
# The copy also gets REPO's record of green test runs (.build/switchyard-tests), so its make
# test runs what differs from what passed in REPO, as a person's clone would after their own
# make test; make test-all in the copy runs everything.
set -euo pipefail

if [ "${1:-}" = --reuse ]; then
  work="${2:-}"
  first="$(git -C "$work" rev-list --max-parents=0 HEAD 2> /dev/null | head -1)" || first=""
  if [ -z "$first" ] || [ "$(git -C "$work" log -1 --format=%s "$first")" != "a fresh copy" ]; then
    echo "scratch-copy: '$work' is not a copy scratch-copy.sh made; give one it printed, or none" >&2
    exit 1
  fi
  cd "$work"
  # Files and commits back to the first commit, new files gone; ignored ones stay.
  git reset -q --hard "$first"
  git clean -qfd
  # A package a check added may have left its (ignored) build folder behind: a folder of
  # Packages/ git tracks nothing in goes.
  for folder in Packages/*/ Packages/Clients/*/; do
    [ -d "$folder" ] || continue
    [ -n "$(git ls-files -- "$folder" | head -1)" ] || rm -rf "$folder"
  done
  echo "$work"
  exit 0
fi

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
