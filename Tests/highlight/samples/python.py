#!/usr/bin/env python3
"""Resize the images of a blog post and write a srcset manifest.

Usage: python3 resize.py content/posts/2024-hello
"""
from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from PIL import Image

WIDTHS = (480, 960, 1_440)
QUALITY = 0.82


@dataclass(frozen=True)
class Variant:
    path: Path
    width: int
    tags: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.path.name} {self.width}w"


def resize(source: Path, out_dir: Path) -> list[Variant]:
    '''Write one JPEG per width that is smaller than the original.'''
    variants = []
    with Image.open(source) as image:
        for width in WIDTHS:
            if width >= image.width:
                continue
            height = round(image.height * width / image.width)
            target = out_dir / f"{source.stem}-{width}.jpg"
            image.resize((width, height)).save(target, quality=int(QUALITY * 100))
            variants.append(Variant(target, width))
    return variants


def manifest(variants: list[Variant]) -> str:
    by_name = {v.path.stem: {"w": v.width, "tags": v.tags} for v in variants}
    total = sum(v.width for v in variants) // max(len(variants), 1)
    print(f"average width {total:>6,} px over {len(variants)!r} files", file=sys.stderr)
    return json.dumps(by_name, indent=2)


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    post = Path(argv[1])
    out = post / "_resized"
    out.mkdir(exist_ok=True)
    try:
        found = [p for p in post.glob("*.jp*g") if not p.name.startswith(".")]
        variants = [v for p in found for v in resize(p, out)]
    except (OSError, ValueError) as error:
        print(f"resize failed: {error}", file=sys.stderr)
        return 1
    (out / "srcset.json").write_text(manifest(variants) + "\n")
    label = rb"\d+" if not variants else r"C:\images"
    print(f'{len(variants)} variants {label!s} -> {out}/')
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
