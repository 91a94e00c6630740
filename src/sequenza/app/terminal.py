"""Plain text play in a terminal: the position, what the others did, and a numbered list of
your legal actions. Type a number or an action's text."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, TextIO

from sequenza import i18n
from sequenza.ai.base import Bot, make_bot
from sequenza.app.render import render, rules_for_people, show_markdown
from sequenza.core.errors import IllegalActionError
from sequenza.core.game import GameRecord, State
from sequenza.core.kit import seat_number
from sequenza.core.registry import replay
from sequenza.text import describe
from sequenza.text.describe import describe_action


def seat_names(bots: dict[int, Bot], players: int, language: str) -> list[str]:
    """The seats as the terminal names them, as the web page does: "Greedy bot 2" for a bot,
    "Player 1" for the person (whom the log calls "you"), in ``language``."""
    words = i18n.Translator("games", language)
    return [
        words.text("common.default_bot", level=bots[seat].name.capitalize(), number=seat + 1)
        if seat in bots
        else words.text("common.default_player", number=seat + 1)
        for seat in range(players)
    ]


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
        self.names = seat_names(bots, state.players, self.words.language)

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

    def describe_event(self, event: dict[str, Any]) -> str:
        """One public event as the person at the terminal reads it, in the CLI's language."""
        teams = self.state.observation(None).get("teams")
        return describe(
            event,
            game_id=self.state.game.id,
            names=self.names,
            viewer=self.seat,
            lang=self.words.language,
            teams=teams if isinstance(teams, list) else None,
        )

    def _action_words(self, action: str, seat: int) -> str:
        return describe_action(
            action,
            seat=seat,
            game_id=self.state.game.id,
            names=self.names,
            viewer=self.seat,
            lang=self.words.language,
        )

    def _show_new_events(self) -> None:
        for event in self.state.log[self.log_seen :]:
            if event.get("event") != "game_over":
                self.say(f"  {self.describe_event(event)}")
        self.log_seen = len(self.state.log)

    def run(self) -> None:
        game = self.state.game
        # A seat and a seed are names, not amounts: they are written without grouping.
        intro = self.words.text(
            "terminal.intro",
            game=game.info.name,
            seat=seat_number(self.seat),
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
        self.say(render(self.state.observation(self.seat), self.words.language))
        self.say(self.describe_event(self.state.log[-1]))

    def _human_turn(self, seat: int) -> bool:
        """Ask for one action. False when the player quits."""
        self._show_new_events()
        self.say("")
        self.say(render(self.state.observation(seat), self.words.language))
        legal = self.state.legal_actions()
        self.say("")
        for number, action in enumerate(legal, start=1):
            self.say(f"  {number:3}. {action} — {self._action_words(str(action), seat)}")
        while True:
            self.stdout.write(self.words.text("terminal.prompt", seat=seat_number(seat)))
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                return False
            text = line.strip()
            # The English commands work in every language.
            if text in {"quit", "q", "exit", self.words.text("terminal.command_quit")}:
                return False
            if text in {"rules", "help", "?", self.words.text("terminal.command_rules")}:
                show_markdown(rules_for_people(self.state.game, self.words.language), self.stdout)
                continue
            if text.isdigit() and 1 <= int(text) <= len(legal):
                choice: str = str(legal[int(text) - 1])
            else:
                choice = text
            try:
                self.state.apply(choice)
            except IllegalActionError:
                # The engine's reason is English for developers: the player is told, in their
                # language, what the terminal takes instead (the list shows every move).
                self.say("  " + self.words.text("terminal.not_a_move", move=text))
                continue
            self._save()
            return True
