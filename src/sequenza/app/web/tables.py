"""Live tables: a game, its seats, the people connected to it and the bots that play in it.

A table is made, found and put away by its manager (``table_manager``). ``Table`` is put
together here, once, from its core and its parts, each in a module of its own:

- ``table_core``: what the table is (its record, its history or a finished game's last look,
  the connections to it), its moves taken, saved and told to every screen, resignations;
- ``table_chat``: the seats' names and the chat;
- ``table_hints``: hints, and switching them on during a game;
- ``table_undo``: taking back a move;
- ``table_bots``: the bots' turns, and a stand-in for a seat that is out;
- ``table_clock``: the clock of the seat to act (a time-out's move is a stand-in bot's);
- ``table_replay``: a finished game's record and replay.

A table's history holds its moves and its own entries (``sequenza.core.table``): a seat may
resign, a clock chosen at creation may run out, a person may take back their last move.

Around the table: its refusals (``errors``), seat names, tokens and table ids (``identity``),
its connections and what a broadcast shares (``fanout``), a finished game's saved look
(``final_look``) and its history as the database holds it (``histories``). Everything is
bounded: messages waiting for a client (``fanout``), the tables held in memory
(``table_manager``), and the connections to a table (``table_core``).
"""

from .table_chat import TableChat
from .table_clock import TableClock
from .table_hints import TableHints
from .table_replay import TableReplay
from .table_undo import TableUndo


class Table(TableChat, TableHints, TableUndo, TableClock, TableReplay):
    """One table in play. Its state is touched only on the event loop; bots get clones (the
    bots' part comes with the clock's, whose time-outs a stand-in bot may play)."""
