# Switchyard's front door. `make help` lists the targets.
# Every package builds alone in its own .build folder, with only the Swift toolchain.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

SWIFT ?= swift
# The folder of this Makefile, so its scripts are found from wherever make runs.
REPO := $(patsubst %/,%,$(dir $(abspath $(lastword $(MAKEFILE_LIST)))))
# Packages in dependency order: Core, the clients, the features, the App, the tools, the
# cross-module tests.
CLIENTS := $(sort $(patsubst %/Package.swift,%,$(wildcard Packages/Clients/*/Package.swift)))
FEATURES := $(sort $(patsubst %/Package.swift,%,$(wildcard Packages/*Feature/Package.swift)))
PACKAGES := $(patsubst %/Package.swift,%,$(wildcard Packages/Core/Package.swift)) $(CLIENTS) \
  $(FEATURES) \
  $(patsubst %/Package.swift,%,$(wildcard App/Package.swift Tools/Package.swift Tests/Package.swift))
# The root workspace: Package.swift at the root, written by make generate from the packages'
# manifests, holds every package but Tools, TCAExamples, Fuzz and Lab, so one build compiles
# each module once.
# build, run and test go through it (and Tools); each package still builds alone.
WORKSPACE := $(if $(wildcard Package.swift),.,)
# TCAExamples (TCA's example apps ported: Core's conformance to TCA) is make test-all's, as
# TCA's examples are its CI's and not its swift test's.
EXAMPLES := $(wildcard TCAExamples)
TEST_PACKAGES ?= $(if $(WORKSPACE),. $(wildcard Tools),$(PACKAGES)) $(if $(filter 1,$(TEST_ALL)),$(EXAMPLES),)
# FAST=1 (what make dev sets): the fast loop's flags for building and running the root
# workspace, into its own .build-dev so switching does not rebuild everything. No index store
# (SourceKit-LSP does not index while building; swift test needs it on Linux to find tests,
# so make test ignores FAST), no debug info (lldb shows no variables or lines), lld to link
# (Linux, where the toolchain ships it). See ARCHITECTURE.md, "The root workspace".
FAST ?= 0
FAST_ONLY_FLAGS := --disable-index-store -Xswiftc -gnone \
  $(if $(filter Linux,$(shell uname -s)),-Xswiftc -use-ld=lld,)
FAST_FLAGS := --scratch-path .build-dev $(FAST_ONLY_FLAGS)
# CACHE=1: the root workspace is built through the compilation cache, a per-user store of
# compiled jobs every clone shares (Tools/scripts/compile-cache.sh, which says on its first
# line that it is on and where the store is; Lab/compilation-caching.md). Each clone builds in
# its own .build-cache (.build-dev-cache with FAST=1), one clone at a time. make clean-cache
# empties the store.
CACHE ?= 0
SWITCHYARD_CACHE_HOME ?= $(or $(XDG_CACHE_HOME),$(HOME)/.cache)/switchyard
export SWITCHYARD_CACHE_HOME
CACHE_SCRIPT := $(REPO)/Tools/scripts/compile-cache.sh
CACHE_ON := $(if $(WORKSPACE),$(filter 1,$(CACHE)),)
CACHE_FLAGS := $(if $(CACHE_ON),$(shell SWITCHYARD_CACHE_HOME='$(SWITCHYARD_CACHE_HOME)' \
  "$(CACHE_SCRIPT)" flags "$(CURDIR)"),)
# Expanded where used, so make dev's FAST reaches the run it depends on.
WORKSPACE_FLAGS = $(if $(CACHE_ON),$(CACHE_FLAGS) $(if $(filter 1,$(FAST)),$(FAST_ONLY_FLAGS),),$(if $(filter 1,$(FAST)),$(FAST_FLAGS),))
WORKSPACE_BUILD = $(if $(CACHE_ON),$(if $(filter 1,$(FAST)),.build-dev-cache,.build-cache),$(if $(filter 1,$(FAST)),.build-dev,.build))
# The prefix that runs a command with the cache ready (the build folder linked, the lock held).
CACHED = $(if $(CACHE_ON),"$(CACHE_SCRIPT)" run $(WORKSPACE_BUILD) --,)
SOURCE_DIRS := $(wildcard Packages App Tools Tests TCAExamples Fuzz Lab)
# SwiftPM 6.3 reuses a cached build plan that misses a file added to a dependency package
# (see Lab/stale-plan-repro); dropping the plan first costs about a second a package.
# The root workspace needs none of this: SwiftPM plans the root package's folders anew.
FORGET_PLAN = [ "$$package" = . ] || rm -f "$$package"/.build/*/debug/description.json
V ?= 0

ARCHCHECK = $(SWIFT) run --quiet --package-path Tools archcheck --root "$(CURDIR)"

.PHONY: help build dev preview test test-all clean-cache test-release test-scaffold test-docs test-remove test-rename fuzz run format lint check check-build generate graph feature route remove-feature rename-feature coverage docs docs-serve clean

help: ## List the targets
	@echo "Switchyard: a modular Swift app template. Targets:"
	@grep -hE '^[a-z-]+:.*## ' $(firstword $(MAKEFILE_LIST)) | awk -F':.*## ' '{ printf "  make %-15s %s\n", $$1, $$2 }'
	@if [ -f "$(REPO)/Lab/lab.mk" ]; then \
	  echo "The measuring lab (Lab/):"; \
	  grep -hE '^[a-z-]+:.*## ' "$(REPO)/Lab/lab.mk" | awk -F':.*## ' '{ printf "  make %-15s %s\n", $$1, $$2 }'; \
	fi
	@echo "Packages, in build order: $(PACKAGES)"

# Before a build of the root workspace into $(1): every module whose types' layout changed
# since the last build there, and every module built on it, is marked to compile again, which
# the driver's incremental build would miss (Tools/scripts/layout-guard.sh,
# Lab/stale-layout-repro). A body edit marks nothing. archcheck.sh runs the built tool directly
# when it is current, so this costs milliseconds.
ARCHCHECK_TOOL ?= "$(REPO)/Tools/scripts/archcheck.sh"
LAYOUT_GUARD = $(if $(WORKSPACE),"$(REPO)/Tools/scripts/layout-guard.sh" $(1) -- $(ARCHCHECK_TOOL) --root "$(CURDIR)",:)

# After a failed build: one line when the cause is generated code left behind by a route or
# screen-list edit without make generate (the compiler would point inside a generated file).
EXPLAIN_FAILURE = $(ARCHCHECK) generate --check >&2 || true

build: ## Build the root workspace (every app package, previews and demo) and the tools
	@for package in $(TEST_PACKAGES); do \
	  echo "==> build $$package"; \
	  $(FORGET_PLAN); \
	  if [ "$$package" = . ]; then \
	    $(call LAYOUT_GUARD,$(WORKSPACE_BUILD)); \
	    $(CACHED) $(SWIFT) build $(WORKSPACE_FLAGS) || { $(EXPLAIN_FAILURE); exit 1; }; \
	  else \
	    $(SWIFT) build --package-path "$$package" || { $(EXPLAIN_FAILURE); exit 1; }; \
	  fi; \
	done

# Selective: a package's tests run only when it or a package it depends on changed since its
# last green run (Tools/scripts/test-selection.sh); make test-all (and CI) runs them all. The
# Tools' tests (the template's machinery, not the app) are left to make test-all while the Tools
# and the files they read are as the clone has them (git's HEAD); a change to them runs them.
TEST_ALL ?= 0
# On Linux, swift test finds XCTest tests through the index store, which a compile job replayed
# from the cache does not write: in a clone whose jobs replay (a second clone, a warm store),
# the build fails at test discovery ("Failed opening …/index/store/v5/units/…"). There make
# test builds the workspace without the cache, and says so.
CACHE_TEST_ON := $(if $(filter Linux,$(shell uname -s)),,$(CACHE_ON))
test: ## Run the tests of what changed since the last green run: workspace, and tools built alongside it (V=1: full output)
	@$(if $(CACHE_TEST_ON),echo "compile-cache: on for the workspace; store $(SWITCHYARD_CACHE_HOME)/cas; CACHE=0 builds without it" >&2,:)
	@$(if $(CACHE_ON),$(if $(CACHE_TEST_ON),:,echo "compile-cache: off for make test on Linux (test discovery reads index data a replayed job does not write); the tests build in .build" >&2),:)
	@$(call LAYOUT_GUARD,$(if $(CACHE_TEST_ON),$(WORKSPACE_BUILD),.build))
	@SWIFT="$(SWIFT)" V="$(V)" EXPLAIN_FAILURE='$(EXPLAIN_FAILURE)' SWITCHYARD_TEST_ALL='$(TEST_ALL)' \
	  WORKSPACE_PACKAGES='$(filter-out Tools,$(PACKAGES))' LEFT_FOR_TEST_ALL='$(EXAMPLES)' \
	  SWITCHYARD_AS_CLONED='$(wildcard Tools)' \
	  WORKSPACE_TEST_FLAGS='$(if $(CACHE_TEST_ON),$(CACHE_FLAGS),)' WORKSPACE_BUILD='$(if $(CACHE_TEST_ON),$(WORKSPACE_BUILD),.build)' \
	  WORKSPACE_WRAPPER='$(if $(CACHE_TEST_ON),$(CACHE_SCRIPT) run $(WORKSPACE_BUILD) --,)' \
	  LAYOUT_GUARD_ALONE='$(if $(WORKSPACE),"$(REPO)/Tools/scripts/layout-guard.sh" @PACKAGE@/.build -- $(ARCHCHECK_TOOL) --root "$(CURDIR)",)' \
	  "$(REPO)/Tools/scripts/test-packages.sh" $(TEST_PACKAGES)

test-all: TEST_ALL = 1
test-all: test ## Run every test, changed or not, and TCA's examples ported to Core (what CI runs)

# Each module whole-module optimised, as a library's release tests are (TCA's too), without the
# cross-module optimisation Core's manifest asks for: with it every test module would compile
# Core's runtime and TestStore again for each of its reducers (371 s of CPU instead of 182 s).
# The task-local crash of ac3b2f3, Core's one release-only bug, still crashes this build when
# reverted. Core specialised across modules, as an app's release build has it, runs in make
# benchmark-check (stores, scopes, effects and a TestStore, optimised with CMO).
test-release: ## Run Core's tests in a release build (optimised code has crashed where debug did not)
	@$(SWIFT) test -c release -Xswiftc -enable-testing -Xswiftc -disable-cmo --package-path Packages/Core

# NAME reaches the script through the environment, unexpanded, as for make feature.
test-scaffold: export SWITCHYARD_SCAFFOLD_NAME := $(value NAME)
test-scaffold: ## Add a screen in a copy of the repo as CONTRIBUTING says (NAME=Xyz for another name): build, check, test, open it
	@"$(REPO)/Tools/scripts/scaffold-check.sh"

test-docs: ## Run the docs' commands as they are written: README's session, "Adding a screen" with its name and a new one
	@"$(REPO)/Tools/scripts/docs-check.sh"

test-remove: ## Remove the features one by one in a copy of the repo (make remove-feature), then build, check and test it
	@"$(REPO)/Tools/scripts/remove-check.sh"

test-rename: ## Rename every feature and back in a copy of the repo (make rename-feature): the renamed tree checked and tested, every byte back
	@"$(REPO)/Tools/scripts/rename-check.sh"

# libFuzzer on the demo's console (see Fuzz/Package.swift): FUZZ_SECONDS of generated input,
# seeded with the transcripts; a crash leaves its input in .build-fuzz/artifacts.
FUZZ_SECONDS ?= 30
fuzz: ## Fuzz the demo's input, tokenizer and commands for FUZZ_SECONDS (default 30)
	@echo "building the fuzz target (sanitizers; the first build takes a minute or two)..." >&2
	@$(SWIFT) build --quiet --package-path Fuzz --scratch-path Fuzz/.build-fuzz --disable-index-store \
	  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld
	@mkdir -p Fuzz/.build-fuzz/corpus Fuzz/.build-fuzz/artifacts
	@SWIFT_BACKTRACE=enable=no Fuzz/.build-fuzz/debug/DemoFuzz \
	  Fuzz/.build-fuzz/corpus Tests/Transcripts \
	  -max_total_time=$(FUZZ_SECONDS) -max_len=1024 -timeout=10 -print_final_stats=1 \
	  -artifact_prefix=Fuzz/.build-fuzz/artifacts/ 2>&1 | grep -E "^(#[0-9]+ +DONE|stat::number_of_executed_units|==|SUMMARY|Done)|ERROR|crash" ; \
	  status=$${PIPESTATUS[0]}; \
	  if [ "$$status" -ne 0 ]; then echo "fuzz: the target failed (exit $$status); the input is in Fuzz/.build-fuzz/artifacts" >&2; fi; \
	  exit $$status

run: ## Run the text-driven demo (pass ARGS="--help" for its options)
	@if [ ! -f App/Package.swift ]; then \
	  echo "error: App/Package.swift is not there yet; the demo arrives with the App package" >&2; \
	  exit 1; \
	fi
	@if [ ! -x $(if $(WORKSPACE),$(WORKSPACE_BUILD),App/.build)/debug/demo ]; then \
	  echo "building the demo (first time only; about a minute)..." >&2; \
	fi
	@# Ctrl-C ends the demo with status 130 after it has saved and said so; the demo takes the
	@# terminal for itself (TerminalForeground), so make never sees the signal, and that status
	@# is not an error of make's to report.
	@$(call LAYOUT_GUARD,$(WORKSPACE_BUILD))
	@$(CACHED) $(SWIFT) build --quiet --package-path $(if $(WORKSPACE),. $(WORKSPACE_FLAGS),App) \
	  --product demo || { $(EXPLAIN_FAILURE); exit 1; }
	@# With the cache, the demo runs from this clone's build folder, not through the shared link
	@# (another clone may build through it meanwhile).
	@status=0; \
	$(if $(CACHE_ON),$(WORKSPACE_BUILD)/debug/demo,$(SWIFT) run --quiet --skip-build \
	  --package-path $(if $(WORKSPACE),. $(WORKSPACE_FLAGS),App) demo) $(ARGS) || status=$$?; \
	if [ "$$status" -ne 0 ] && [ "$$status" -ne 130 ]; then exit "$$status"; fi

dev: FAST = 1
dev: run ## make run in the fast loop: no index store, no debug info, lld (FAST=1 does it for make build too)

# A feature's preview, its package built alone (in its own .build), the layout guard first as
# for every build make runs. NAME reaches the script through the environment, unexpanded.
preview: export SWITCHYARD_PREVIEW_NAME := $(value NAME)
preview: ## Run a feature's preview alone (its package's own build, the layout guard first): make preview NAME=Hoge
	@name="$$SWITCHYARD_PREVIEW_NAME"; package="Packages/$${name}Feature"; \
	if ! [[ "$$name" =~ ^[A-Za-z][A-Za-z0-9]*$$ ]] || [ ! -f "$$package/Package.swift" ]; then \
	  echo "error: no feature '$$name'; give one of: $(patsubst Packages/%Feature,%,$(FEATURES)) (make preview NAME=Hoge)" >&2; \
	  exit 2; \
	fi; \
	rm -f "$$package"/.build/*/debug/description.json; \
	"$(REPO)/Tools/scripts/layout-guard.sh" "$$package/.build" -- $(ARCHCHECK_TOOL) --root "$(CURDIR)"; \
	$(SWIFT) run --quiet --package-path "$$package" "$${name}Preview" $(ARGS)

format: ## Format every Swift file with the committed .swift-format
	$(SWIFT) format format --in-place --recursive --parallel $(SOURCE_DIRS)

lint: ## Check formatting and style (swift format lint --strict); fails on any finding
	$(SWIFT) format lint --strict --recursive --parallel $(SOURCE_DIRS)

check: ## Lint and the architecture rules (archcheck verify); reports both, then fails if either did
	@"$(REPO)/Tools/scripts/check.sh" "$(SWIFT)" '$(ARCHCHECK)' $(SOURCE_DIRS)

check-build: check ## check, plus building each feature alone and the App with the import check
	@$(ARCHCHECK) verify --build $(if $(CACHE_ON),--cache "$(CACHE_SCRIPT)",)

generate: ## Write everything generated: case paths and screen code (*.generated.swift), the root Package.swift, the editor workspaces, Docs/ModuleGraph.md (make check verifies)
	@$(ARCHCHECK) generate

graph: ## Write the module graph (Mermaid) into Docs/ModuleGraph.md; DOT with ARGS=--format dot
	@$(ARCHCHECK) graph $(ARGS)

# The name reaches archcheck through the environment, unexpanded: neither make nor the shell
# ever reads it as code (make feature NAME='`touch x`' only gets a one-line refusal). NAME
# itself is not exported, since exporting would expand it (a $(shell ...) in it would run).
unexport NAME
feature: export SWITCHYARD_FEATURE_NAME := $(value NAME)
feature: ## Scaffold a feature package and wire it into the App (and regenerate): make feature NAME=Piyo
	@$(ARCHCHECK) new-feature

# FROM and TO reach archcheck through the environment, unexpanded, like NAME above.
unexport FROM TO
route: export SWITCHYARD_ROUTE_FROM := $(value FROM)
route: export SWITCHYARD_ROUTE_TO := $(value TO)
route: export SWITCHYARD_EDIT_CHECK = $(EDIT_CHECK)
route: ## Let a feature open a screen: route case, action, reducer case, view command, test: make route FROM=Hoge TO=Piyo
	@$(ARCHCHECK) new-route

# NAME reaches archcheck through the environment, unexpanded, as for make feature; DRY_RUN=1
# lists what would change and changes nothing.
DRY_RUN ?= 0
remove-feature: export SWITCHYARD_FEATURE_NAME := $(value NAME)
# What a removal or a route is checked by before it is kept (archcheck runs it, and puts
# everything back when it fails): the layout guard, a build of the workspace and its tests, and
# the golden transcripts in record mode, so one whose output the edit changed (a screen's
# command list) is brought up to date.
EDIT_CHECK = $(if $(WORKSPACE),$(call LAYOUT_GUARD,.build) \
  && $(SWIFT) build --build-tests --quiet \
  && SWITCHYARD_RECORD_TRANSCRIPTS=1 $(SWIFT) test --skip-build --quiet --filter TranscriptTests,)
remove-feature: export SWITCHYARD_EDIT_CHECK = $(EDIT_CHECK)
remove-feature: ## Remove a feature and what refers to it in code, then build and test it: make remove-feature NAME=Fuga (DRY_RUN=1 lists it)
	@$(ARCHCHECK) remove-feature $(if $(filter 1,$(DRY_RUN)),--dry-run,)

# FROM and TO reach archcheck through the environment, unexpanded, as for make route.
rename-feature: export SWITCHYARD_RENAME_FROM := $(value FROM)
rename-feature: export SWITCHYARD_RENAME_TO := $(value TO)
rename-feature: export SWITCHYARD_EDIT_CHECK = $(EDIT_CHECK)
rename-feature: ## Rename a feature, its screen, routes, tests and transcripts, then build it and its tests: make rename-feature FROM=Hoge TO=Profile (DRY_RUN=1 lists it)
	@$(ARCHCHECK) rename-feature $(if $(filter 1,$(DRY_RUN)),--dry-run,)

coverage: ## Print the line coverage of Core's sources (runs Core's tests with coverage)
	@$(SWIFT) test --package-path Packages/Core --enable-code-coverage > /dev/null
	@bin="$$($(SWIFT) build --package-path Packages/Core --show-bin-path)"; \
	llvm_cov="$$(dirname "$$(command -v swift)")/llvm-cov"; \
	[ -x "$$llvm_cov" ] || llvm_cov=llvm-cov; \
	"$$llvm_cov" report "$$bin/CorePackageTests.xctest" \
	  -instr-profile="$$bin/codecov/default.profdata" \
	  -ignore-filename-regex='(/Tests/|/\.build/)' \
	  | tee /dev/stderr | awk '/^TOTAL/ { print "Core line coverage: " $$10 }'

# DocC, offline: symbol graphs from a build of Core, docc convert per module with
# --warnings-as-errors, docc merge into one static site (see Tools/scripts/docs.sh).
DOCS_PORT ?= 8000
docs: ## Build the DocC reference of Core's modules and the articles into .build-docs/site (any warning fails)
	@SWIFT="$(SWIFT)" "$(REPO)/Tools/scripts/docs.sh"

docs-serve: docs ## Serve the reference on http://127.0.0.1:8000/documentation/ (DOCS_PORT=...; Ctrl-C stops it)
	@echo "serving http://127.0.0.1:$(DOCS_PORT)/documentation/ (Ctrl-C stops it)"
	@python3 -m http.server --bind 127.0.0.1 --directory .build-docs/site $(DOCS_PORT)

clean: ## Remove every build folder
	@for package in $(PACKAGES) $(EXAMPLES); do rm -rf "$$package/.build"; done
	rm -rf .build .build-dev .build-cache .build-dev-cache .build-docs .build-archcheck Fuzz/.build-fuzz $(LAB_CLEAN)

clean-cache: ## Empty the compilation cache every clone shares (CACHE=1)
	@"$(CACHE_SCRIPT)" clean

# The measuring lab (build times, benchmarks, the SwiftPM bug reproduction) has its own
# package and targets in Lab/; a project started from the template can delete the folder.
-include $(REPO)/Lab/lab.mk
