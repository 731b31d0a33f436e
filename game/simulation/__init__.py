"""Simulation: many seeded games for a designer — simulate, the Dask cluster, compare, report and
statistics."""
