"""The table scene and presenter every game shares (see base.py)."""
