"""The Zodiac Catchers table scene."""
