"""Computer players. They import game.rules only and see a seat's view, never the hidden state."""
