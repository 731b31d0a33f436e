"""Meowcade. Importing this package must stay free of pygame: game.rules and game.bots are pure."""
