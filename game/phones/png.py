"""RGBA pixels to PNG bytes with the standard library (zlib), so a picture is encoded on the
server's thread, not in a frame (pygame's encoder would run on the frame thread: ~4 ms a card)."""
from __future__ import annotations

import struct
import zlib


def _chunk(tag: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)


def encode(width: int, height: int, rgba: bytes) -> bytes:
    """An 8-bit RGBA PNG of ``rgba`` (rows top to bottom, 4 bytes a pixel)."""
    stride = width * 4
    if len(rgba) != stride * height:
        raise ValueError(f"{len(rgba)} bytes is not {width}x{height} RGBA")
    rows = b"".join(b"\x00" + rgba[y * stride:(y + 1) * stride] for y in range(height))   # filter 0
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(rows, 6))
            + _chunk(b"IEND", b""))
