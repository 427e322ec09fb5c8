# The measuring lab's targets, included by the root Makefile (paths are from the repo root).
# Everything here measures the template; nothing in the template depends on it.

LAB := Lab
BUILDTIME = $(SWIFT) run --quiet --package-path $(LAB) buildtime
# Fresh reports go to reports/ (ignored by git); the committed ones live in Lab/reports/.
REPORTS = reports
LAB_CLEAN := $(LAB)/.build $(LAB)/.build-benchmark

.PHONY: test-lab timing timing-baseline timing-scale benchmark benchmark-check benchmark-items stale-plan stale-layout fuzz-edits

test-lab: ## Run the lab's tests: buildtime (on fixture repos) and the benchmarks' checks
	@SWIFT="$(SWIFT)" V="$(V)" "$(REPO)/Tools/scripts/test-packages.sh" $(LAB)

# The newest committed report of make timing: its files are edited again, and the rows that
# moved are listed (make timing BASELINE= measures without comparing).
BASELINE ?= $(lastword $(sort $(wildcard $(LAB)/reports/*-timing-repo.json)))
timing: ## Time incremental builds of demo per module and edit, against the committed report (a clean tree)
	@mkdir -p $(REPORTS)
	@$(BUILDTIME) repo --root "$(CURDIR)" --markdown $(REPORTS)/timing-repo.md \
	  --json $(REPORTS)/timing-repo.json --svg $(REPORTS)/timing-repo.svg \
	  $(if $(BASELINE),--baseline "$(BASELINE)",) $(ARGS)

# The committed baseline make timing compares with, measured anew over every module and
# scenario into Lab/reports/<today>-timing-repo.{md,json,svg} (a clean tree; on 2 cores 24
# minutes with ARGS="--runs 1", about three times that with the default 3 runs). Commit the three
# files with the change that moved the build graph.
TODAY := $(shell date +%Y-%m-%d)
timing-baseline: ## Measure the committed baseline of make timing anew (Lab/reports/<today>-timing-repo.*)
	@$(BUILDTIME) repo --root "$(CURDIR)" --markdown $(LAB)/reports/$(TODAY)-timing-repo.md \
	  --json $(LAB)/reports/$(TODAY)-timing-repo.json --svg $(LAB)/reports/$(TODAY)-timing-repo.svg $(ARGS)

timing-scale: ## Time packages vs one manifest vs monolith for N = 4, 16, 64 features (report in reports/)
	@mkdir -p $(REPORTS)
	@$(BUILDTIME) scale --root "$(CURDIR)" --markdown $(REPORTS)/timing-scale.md \
	  --json $(REPORTS)/timing-scale.json --svg $(REPORTS)/timing-scale.svg $(ARGS)

benchmark: ## Plain Swift vs Core per action: wall time and callgrind instructions (see Lab/README.md)
	@# A clean release build every time: an incremental one with cross-module optimisation
	@# can keep stale specialisations and measure code that no longer exists.
	rm -rf $(LAB)/.build-benchmark
	$(SWIFT) build --package-path $(LAB) --scratch-path $(LAB)/.build-benchmark \
	  -c release --product core-benchmark
	$(LAB)/.build-benchmark/release/core-benchmark $(BENCHMARK_FLAGS)

# Core's instructions per action, counted by callgrind (the same on any load), against the
# budgets committed in benchmark-budgets.txt: fails on a case more than 10% over its budget.
# A change that costs more on purpose raises the budget in the same commit.
benchmark-check: ## Fail when a benchmark case costs >10% more instructions than its committed budget
	@rm -rf $(LAB)/.build-benchmark
	@$(SWIFT) build --quiet --package-path $(LAB) --scratch-path $(LAB)/.build-benchmark \
	  -c release --product core-benchmark
	@$(LAB)/.build-benchmark/release/core-benchmark --check $(LAB)/benchmark-budgets.txt

# The item file against the floor of reading and writing the same JSON (ITEMS items, default
# a million), each case in its own process, and the demo on that file; about a minute.
ITEMS ?= 1000000
benchmark-items: ## Item file load and save vs plain JSON: CPU, wall, peak memory (ITEMS=N)
	$(SWIFT) build -c release --product demo
	$(SWIFT) build -c release --package-path $(LAB) --product items-file-benchmark
	$(LAB)/.build/release/items-file-benchmark --items $(ITEMS) \
	  --demo "$$($(SWIFT) build -c release --show-bin-path)/demo"

# The edit fuzzer, in a copy of the repo (its files as a fresh clone has them; the repo itself
# untouched): EDITS random edits, each built incrementally and clean, the demos compared. SEED
# makes the same edits again; without one, a random seed is printed. CI runs a few edits; more
# on demand (make fuzz-edits EDITS=500). A copy whose run found a difference is kept, and named.
EDITS ?= 10
SEED ?=
fuzz-edits: ## Make EDITS random edits in a copy of the repo; each incremental build must match a clean one (SEED=N repeats a run)
	@copy="$$("$(REPO)/Tools/scripts/scratch-copy.sh" "$(CURDIR)")"; \
	  status=0; \
	  $(BUILDTIME) fuzz --root "$$copy" \
	    --edits "$(EDITS)" $(if $(SEED),--seed "$(SEED)",) || status=$$?; \
	  if [ "$$status" -eq 0 ]; then rm -rf "$${copy%/*}"; else echo "fuzz-edits: the copy is kept in $$copy" >&2; fi; \
	  exit "$$status"

stale-layout: ## Reproduce the driver's stale layout (Lab/stale-layout-repro; --template with ARGS=--template)
	@$(LAB)/stale-layout-repro/repro.sh $(ARGS)

stale-plan: ## Reproduce SwiftPM's stale build plan for dependency packages (exit 1 while the bug is there)
	@$(LAB)/stale-plan-repro/repro.sh
