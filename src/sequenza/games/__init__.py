"""The built-in games, one package each (``sequentia_shift/`` holds the whole of Sequentia ·
Shift, and so on). Each package declares its games' kits, which the registry loads from the
``sequenza.games`` entry points: importing this package registers nothing by itself."""
