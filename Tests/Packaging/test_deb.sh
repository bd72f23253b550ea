#!/usr/bin/env bash
# The Debian package, for real (make deb-test): builds it (make deb), checks it with lintian and
# dpkg-deb, installs it with apt-get, runs the installed /usr/bin/galgen (--version, ldd, a build
# of the example gallery) and removes it again. Needs root or sudo; skipped without dpkg/apt-get.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "--- test_deb: $*"; }

if ! command -v dpkg >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    echo "skipped: no dpkg/apt-get on this machine (the Debian package is built and tested on Debian or Ubuntu)"
    exit 0
fi
if [ "$(id -u)" = 0 ]; then
    sudo=()
else
    command -v sudo >/dev/null 2>&1 || fail "installing a package needs root: run as root or install sudo"
    sudo=(sudo)
fi
apt_get() { "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get "$@"; }
installed() { [ "$(dpkg-query -W -f '${Status}' galgen 2>/dev/null)" = "install ok installed" ]; }

if ! command -v lintian >/dev/null 2>&1; then
    echo "Installing lintian with apt-get"
    apt_get update -qq && apt_get install -y -qq lintian
fi

work=$(mktemp -d)
was_installed=no
installed_by_test=no
finish() {
    local status=$?
    if [ "$installed_by_test" = yes ]; then
        echo "test_deb: removing the galgen package this test installed" >&2
        apt_get remove --purge -y -qq galgen >/dev/null 2>&1 || echo "test_deb: could not remove galgen: apt-get remove --purge galgen" >&2
    fi
    rm -rf "$work"
    if [ "$was_installed" = yes ]; then
        echo "test_deb: note: galgen was installed from a package before this test; it is removed now" >&2
    fi
    exit "$status"
}
trap finish EXIT
start=$SECONDS

step "make deb"
"${MAKE:-make}" -C "$repo" --no-print-directory deb || fail "make deb failed"
version_line=$("$repo/.build/release/galgen" --version)
version=${version_line#galgen }
arch=$(dpkg --print-architecture)
deb=$repo/dist/galgen_${version}_${arch}.deb
[ -f "$deb" ] || fail "make deb did not write $deb"

step "lintian $deb"
lintian --fail-on error "$deb" || fail "lintian reports errors in $deb (above)"

step "fields and files"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = galgen ] || fail "Package is '$(field Package)', expected galgen"
[ "$(field Version)" = "$version" ] || fail "Version is '$(field Version)', but galgen --version says '$version_line'"
[ "$(field Architecture)" = "$arch" ] || fail "Architecture is '$(field Architecture)', expected $arch (dpkg --print-architecture)"
depends=$(field Depends)
for lib in libc6 libjpeg62-turbo liblcms2-2 libheif1 libwebp7 libpng16-16 libjxl0.7 libbrotli1; do
    [[ ", $depends," =~ ,\ ${lib}[\ ,] ]] || fail "Depends lacks $lib: $depends"
done
[[ $depends != *swift* ]] || fail "Depends names a Swift library: $depends"
[[ ", $(field Recommends)," =~ ,\ ffmpeg[\ ,] ]] || fail "Recommends lacks ffmpeg: '$(field Recommends)'"
[[ ", $(field Recommends)," =~ ,\ librsvg2-bin[\ ,] ]] || fail "Recommends lacks librsvg2-bin (SVG watermarks): '$(field Recommends)'"
contents=$(dpkg-deb -c "$deb")
grep -Eq '^-rwxr-xr-x root/root .* \./usr/bin/galgen$' <<<"$contents" || fail "usr/bin/galgen is not -rwxr-xr-x root/root:"$'\n'"$contents"
grep -Eq '^-rw-r--r-- root/root .* \./usr/share/doc/galgen/copyright$' <<<"$contents" || fail "usr/share/doc/galgen/copyright is missing or not -rw-r--r-- root/root"
! grep -v ' root/root ' <<<"$contents" || fail "files not owned by root/root (above)"

step "copyright names every Swift package linked into galgen"
# The link's object list names each module's folder (.../release/NIOCore.build/x.swift.o); a module
# belongs to the checkout whose Sources/ holds a folder of its name.
link_list=$(find "$repo/.build" -path '*/release/galgen.product/Objects.LinkFileList' -print -quit)
[ -n "$link_list" ] || fail "no .build/*/release/galgen.product/Objects.LinkFileList after make deb"
modules=$(grep -o '/release/[^/]*\.build/' "$link_list" | sed -e 's|^/release/||' -e 's|\.build/$||' | sort -u)
copyright=$(dpkg-deb --fsys-tarfile "$deb" | tar -xOf - ./usr/share/doc/galgen/copyright)
for checkout in "$repo"/.build/checkouts/*/; do
    package=$(basename "$checkout")
    for module in $modules; do
        if [ -d "$checkout/Sources/$module" ]; then
            grep -q "\.build/checkouts/$package/" <<<"$copyright" ||
                fail "galgen links $module from $package, which packaging/deb/copyright does not list: add its Files/Copyright/License paragraph"
            break
        fi
    done
done

if installed; then
    was_installed=yes
    step "removing galgen $(dpkg-query -W -f '${Version}' galgen), installed before this test"
    apt_get remove --purge -y -qq galgen || fail "could not remove the galgen installed before the test"
fi

step "apt-get install $deb"
installed_by_test=yes
apt_get install -y -qq "$deb" || fail "apt-get install $deb failed"
installed || fail "dpkg does not list galgen as installed after apt-get install: $(dpkg-query -W -f '${Status}' galgen 2>&1)"

step "the installed /usr/bin/galgen"
[ "$(/usr/bin/galgen --version)" = "$version_line" ] || fail "/usr/bin/galgen --version printed '$(/usr/bin/galgen --version)', expected '$version_line'"
libraries=$(ldd /usr/bin/galgen)
echo "$libraries"
! grep -E '/opt/swift|libswift|libFoundation|lib_Foundation|libdispatch|libBlocksRuntime' <<<"$libraries" ||
    fail "/usr/bin/galgen links the Swift runtime from the toolchain (above): build with --static-swift-stdlib"
! grep 'not found' <<<"$libraries" || fail "/usr/bin/galgen needs libraries that are not installed (above): a dependency is missing from Depends"

step "the shell completions"
for completion in /usr/share/bash-completion/completions/galgen /usr/share/zsh/vendor-completions/_galgen \
    /usr/share/fish/vendor_completions.d/galgen.fish; do
    [ -s "$completion" ] || fail "$completion is missing or empty"
    grep -q -- 'allow-missing' "$completion" || fail "$completion does not complete build's --allow-missing"
done
if command -v bash >/dev/null 2>&1; then
    # Loaded into bash, the script completes the subcommands.
    words=$(bash -c 'source /usr/share/bash-completion/completions/galgen; COMP_WORDS=(galgen b); COMP_CWORD=1; COMP_LINE="galgen b"; COMP_POINT=8; _galgen; printf "%s\n" "${COMPREPLY[@]}"' 2>&1) ||
        fail "bash could not load the completion script: $words"
    grep -qx build <<<"$words" || fail "bash completion of 'galgen b' did not offer build: $words"
fi

step "building the example gallery with /usr/bin/galgen"
mkdir "$work/gallery"
cp "$repo/gallery.yml" "$work/gallery/"
cp -R "$repo/examples" "$work/gallery/"
# A clean environment: nothing from the build (PATH to the toolchain, LD_LIBRARY_PATH) helps it run.
(cd "$work" && env -i PATH=/usr/bin:/bin HOME="$work" /usr/bin/galgen build \
    --config gallery/gallery.yml --output site --cache-dir cache --quiet) ||
    fail "/usr/bin/galgen build of the example gallery failed (copied to $work/gallery)"
[ -s "$work/site/index.html" ] || fail "the build wrote no site/index.html"
[ -n "$(find "$work/site" -name '*.jpg' -print -quit)" ] || fail "the build wrote no .jpg rendition under site/"

step "apt-get remove --purge galgen"
apt_get remove --purge -y -qq galgen || fail "apt-get remove --purge galgen failed"
installed_by_test=no
[ ! -e /usr/bin/galgen ] || fail "/usr/bin/galgen is still there after apt-get remove --purge galgen"
[ ! -e /usr/share/bash-completion/completions/galgen ] || fail "the bash completion is still there after apt-get remove --purge galgen"
! dpkg -s galgen >/dev/null 2>&1 || fail "dpkg -s galgen still finds the package after apt-get remove --purge"

echo "PASS: test_deb: $deb ($(du -h "$deb" | cut -f1)) builds, passes lintian, installs, runs and uninstalls ($((SECONDS - start)) s)"
