#!/usr/bin/env bash
# `make test-docs`: the commands the docs show a person, run as the docs show them, so a doc
# whose commands stop working fails CI:
#   1. README.md's "A short session": each `$ ` command of its text block, run in this repo;
#      every line the block shows under it (but `...`) must come out, in that order;
#   0. README.md fits a screen and a half: at most 1,000 words, no line over 120 characters
#      outside code blocks (the rest belongs in Docs/Commands.md and the docs it links); and
#      the reading path (README, ARCHITECTURE, CONTRIBUTING, the router and roots articles) is
#      at most 5,000 words;
#   2. CONTRIBUTING.md's "Adding a screen" (the DocC article "Adding a screen" gives the same
#      commands): make test-scaffold with the docs' own name and a name the repo has never
#      seen, side by side in a fresh copy: both built, checked, tested, opened in the demo.
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
scripts="$repo/Tools/scripts"
cd "$repo"
fail() { echo "test-docs: $*" >&2; exit 1; }

echo "==> README.md fits a page"
words="$(wc -w < README.md)"
[ "$words" -le 1000 ] || fail "README.md has $words words; keep it to 1,000 (move the rest to Docs/Commands.md)"
long="$(awk '/^```/ { code = !code; next } !code && length($0) > 120 { print FNR; exit }' README.md)"
[ -z "$long" ] || fail "README.md:$long is over 120 characters outside a code block; wrap it or move it to Docs/Commands.md"
path=(README.md ARCHITECTURE.md CONTRIBUTING.md Docs/Switchyard.docc/TheRouter.md Docs/Switchyard.docc/RootsTabsAndLinks.md)
words="$(cat "${path[@]}" | wc -w)"
[ "$words" -le 5000 ] || fail "the reading path (${path[*]}) has $words words; keep it to 5,000 (move detail to Docs/)"

echo "==> README.md, \"A short session\""
block="$("$scripts/doc-blocks.sh" README.md "## A short session" text)"
command=""
expected=""
check_session() {
  [ -n "$command" ] || return 0
  echo "    \$ $command"
  output="$(bash -c "$command" 2>/dev/null)" || fail "README.md's command failed: $command"
  # Every shown line in order, each after the one before.
  missing="$(shown="$expected" awk '
    BEGIN { count = split(ENVIRON["shown"], lines, "\n"); next_line = 1 }
    next_line <= count && $0 == lines[next_line] { next_line++ }
    END { if (next_line <= count) print lines[next_line] }
  ' <<< "$output")"
  [ -z "$missing" ] || fail "README.md shows a line the command does not print: '$missing' (command: $command)"
}
while IFS= read -r line; do
  if [[ "$line" == '$ '* ]]; then
    check_session
    command="${line#\$ }"
    expected=""
  elif [ "$line" != "..." ]; then
    expected+="${expected:+$'\n'}$line"
  fi
done <<< "$block"
check_session

# The docs' name and one the repo has never seen, side by side in one copy: each added and
# routed by the docs' commands, then built, checked, tested and opened together. With
# SWITCHYARD_SCRATCH_COPY (.ci/run), the copy an earlier check made, which builds on that
# check's build and which the caller removes.
if [ -n "${SWITCHYARD_SCRATCH_COPY:-}" ]; then
  work="$SWITCHYARD_SCRATCH_COPY"
else
  work="$("$scripts/scratch-copy.sh" "$repo")"
  trap 'rm -rf "${work%/*}"' EXIT
fi
fresh="Quux$RANDOM"
while [ -e "Packages/${fresh}Feature" ]; do fresh="Quux$RANDOM"; done
echo "==> CONTRIBUTING.md and the DocC article, \"Adding a screen\", with the docs' name and one the repo has never seen, $fresh"
SWITCHYARD_SCRATCH_COPY="$work" SWITCHYARD_SCAFFOLD_DOCS_NAME_TOO=1 SWITCHYARD_SCAFFOLD_NAME="$fresh" \
  "$scripts/scaffold-check.sh"
echo "test-docs: the docs' commands work as written"
