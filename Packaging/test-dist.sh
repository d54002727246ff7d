#!/usr/bin/env bash
# Proves that a dist tarball's blogbuild runs without the Swift toolchain and
# without the shared C libraries it was built against: in a private mount
# namespace (unshare --mount; needs root), the toolchain's folder is covered by
# an empty tmpfs and every cmark-gfm, libxml2, libstemmer and ICU shared library by
# /dev/null, then the packed binary publishes SITE into OUT. As a control, the
# ordinary (dynamically linked) build named by CONTROL must fail to start there.
#
#   Packaging/test-dist.sh dist/blogbuild-….tar.gz SITE OUT [CONTROL]
set -euo pipefail
tarball=$1 site=$2 out=$3 control=${4:-}

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$tarball" -C "$work"
bin=$(echo "$work"/blogbuild-*/blogbuild)
[ -x "$bin" ] || { echo "error: no blogbuild in $tarball" >&2; exit 1; }

swift=$(command -v swift || true)
toolchain=${TOOLCHAIN:-$( [ -n "$swift" ] && dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")" )}
[ -n "$toolchain" ] && [ -d "$toolchain" ] || { echo "error: cannot find the Swift toolchain to hide (set TOOLCHAIN)" >&2; exit 1; }
libs=$(for dir in /usr/lib/"$(gcc -dumpmachine)" /usr/lib /usr/local/lib; do
         ls "$dir"/libcmark-gfm*.so* "$dir"/libxml2.so* "$dir"/libstemmer.so* "$dir"/libicu*.so* 2>/dev/null || true
       done | xargs -r readlink -f | sort -u)

echo "needs: $(objdump -p "$bin" | awk '/NEEDED/ { print $2 }' | sort | tr '\n' ' ')"
export bin site out control toolchain libs
unshare --mount bash -euo pipefail -c '
  mount --make-rprivate /
  mount -t tmpfs -o size=1m blogbuild-test-dist "$toolchain"
  for lib in $libs; do mount --bind /dev/null "$lib"; done
  [ -z "$(ls -A "$toolchain")" ] || { echo "error: $toolchain is not hidden" >&2; exit 1; }
  for lib in $libs; do [ ! -s "$lib" ] || { echo "error: $lib is not hidden" >&2; exit 1; }; done
  echo "hidden: $toolchain and $(echo $libs | wc -w) shared libraries"
  if [ -n "$control" ]; then
    if "$control" --version >/dev/null 2>&1; then
      echo "error: the control build $control still starts: nothing was hidden" >&2; exit 1
    fi
    echo "control: $control cannot start here"
  fi
  "$bin" --version
  "$bin" publish --site "$site" --output "$out"
'
