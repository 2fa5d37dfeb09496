# The project's verbs. `make help` lists them.
SWIFT    ?= swift
LECTURE  := .build/release/lecture
# Debian packages the tool and its tests need (apt-get installs the missing ones).
PACKAGES := pkg-config libcmark-dev libssl-dev graphviz libjs-highlight.js
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: help deps build site check test clean

help: ## Show this list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

deps: ## Install the missing Debian packages (apt-get, with sudo when not root)
	@missing=""; for p in $(PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi

build: deps ## Build the lecture tool (release)
	$(SWIFT) build -c release --product lecture

site: build ## Build the bundled lecture into _site/
	$(LECTURE) build

check: build ## Verify every Swift sample of the lecture
	$(LECTURE) check

test: deps ## Run the test suite
	$(SWIFT) build --build-tests
	$(SWIFT) test

clean: ## Remove build products and the built site
	rm -rf .build _site
