#!/usr/bin/env bash
# make dist: dist/blogbuild-VERSION-linux-ARCH.tar.gz, a blogbuild that runs on a
# Linux machine with no Swift toolchain and none of the C libraries it is built
# with (the Swift runtime, Foundation, cmark-gfm, libxml2, libstemmer and ICU are linked in).
# It needs only the C and C++ runtimes every Linux image has (libc, libm,
# libstdc++, libgcc_s). The tarball holds the binary, README.md, LICENSE and
# THIRD-PARTY-NOTICES (the licences of everything linked in).
# With --build-only it builds and checks the binary but packs nothing: on Linux
# that is `make setup`'s release build, so what you run is what ships.
set -euo pipefail
cd "$(dirname "$0")/.."

SWIFT=${SWIFT:-swift}
SCRATCH=${SCRATCH:-.build-dist}
VERSION=$(Packaging/version.sh)
ARCH=$(uname -m)
NAME="blogbuild-$VERSION-linux-$ARCH"

for lib in libcmark-gfm.a libcmark-gfm-extensions.a libxml2.a libstemmer.a libicuuc.a libicudata.a libicui18n.a liblzma.a libz.a; do
  [ -f "$(gcc -print-file-name=$lib)" ] && [ "$(gcc -print-file-name=$lib)" != "$lib" ] || {
    echo "error: $lib not found: make dist needs the static libraries of the packages in Packaging/build-packages (make deps-build installs them)" >&2
    exit 1
  }
done

# In a fixed environment: SwiftPM plans the build again (and rebuilds most of it)
# when the environment differs, and `make setup` and the tests that run this
# script (under `swift test`) must share one build.
# Kept: what finding the toolchain and fetching packages need.
# SWIFT_DETERMINISTIC_HASHING=1: SwiftPM writes a package's enabled traits as -D
# flags in the order of a Set, which Swift seeds afresh in every process; when a
# build is planned again (as the run after the first one is), hummingbird's
# `-DFullFoundation -DConfigurationSupport` could come out the other way round,
# a new command to llbuild, and hummingbird and the engine were compiled again
# (swiftlang/swift-package-manager#10525). A fixed seed gives one order.
keep=()
for var in PATH HOME TMPDIR http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY \
           GIT_SSL_CAINFO SSL_CERT_FILE SSL_CERT_DIR; do
  [ -z "${!var+set}" ] || keep+=("$var=${!var}")
done
env -i "${keep[@]}" BLOGBUILD_STATIC_C=1 SWIFT_DETERMINISTIC_HASHING=1 \
  "$SWIFT" build -c release --product blogbuild --static-swift-stdlib --scratch-path "$SCRATCH"
BIN="$SCRATCH/release/blogbuild"

# Nothing from the toolchain or the C libraries may be left dynamic.
allowed='^(linux-vdso|libc|libm|libstdc\+\+|libgcc_s|ld-linux[-a-z0-9_.]*|libpthread|libdl|librt|libutil)\.so'
needed=$(objdump -p "$BIN" | awk '/NEEDED/ { print $2 }')
for lib in $needed; do
  [[ $lib =~ $allowed ]] || { echo "error: $BIN still needs $lib" >&2; exit 1; }
done

[ "${1:-}" != "--build-only" ] || exit 0

STAGE="dist/$NAME"
rm -rf "$STAGE" "dist/$NAME.tar.gz"
mkdir -p "$STAGE"
strip -o "$STAGE/blogbuild" "$BIN"
cp README.md LICENSE "$STAGE/"

# The licences of what the binary carries: the Swift packages it is built from,
# the Swift runtime and Foundation, and the Debian libraries linked in.
{
  echo "blogbuild $VERSION links in the following software. Their licences follow."
  echo
  for checkout in "$SCRATCH"/checkouts/*; do
    name=$(basename "$checkout")
    licence=$(ls "$checkout"/LICENSE* "$checkout"/LICENCE* "$checkout"/COPYING* 2>/dev/null | head -1 || true)
    # A package whose licence cannot be found is not shipped silently without it.
    [ -n "$licence" ] || { echo "error: no LICENSE file in $checkout: cannot write its notice" >&2; exit 1; }
    printf '==== Swift package %s ====\n\n' "$name"
    cat "$licence"
    echo
  done
  toolchain=$(dirname "$(dirname "$(readlink -f "$(command -v "$SWIFT")")")")
  found=""
  for licence in "$toolchain"/share/swift/LICENSE.txt "$toolchain"/share/doc/swift/LICENSE.txt; do
    [ -f "$licence" ] || continue
    printf '==== The Swift runtime and Foundation ====\n\n'
    cat "$licence"
    echo
    found=1
    break
  done
  [ -n "$found" ] || { echo "error: no LICENSE.txt in the Swift toolchain at $toolchain: cannot write its notice" >&2; exit 1; }
  for pkg in libcmark-gfm0 libcmark-gfm-extensions0 libxml2 libstemmer0d libicu7 liblzma5 zlib1g; do
    found=""
    for doc in /usr/share/doc/"$pkg"*/copyright; do
      [ -f "$doc" ] || continue
      printf '==== %s (Debian package %s) ====\n\n' "$pkg" "$(basename "$(dirname "$doc")")"
      cat "$doc"
      echo
      found=1
      break
    done
    [ -n "$found" ] || { echo "error: no /usr/share/doc/$pkg*/copyright: cannot write the notice of a library linked in" >&2; exit 1; }
  done
} > "$STAGE/THIRD-PARTY-NOTICES"

# The same input gives the same tarball: names sorted, fixed owner and times.
epoch=$(git log -1 --format=%ct 2>/dev/null || echo 0)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C dist -cf - "$NAME" | gzip -n -9 > "dist/$NAME.tar.gz"
rm -rf "$STAGE"

echo "dist/$NAME.tar.gz: $(stat -c %s "dist/$NAME.tar.gz") bytes; blogbuild $(stat -c %s "$BIN") bytes before strip"
echo "ldd $BIN:"
ldd "$BIN" | sed 's/^/  /'
