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


# Colour: a flat (201, 64, 32) square, which every variant must keep within 2 per
# channel. Without a profile (untagged means sRGB on the web), with the sRGB
# profile, and the same colour stored in Adobe RGB (1998) with that profile
# embedded: converted to sRGB once, it is (201, 64, 32) again.
from PIL import ImageCms

FLAT = (201, 64, 32)


def s15(v):
    return struct.pack(">i", round(v * 65536))


def adobe_rgb_profile():
    """A matrix/TRC ICC v2 profile of Adobe RGB (1998): D50-adapted colorants, gamma 563/256."""
    def tag_xyz(x, y, z):
        return b"XYZ " + b"\0" * 4 + s15(x) + s15(y) + s15(z)
    desc_text = b"blogbuild test Adobe RGB (1998)\0"
    tags = [
        (b"desc", b"desc" + b"\0" * 4 + struct.pack(">I", len(desc_text)) + desc_text + b"\0" * 12 + b"\0" * 67),
        (b"cprt", b"text" + b"\0" * 4 + b"No copyright, test data\0"),
        (b"wtpt", tag_xyz(0.9642, 1.0, 0.8249)),
        (b"rXYZ", tag_xyz(0.60974, 0.31111, 0.01947)),
        (b"gXYZ", tag_xyz(0.20528, 0.62567, 0.06087)),
        (b"bXYZ", tag_xyz(0.14919, 0.06322, 0.74457)),
        (b"rTRC", b"curv" + b"\0" * 4 + struct.pack(">IH", 1, 563) + b"\0\0"),
    ]
    tags += [(b"gTRC", tags[-1][1]), (b"bTRC", tags[-1][1])]
    table_size = 4 + 12 * len(tags)
    offset = 128 + table_size
    table, body = struct.pack(">I", len(tags)), b""
    for signature, data in tags:
        while len(data) % 4:
            data += b"\0"
        table += signature + struct.pack(">II", offset + len(body), len(data))
        body += data
    size = 128 + table_size + len(body)
    header = struct.pack(">I", size) + b"lcms" + struct.pack(">I", 0x02100000) + b"mntr" + b"RGB " + b"XYZ " \
        + struct.pack(">6H", 2026, 1, 1, 0, 0, 0) + b"acsp" + b"\0" * 4 + struct.pack(">I", 0) + b"\0" * 8 \
        + b"\0" * 8 + struct.pack(">I", 0) + s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128
    return header + table + body


flat = Image.new("RGB", (64, 64), FLAT)
flat.save("flat.jpg", quality=95, subsampling=0)
flat.save("flat.png")
srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
flat.save("flat-srgb.jpg", quality=95, subsampling=0, icc_profile=srgb.tobytes())
adobe_bytes = adobe_rgb_profile()
adobe = ImageCms.ImageCmsProfile(io.BytesIO(adobe_bytes))
in_adobe = ImageCms.profileToProfile(flat, srgb, adobe, renderingIntent=ImageCms.Intent.RELATIVE_COLORIMETRIC)
print("flat in Adobe RGB:", in_adobe.getpixel((0, 0)))
in_adobe.save("flat-adobergb.jpg", quality=95, subsampling=0, icc_profile=adobe_bytes)
in_adobe.save("flat-adobergb.png", icc_profile=adobe_bytes)


# Metadata: a photo as a phone stores it, in JPEG, PNG, WebP and AVIF, carrying
# everything that must not be published (EXIF with a GPS position and the camera's
# serial, XMP, IPTC, comments, text chunks, a time) beside what must stay (the
# sRGB profile; the orientation, 6). 48 × 32, four coloured quarters.
photo = Image.new("RGB", (48, 32))
for x in range(48):
    for y in range(32):
        photo.putpixel((x, y), [(200, 40, 40), (40, 200, 40), (40, 40, 200), (220, 220, 40)][(x >= 24) + 2 * (y >= 16)])
gps = Image.Exif()
gps[0x0112] = 6
gps[0x010F] = "TestCam"
gps[0x8769] = {0xA431: "CAM-SERIAL-12345"}
gps[0x8825] = {1: "N", 2: (51.0, 30.0, 26.0), 3: "W", 4: (0.0, 7.0, 39.0)}
XMP = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' \
    b'<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="XMP-CREATOR-Jo"/></rdf:RDF></x:xmpmeta>'
srgb_bytes = srgb.tobytes()

jpeg = io.BytesIO()
photo.save(jpeg, "JPEG", quality=90, exif=gps.tobytes(), icc_profile=srgb_bytes, comment=b"COMMENT-Home sweet home")
data = jpeg.getvalue()
xmp_segment = b"http://ns.adobe.com/xap/1.0/\0" + XMP
iptc = b"Photoshop 3.0\08BIM\x04\x04\0\0" + struct.pack(">I", 18) + b"\x1c\x02\x5a\x00\x0eIPTC-CITY-Bath"
def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload
open("gps.jpg", "wb").write(data[:2] + segment(0xE1, xmp_segment) + segment(0xED, iptc) + data[2:])

png = io.BytesIO()
from PIL import PngImagePlugin
info = PngImagePlugin.PngInfo()
info.add_text("Comment", "TEXT-Home sweet home")
info.add_text("Author", "ZTXT-Jo", zip=True)
info.add_itxt("XML:com.adobe.xmp", XMP.decode())
photo.save(png, "PNG", pnginfo=info, exif=gps.tobytes(), icc_profile=srgb_bytes)
data = png.getvalue()
at = 8 + 25  # after the signature and IHDR
open("gps.png", "wb").write(data[:at] + chunk(b"tIME", struct.pack(">HBBBBB", 2024, 5, 6, 7, 8, 9)) + data[at:])

photo.save("gps.webp", "WEBP", lossless=True, exif=gps.tobytes(), xmp=XMP, icc_profile=srgb_bytes)
photo.save("gps.avif", "AVIF", quality=90, exif=gps.tobytes(), xmp=XMP)
