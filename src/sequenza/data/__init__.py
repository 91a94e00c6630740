"""Deck lists and board layouts, as data files."""
