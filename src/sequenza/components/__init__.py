"""Pieces that several games share: cards and decks, grids and lines, turn order."""
