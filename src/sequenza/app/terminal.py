"""Plain text play in a terminal: the position, what the others did, and a numbered list of
your legal actions. Type a number or an action's text."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from sequenza import i18n
from sequenza.ai.base import Bot, make_bot
from sequenza.app.render import render
from sequenza.core.errors import IllegalActionError
from sequenza.core.game import GameRecord, State
from sequenza.core.registry import replay


def describe_event(event: dict[str, Any]) -> str:
    """One line for one public event."""
    kind = event.get("event")
    if kind == "action":
        return f"seat {event['seat']}: {event['action']}"
    if kind == "game_over":
        winners = ", ".join(str(seat) for seat in event["winners"]) or "nobody (a draw)"
        return f"game over: scores {event['scores']}, won by seat {winners}"
    details = ", ".join(f"{key} {value}" for key, value in event.items() if key != "event")
    return f"{kind}: {details}" if details else str(kind)


class TerminalGame:
    """A game between one person at a terminal and bots."""

    def __init__(
        self,
        state: State[Any],
        seat: int,
        bots: dict[int, Bot],
        *,
        record_path: Path | None = None,
        stdin: TextIO | None = None,
        stdout: TextIO | None = None,
        language: str = i18n.SOURCE_LANGUAGE,
    ) -> None:
        self.state = state
        self.words = i18n.Translator("cli", language)
        self.seat = seat
        self.bots = bots
        self.record_path = record_path
        self.stdin = stdin or sys.stdin
        self.stdout = stdout or sys.stdout
        self.log_seen = 0

    @classmethod
    def resume(
        cls,
        data: dict[str, Any],
        *,
        seat: int,
        bot: str,
        record_path: Path | None,
        language: str = i18n.SOURCE_LANGUAGE,
    ) -> TerminalGame:
        record = GameRecord.from_json(data)
        state = replay(record)
        bots = {
            other: make_bot(bot, seed=state.seed + other + len(state.history))
            for other in range(state.players)
            if other != seat
        }
        return cls(state, seat, bots, record_path=record_path, language=language)

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def _save(self) -> None:
        if self.record_path is not None:
            self.record_path.write_text(
                json.dumps(self.state.record().to_json(), indent=1), encoding="utf-8"
            )

    def _show_new_events(self) -> None:
        for event in self.state.log[self.log_seen :]:
            if event.get("event") != "game_over":
                self.say(f"  {describe_event(event)}")
        self.log_seen = len(self.state.log)

    def run(self) -> None:
        game = self.state.game
        # A seat and a seed are names, not amounts: they are written without grouping.
        intro = self.words.text(
            "terminal.intro",
            game=game.info.name,
            seat=str(self.seat),
            players=game.players,
            seed=str(self.state.seed),
        )
        self.say(intro)
        rules, quit_ = (
            self.words.text("terminal.command_rules"),
            self.words.text("terminal.command_quit"),
        )
        self.say(self.words.text("terminal.help", rules=rules, quit=quit_))
        while not self.state.is_over:
            seat = self.state.current_seat
            assert seat is not None
            if seat in self.bots:
                action = self.bots[seat].act(self.state)
                self.state.apply(action)
                self._save()
                continue
            if not self._human_turn(seat):
                if self.record_path is not None:
                    command = f"sequenza play {game.id} --resume {self.record_path}"
                    self.say(self.words.text("terminal.saved", command=command))
                return
        self._show_new_events()
        self.say("")
        self.say(render(self.state.observation(self.seat)))
        result = self.state.result()
        assert result is not None
        self.say(describe_event({"event": "game_over", **result.to_json()}))
        if self.seat in result.winners:
            won = "terminal.you_win" if len(result.winners) == 1 else "terminal.you_share"
            self.say(self.words.text(won))

    def _human_turn(self, seat: int) -> bool:
        """Ask for one action. False when the player quits."""
        self._show_new_events()
        self.say("")
        self.say(render(self.state.observation(seat)))
        legal = self.state.legal_actions()
        self.say("")
        for number, action in enumerate(legal, start=1):
            self.say(f"  {number:3}. {action}")
        while True:
            self.stdout.write(self.words.text("terminal.prompt", seat=str(seat)))
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                return False
            text = line.strip()
            # The English commands work in every language.
            if text in {"quit", "q", "exit", self.words.text("terminal.command_quit")}:
                return False
            if text in {"rules", "help", "?", self.words.text("terminal.command_rules")}:
                self.say(self.state.game.describe())
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                choice: str = str(legal[int(text) - 1])
            else:
                choice = text
            try:
                self.state.apply(choice)
            except IllegalActionError as error:
                self.say(f"  {error}")
                continue
            self._save()
            return True
