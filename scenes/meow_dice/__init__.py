"""The Meow Meow Dice table scene (the butler's parlour): ``scenes.meow_dice.table``."""
