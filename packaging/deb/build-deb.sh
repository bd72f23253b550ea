#!/usr/bin/env bash
# Builds OUTPUT_DIR/galgen_<version>_<arch>.deb from a release build of galgen (`make deb`).
#
#   packaging/deb/build-deb.sh BINARY OUTPUT_DIR
#
# The version is the binary's own (`galgen --version`), the architecture dpkg's. The binary is
# copied stripped; the Swift runtime is already inside it (--static-swift-stdlib), so Depends,
# computed by dpkg-shlibdeps, names exactly the system libraries it links. The last line printed
# is the package's path.
set -euo pipefail
umask 022

here=$(cd "$(dirname "$0")" && pwd)
fail() { echo "build-deb: $*" >&2; exit 1; }

[ $# -eq 2 ] || fail "usage: $0 BINARY OUTPUT_DIR (make deb runs it with .build/release/galgen dist)"
binary=$1
out_dir=$2
maintainer=${DEB_MAINTAINER:-The galgen authors <galgen@users.noreply.github.com>}

for tool in dpkg dpkg-deb dpkg-shlibdeps strip gzip; do
    command -v "$tool" >/dev/null 2>&1 ||
        fail "$tool is missing: install dpkg-dev and binutils (sudo apt-get install dpkg-dev binutils)"
done
[ -x "$binary" ] || fail "$binary is missing or not executable: build it first (make build)"

version_line=$("$binary" --version) || fail "$binary --version failed"
version=${version_line#galgen }
[[ $version_line == "galgen "* && $version =~ ^[0-9][A-Za-z0-9.+~]*$ ]] ||
    fail "$binary --version printed '$version_line'; expected 'galgen <version>', e.g. 'galgen 0.1.0'"
arch=$(dpkg --print-architecture)

# Dates and file times from the last commit, so the same sources give the same package.
if [ -z "${SOURCE_DATE_EPOCH:-}" ]; then
    SOURCE_DATE_EPOCH=$(git -C "$here" log -1 --format=%ct 2>/dev/null || date +%s)
fi
export SOURCE_DATE_EPOCH

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps wants the package tree as debian/<package> beside a debian/control.
root=$work/debian/galgen
doc=$root/usr/share/doc/galgen
install -d "$root/DEBIAN" "$root/usr/bin" "$doc" "$root/usr/share/man/man1" "$root/usr/share/lintian/overrides" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" "$root/usr/share/fish/vendor_completions.d"

# The binary, stripped as dh_strip does it, and checked to still run.
install -m 0755 "$binary" "$root/usr/bin/galgen"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/galgen"
[ "$("$root/usr/bin/galgen" --version)" = "$version_line" ] || fail "the stripped binary does not run: $root/usr/bin/galgen --version"

# Templates: @VERSION@, @DATE@ (the changelog's RFC 2822 date or the man page's day), @MAINTAINER@.
fill() { # template date
    local text
    text=$(<"$1")
    text=${text//@VERSION@/"$version"}
    text=${text//@MAINTAINER@/"$maintainer"}
    text=${text//@DATE@/"$2"}
    printf '%s\n' "$text"
}
fill "$here/changelog.in" "$(LC_ALL=C date -u -R -d "@$SOURCE_DATE_EPOCH")" | gzip -9n >"$doc/changelog.gz"
fill "$here/galgen.1.in" "$(date -u +%Y-%m-%d -d "@$SOURCE_DATE_EPOCH")" | gzip -9n >"$root/usr/share/man/man1/galgen.1.gz"
install -m 0644 "$here/copyright" "$doc/copyright"

# Shell completions, as swift-argument-parser writes them for this binary, where Debian's bash-completion,
# zsh and fish look for a package's.
for shell in bash zsh fish; do
    case $shell in
        bash) target=$root/usr/share/bash-completion/completions/galgen ;;
        zsh) target=$root/usr/share/zsh/vendor-completions/_galgen ;;
        fish) target=$root/usr/share/fish/vendor_completions.d/galgen.fish ;;
    esac
    "$root/usr/bin/galgen" --generate-completion-script "$shell" >"$target" || fail "galgen --generate-completion-script $shell failed"
    [ -s "$target" ] || fail "galgen --generate-completion-script $shell printed nothing"
    chmod 0644 "$target"
done
install -m 0644 "$here/lintian-overrides" "$root/usr/share/lintian/overrides/galgen"

# Depends: dpkg-shlibdeps reads the binary's NEEDED libraries and the symbols it uses, and asks
# dpkg which package holds each library.
printf 'Source: galgen\n\nPackage: galgen\nArchitecture: any\n' >"$work/debian/control"
depends=$(cd "$work" && dpkg-shlibdeps -O -edebian/galgen/usr/bin/galgen) || fail "dpkg-shlibdeps failed on $binary"
depends=${depends#shlibs:Depends=}
[ -n "$depends" ] || fail "dpkg-shlibdeps found no dependency for $binary"
case $depends in *swift* | *Foundation*) fail "Depends names a Swift library ($depends): build with --static-swift-stdlib (make build does on Linux)" ;; esac

installed_size=$(du -sk --exclude=DEBIAN "$root" | cut -f1)
fill "$here/control.in" "" >"$root/DEBIAN/control"
control=$(<"$root/DEBIAN/control")
control=${control//@ARCH@/"$arch"}
control=${control//@DEPENDS@/"$depends"}
control=${control//@INSTALLED_SIZE@/"$installed_size"}
printf '%s\n' "$control" >"$root/DEBIAN/control"
(cd "$root" && find usr -type f -print0 | LC_ALL=C sort -z | xargs -0 md5sum) >"$root/DEBIAN/md5sums"

find "$root" -type d -exec chmod 0755 {} +
find "$root" -type f -exec chmod 0644 {} +
chmod 0755 "$root/usr/bin/galgen"
find "$root" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +

mkdir -p "$out_dir"
deb=$out_dir/galgen_${version}_${arch}.deb
# Older versions' packages would leave `apt-get install ./dist/galgen_*.deb` ambiguous.
find "$out_dir" -maxdepth 1 -name "galgen_*_${arch}.deb" ! -name "${deb##*/}" -delete
dpkg-deb --build --root-owner-group -Zxz "$root" "$deb" >/dev/null
echo "$deb: $(du -h "$deb" | cut -f1), Depends: $depends" >&2
echo "$deb"
