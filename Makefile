# The two commands a new machine needs: `make demo` and `make test`.
PREFIX ?= /usr/local
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
SYSTEM_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libpcre2-dev pkg-config groff-base man-db bsdextrautils
# The standard library linked in, and a position-dependent executable: the loader then
# applies none of the 45,000 relocations a position-independent one needs at each start
# (`vault --version` 2.1 ms against 2.7, `capture` 4.0 against 4.5), at the cost of the
# main image's address randomization; the shared libraries keep theirs. Nor does it export its
# symbols (427 against 6,672): glibc's `dladdr`, called at each start, searches them one by one
# (`vault --version` 2.0 ms against 2.2).
RELEASE_FLAGS := -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic
DEMO := Fixtures/demo
VAULT := .build/release/vault
# The official MCP Python SDK, which the real-client test drives `vault mcp` with, in a
# virtual environment outside the repository (made by `make test-deps` only when missing).
CACHE_HOME := $(if $(filter /%,$(XDG_CACHE_HOME)),$(XDG_CACHE_HOME),$(HOME)/.cache)
MCP_VENV := $(CACHE_HOME)/vault-test-tools/mcp-venv
MCP_SDK := mcp==2.3.0

.PHONY: deps test-deps build release demo test test-clean check-seams install clean

# Installs the system libraries (and the tools the tests read the manual page with) only when missing.
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libcmark-gfm || ! pkg-config --exists libpcre2-8 \
		|| ! command -v groff >/dev/null 2>&1 || ! command -v man >/dev/null 2>&1 || ! command -v col >/dev/null 2>&1; then \
		echo "Installing $(SYSTEM_PACKAGES) from Debian's packages"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq $(SYSTEM_PACKAGES); \
	fi

# What the tests need beyond the build, each installed only when missing: the MCP Python
# SDK (in a virtual environment outside the repository) and Neovim, the real clients
# `vault mcp` and `vault lsp` are tested with, and Graphviz, which reads `vault graph`.
test-deps:
	@if ! command -v nvim >/dev/null 2>&1; then \
		echo "Installing neovim from Debian's packages (the language server's tests drive it)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq neovim; \
	fi
	@if ! command -v dot >/dev/null 2>&1; then \
		echo "Installing graphviz from Debian's packages (a test renders vault graph's DOT output with it)"; \
		$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq graphviz; \
	fi
	@if ! "$(MCP_VENV)/bin/python" -c 'import mcp' >/dev/null 2>&1; then \
		echo "Installing $(MCP_SDK) from PyPI into $(MCP_VENV)"; \
		if ! python3 -m venv "$(MCP_VENV)" >/dev/null 2>&1; then \
			echo "Installing python3-venv from Debian's packages (for that virtual environment)"; \
			$(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq python3 python3-venv; \
			rm -rf "$(MCP_VENV)"; python3 -m venv "$(MCP_VENV)"; \
		fi && "$(MCP_VENV)/bin/pip" install --quiet "$(MCP_SDK)" \
			|| { echo "make test-deps: cannot install $(MCP_SDK) into $(MCP_VENV) (python3 with venv and a network are needed)"; exit 1; }; \
	fi

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product vault

demo: release
	@echo '$$ vault --vault $(DEMO) info'
	@$(VAULT) --vault $(DEMO) info
	@echo
	@echo '$$ vault --vault $(DEMO) list --folder journals'
	@$(VAULT) --vault $(DEMO) list --folder journals
	@echo
	@echo '$$ vault --vault $(DEMO) tags'
	@$(VAULT) --vault $(DEMO) tags
	@echo
	@echo '$$ vault --vault $(DEMO) find kyoto'
	@$(VAULT) --vault $(DEMO) find kyoto
	@echo
	@echo '$$ vault --vault $(DEMO) search --exact lentil'
	@$(VAULT) --vault $(DEMO) search --exact lentil -q
	@echo
	@echo '$$ vault --vault $(DEMO) tasks --tree --note "Vault CLI"'
	@$(VAULT) --vault $(DEMO) tasks --tree --note "Vault CLI"
	@echo
	@echo '$$ vault --vault $(DEMO) backlinks "Vault CLI"'
	@$(VAULT) --vault $(DEMO) backlinks "Vault CLI" -q
	@echo
	@echo '$$ vault --vault $(DEMO) rename "Vault CLI" "Vault Tool" --dry-run --skip-unavailable   (a plan, nothing written)'
	@$(VAULT) --vault $(DEMO) rename "Vault CLI" "Vault Tool" --dry-run --skip-unavailable -q | head -12
	@echo
	@echo '$$ vault --vault $(DEMO) doctor   (the demo vault holds a placeholder and two conflict copies on purpose: exit 1)'
	@$(VAULT) --vault $(DEMO) doctor || true

# A run that has not ended after TEST_DEADLINE seconds is stopped, with where it hung.
TEST_DEADLINE ?= 1800

test: deps test-deps
	$(SWIFT) build --build-tests
	.ci/with-deadline $(TEST_DEADLINE) $(SWIFT) test --skip-build

# `make test` in a fresh clone of HEAD, under umask 077, in two far-apart time zones, twice.
test-clean:
	.ci/test-clean-clone

# The release binary holds no test seam: neither the crash seam's type (its mangled name) nor
# the variable that sets it off, which only debug builds compile (VAULT_TEST_SEAMS, see
# Package.swift); and a rename asked to crash before its first step runs to the end.
check-seams: release
	@for name in VAULT_TEST_CRASH_AT 8VaultCLI9CrashSeamO; do \
		if grep -q -a "$$name" $(VAULT); then echo "check-seams: the release vault holds the test seam $$name"; exit 1; fi; \
	done
	@copy="$$(mktemp -d)"; trap 'rm -rf -- "$$copy"' EXIT; cp -R $(DEMO)/. "$$copy"; \
	VAULT_TEST_CRASH_AT=1 $(VAULT) --vault "$$copy" rename "Vault CLI" "Vault Tool" --skip-unavailable -q > /dev/null; \
	status=$$?; if [ $$status -ne 0 ]; then echo "check-seams: the release rename under VAULT_TEST_CRASH_AT=1 exited $$status"; exit 1; fi; \
	if [ ! -f "$$copy/pages/Projects/Vault Tool.md" ]; then echo "check-seams: the release rename did not finish"; exit 1; fi
	@echo "check-seams: the release vault holds no test seam"

install: release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 $(VAULT) $(DESTDIR)$(PREFIX)/bin/vault
	install -d $(DESTDIR)$(PREFIX)/share/man/man1
	$(VAULT) man > $(DESTDIR)$(PREFIX)/share/man/man1/vault.1

clean:
	rm -rf .build

-include Makefile.bench
