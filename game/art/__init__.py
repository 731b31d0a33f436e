"""Procedural art: cats (cats.py), shared drawing helpers (draw.py), table covers (covers.py).

Everything here is rasterised once per size and cached; nothing is drawn from scratch per frame.
"""
