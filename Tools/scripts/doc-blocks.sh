#!/usr/bin/env bash
# doc-blocks.sh FILE HEADING [KIND]: the lines of the code blocks of one section of a Markdown
# file, as the doc shows them, so scripts can run what the docs tell a person to type.
#   FILE     the Markdown file (README.md, CONTRIBUTING.md, a DocC article)
#   HEADING  the section's heading line, exactly (`## Adding a screen`); the section runs to
#            the next heading of the same or a higher level
#   KIND     the blocks' language (default sh)
# Exits 1, naming the file and heading, when the section or its blocks are missing: a doc
# whose commands a check runs must keep them.
set -euo pipefail

file="$1"
heading="$2"
kind="${3:-sh}"
[ -f "$file" ] || { echo "doc-blocks: $file is not there" >&2; exit 1; }

awk -v heading="$heading" -v kind="$kind" '
  function level(line) { match(line, /^#+/); return RLENGTH }
  $0 == heading { inside = 1; depth = level($0); found = 1; next }
  inside && /^#+ / && !block && level($0) <= depth { inside = 0 }
  inside && !block && $0 == "```" kind { block = 1; blocks++; next }
  inside && block && $0 == "```" { block = 0; next }
  inside && block { print }
  END {
    if (!found) { print "doc-blocks: " FILENAME " has no heading \"" heading "\"" > "/dev/stderr"; exit 1 }
    if (!blocks) { print "doc-blocks: " FILENAME ", \"" heading "\", has no ```" kind " block" > "/dev/stderr"; exit 1 }
  }
' "$file"
