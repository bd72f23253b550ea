#!/bin/sh
# Points Formula/galgen.rb at a release's source tarball: writes its url and the tarball's SHA-256.
# The release workflow (.github/workflows/release.yml) runs it on the tarball it attaches, and
# attaches the formula it writes; by hand:
#   git archive --format=tar.gz --prefix=galgen-0.1.0/ -o galgen-0.1.0.tar.gz v0.1.0
#   packaging/homebrew/update-formula.sh 0.1.0 galgen-0.1.0.tar.gz
set -eu

usage="usage: $0 VERSION TARBALL [FORMULA], such as: $0 0.1.0 dist/galgen-0.1.0.tar.gz"
fail() { echo "update-formula.sh: $1" >&2; exit "${2:-1}"; }

[ $# -ge 2 ] && [ $# -le 3 ] || fail "$usage" 2
version=$1 tarball=$2
formula=${3:-$(cd "$(dirname "$0")/../.." && pwd)/Formula/galgen.rb}
home=${GALGEN_HOME:-https://github.com/galgen/galgen}

echo "$version" | grep -Eq '^[0-9]+\.[0-9]+\.[0-9]+([-+.][0-9A-Za-z.-]+)?$' ||
    fail "'$version' is not a version such as 0.1.0 (give it without the tag's v). $usage" 2
[ -f "$tarball" ] ||
    fail "no tarball at $tarball. Make it with: git archive --format=tar.gz --prefix=galgen-$version/ -o $tarball v$version"
[ -f "$formula" ] || fail "no formula at $formula. Give its path as the third argument."
for field in url sha256; do
    count=$(grep -c "^  $field \"" "$formula" || true)
    [ "$count" = 1 ] || fail "$formula has $count lines '  $field \"...\"' (expected exactly one): fix the formula by hand."
done

if command -v sha256sum > /dev/null 2>&1; then
    sum=$(sha256sum "$tarball" | cut -d ' ' -f 1)
else
    sum=$(shasum -a 256 "$tarball" | cut -d ' ' -f 1)
fi
url="$home/releases/download/v$version/galgen-$version.tar.gz"

updated="$formula.new.$$"
trap 'rm -f "$updated"' EXIT
sed -e "s|^  url \".*\"\$|  url \"$url\"|" -e "s|^  sha256 \".*\"\$|  sha256 \"$sum\"|" "$formula" > "$updated"
mv "$updated" "$formula"
echo "$formula: url $url, sha256 $sum"
