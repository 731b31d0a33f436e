"""The Hungry Meow table scene (``HungryMeowTable``), its presenter and helpers."""
