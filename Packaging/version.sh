#!/usr/bin/env bash
# Prints blogbuild's version, read from the one place it is written
# (Sources/BlogBuild/Scaffold/Release.swift): make dist names its tarball by it,
# and the release workflow checks that the tag pushed is v<this>.
set -euo pipefail
cd "$(dirname "$0")/.."
version=$(sed -n 's/^ *public static let version = "\([^"]*\)".*/\1/p' Sources/BlogBuild/Scaffold/Release.swift)
[ -n "$version" ] || { echo "error: no 'public static let version' in Sources/BlogBuild/Scaffold/Release.swift" >&2; exit 1; }
echo "$version"
