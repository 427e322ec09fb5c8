#!/usr/bin/env bash
# Builds the DocC reference of Core's library modules and the repo's articles, offline, with
# the toolchain's own docc (no plugin, no package), for `make docs`:
#   1. symbol graphs: Core built with -emit-symbol-graph into its own scratch folder;
#   2. one archive per module, from its catalog (Sources/<Module>/<Module>.docc) and its symbol
#      graphs, plus one from Docs/Switchyard.docc (the articles about the template);
#   3. the archives merged into one static site under $DOCS/site.
# Any DocC warning fails the run (--warnings-as-errors) and is printed with its file and line.
set -euo pipefail

swift="${SWIFT:-swift}"
docc="${DOCC:-$(command -v docc || true)}"
docs="${DOCS:-.build-docs}"
core=Packages/Core

fail() { echo "make docs: $*" >&2; exit 1; }

if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v "$swift")")")/docc"
fi
[ -x "$docc" ] || fail "no docc next to $swift; install a Swift toolchain that ships DocC (5.6 or later)"

# Core's library modules: every folder under Sources.
modules=()
for folder in "$core"/Sources/*/; do
  module="$(basename "$folder")"
  [ -d "$folder$module.docc" ] \
    || fail "$folder has no $module.docc catalog; add one with a $module.md landing page"
  modules+=("$module")
done

log="$docs/logs"
mkdir -p "$log" "$docs/archives"
# A second `make docs` in the same checkout waits for the first instead of writing the same
# archives at once (flock is util-linux's; where it is missing, runs are not serialized).
if command -v flock > /dev/null; then
  exec 9> "$docs/.lock"
  flock 9
fi
graphs="$docs/symbol-graphs"
echo "docs: building Core with symbol graphs..." >&2
# DocC reads only the symbol graphs: no index data, no debug info (a fifth less CPU).
"$swift" build --package-path "$core" --scratch-path "$docs/build" \
  --disable-index-store -Xswiftc -gnone \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$(pwd)/$graphs" \
  > "$log/build.log" 2>&1 || { cat "$log/build.log"; fail "Core did not build; see above"; }

# Converts one catalog (with the symbol graphs in $3, if any) into $docs/archives/$1.doccarchive.
convert() {
  local name="$1" catalog="$2" symbols="${3:-}"
  local archive="$docs/archives/$name.doccarchive"
  rm -rf "$archive"
  local arguments=(convert "$catalog" --output-dir "$archive" --warnings-as-errors
    --fallback-display-name "$name" --fallback-bundle-identifier "org.switchyard.$name")
  [ -n "$symbols" ] && arguments+=(--additional-symbol-graph-dir "$symbols")
  if ! "$docc" "${arguments[@]}" > "$log/$name.log" 2>&1; then
    grep -E "(warning|error):" "$log/$name.log" >&2 || cat "$log/$name.log" >&2
    fail "DocC found problems in $name (above; full log $log/$name.log); fix each (a link to another module is plain \`code\`, not \`\`Symbol\`\`)"
  fi
}

for module in "${modules[@]}"; do
  # Only this module's graphs (its own and its extensions of others), so no page of another
  # module lands in its archive.
  own="$docs/graphs/$module"
  rm -rf "$own" && mkdir -p "$own"
  [ -f "$graphs/$module.symbols.json" ] || fail "no symbol graph for $module; remove .build-docs and run make docs again"
  cp "$graphs/$module.symbols.json" "$own/"
  for extension in "$graphs/$module@"*.symbols.json; do
    [ -e "$extension" ] && cp "$extension" "$own/"
  done
  convert "$module" "$core/Sources/$module/$module.docc" "$own"
done
convert Switchyard Docs/Switchyard.docc

site="$docs/site"
rm -rf "$site"
archives=("$docs/archives/Switchyard.doccarchive")
for module in "${modules[@]}"; do archives+=("$docs/archives/$module.doccarchive"); done
"$docc" merge "${archives[@]}" --synthesized-landing-page-name Switchyard \
  --synthesized-landing-page-topics-style list \
  --output-path "$site" > "$log/merge.log" 2>&1 \
  || { cat "$log/merge.log" >&2; fail "docc merge failed (above)"; }
# What a reader opens first: the landing page, a symbol page and an article, each with its
# page data (the site renders pages from data/ in the browser).
for page in documentation/index.html documentation/corestore/store/index.html \
  data/documentation/corestore/store.json data/documentation/switchyard/addingascreen.json; do
  [ -s "$site/$page" ] || fail "the site has no $page; see $log/merge.log"
done
grep -q '"title":"Store"' "$site/data/documentation/corestore/store.json" \
  || fail "Store's page does not name Store; see $log/CoreStore.log"
# Links from the template's articles to Core's pages are plain URLs (each module converts alone,
# so DocC cannot check them): each must name a page of the merged site.
for link in $(grep -ohE '\]\(/documentation/[a-z0-9/()_:-]+\)' Docs/Switchyard.docc/*.md \
  | sed -E 's/^\]\((.*)\)$/\1/' | sort -u); do
  [ -s "$site/data${link}.json" ] || fail "Docs/Switchyard.docc links to $link, which is no page of the site"
done
articles=$(find Docs/Switchyard.docc "$core"/Sources/*/*.docc -name '*.md' | wc -l)
echo "docs: ${#modules[@]} modules and $articles pages, no warnings: $site (make docs-serve shows it)"
