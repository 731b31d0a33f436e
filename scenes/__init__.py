"""The screens. ``scenes/tables.py`` lists the table scenes; the menus live beside it."""
