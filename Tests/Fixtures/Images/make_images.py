"""Draws the image fixtures for ImageLibraryTests (run once; the files are committed).

Needs Pillow (pip install pillow). Every file is small and deterministic.
"""
import io
import struct
import zlib

from PIL import Image

# A photo as a phone stores it: pixels sideways plus EXIF orientation 6 (turn
# 90° clockwise to show), with a GPS position and a camera serial that must not
# be published. Stored 64 × 32: left half red, right half blue.
img = Image.new("RGB", (64, 32))
for x in range(64):
    for y in range(32):
        img.putpixel((x, y), (220, 30, 30) if x < 32 else (30, 30, 220))
exif = Image.Exif()
exif[0x0112] = 6                      # Orientation: rotate 90° CW
exif[0x010F] = "TestCam"              # Make
exif[0x8769] = {0xA431: "CAM-SERIAL-12345"}   # Exif IFD: BodySerialNumber
exif[0x8825] = {1: "N", 2: (51.0, 30.0, 26.0), 3: "W", 4: (0.0, 7.0, 39.0)}  # GPS IFD
img.save("oriented.jpg", quality=90, exif=exif.tobytes())

# Wide enough for every configured width: a horizontal gradient, 2000 × 100.
wide = Image.new("RGB", (2000, 100))
for x in range(2000):
    for y in range(100):
        wide.putpixel((x, y), (x * 255 // 1999, 128, 255 - x * 255 // 1999))
wide.save("wide.png", optimize=True)

# Another picture for the same name, 1200 × 60: a cache keyed by content makes it again.
other = Image.new("RGB", (1200, 60))
for x in range(1200):
    for y in range(60):
        other.putpixel((x, y), (40, x * 255 // 1199, 90))
other.save("other.png", optimize=True)


def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


# A decompression bomb: the header claims 40,000 × 40,000 pixels (1.6 billion);
# the file is a few dozen bytes. blogbuild must refuse it from the header alone.
bomb = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 40000, 40000, 8, 2, 0, 0, 0)) \
    + chunk(b"IDAT", zlib.compress(b"\x00" * 1024, 9)) + chunk(b"IEND", b"")
open("bomb.png", "wb").write(bomb)

# A JPEG cut off halfway, as an interrupted copy leaves it.
whole = io.BytesIO()
Image.new("RGB", (200, 200), (90, 160, 90)).save(whole, "JPEG", quality=90)
data = whole.getvalue()
open("truncated.jpg", "wb").write(data[: len(data) // 2])

# A PNG signature followed by nonsense.
open("corrupt.png", "wb").write(b"\x89PNG\r\n\x1a\n" + bytes((i * 37) % 251 for i in range(300)))

# Not an image at all, though named like one.
open("notes.png", "wb").write(b"These are my release notes, saved with the wrong name.\n")
