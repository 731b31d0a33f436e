"""Benchmarks: scripts that print figures. Never pass/fail, never part of the test suite."""
