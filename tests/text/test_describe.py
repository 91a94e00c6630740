"""The text layer: every event every game emits has an English sentence with nothing left
unfilled, plural forms follow the numbers, seats read as the players see them, and the
English catalogue lists exactly the messages the games declare."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from sequenza import i18n
from sequenza.core.kit import GameKit, Message, Messages, Phrase, Value, Word
from sequenza.core.registry import game_kit, game_kits, make
from sequenza.text import COMMON_SENTENCES, COMMON_WORDS, describe, describe_result
from sequenza.text.describe import DOMAIN

KITS = [kit.id for kit in game_kits()]
NAMES = ["Ann", "Greedy bot 2", "Carl", "Dan", "Eve", "Fay"]


def played_logs(game_id: str, games: int = 3) -> Iterator[tuple[Any, list[dict[str, Any]]]]:
    """Random games of every player count the game allows."""
    info = game_kit(game_id).game.info
    for seed in range(games):
        players = info.player_counts[seed % len(info.player_counts)]
        state = make(game_id, players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            state.apply(rng.choice(state.legal_actions()))
        yield state, state.log


def phrases(value: Value | Phrase) -> Iterator[Phrase]:
    if isinstance(value, Phrase):
        yield value
        for inner in value.values.values():
            yield from phrases(inner)


def words(value: Value | Phrase) -> Iterator[Word]:
    if isinstance(value, Word):
        yield value
    elif isinstance(value, Phrase):
        for inner in value.values.values():
            yield from words(inner)
    elif isinstance(value, list | tuple):
        for item in value:
            if isinstance(item, Word):
                yield item


@pytest.mark.parametrize("game_id", KITS)
def test_every_event_of_every_game_has_a_template_and_reads_in_full(game_id: str) -> None:
    messages = game_kit(game_id).messages
    codes = {message.code for message in (*COMMON_SENTENCES, *messages.sentences)}
    declared_words = set(messages.words) | set(COMMON_WORDS)
    for state, log in played_logs(game_id):
        names = NAMES[: state.players]
        for event in log:
            phrase = messages.phrase(event)
            assert phrase is not None, f"{game_id} has no sentence for {event}"
            for part in phrases(phrase):
                assert part.code in codes, f"{game_id}: no template {part.code!r} for {event}"
                if part.subject is not None:
                    assert f"{part.code}.you" in codes, f"{game_id}: no {part.code}.you"
            assert set(words(phrase)) <= declared_words, f"{game_id}: an undeclared word"
            for viewer in (None, *range(state.players)):
                text = describe(event, game_id=game_id, names=names, viewer=viewer)
                assert text and "{" not in text and "}" not in text, text
                assert "seat" not in text and "Team" not in text, text


OVER = {"event": "game_over", "scores": [1.0, 1.0], "winners": [0, 1]}
#: Events random games seldom reach, with their English sentence for Ann (seat 0).
RARE_EVENTS = [
    (
        "sequence",
        {"event": "action", "seat": 1, "action": "dead 9C"},
        "Greedy bot 2: Exchange the dead card 9♣",
    ),
    (
        "sequence",
        {"event": "action", "seat": 0, "action": "pass"},
        "You: Pass: no card can be played",
    ),
    (
        "sequence",
        {**OVER, "termination": "stall", "rounds": 2},
        "2 full rounds without a chip placed or removed: a drawn game. A draw (1 – 1).",
    ),
    (
        "sequence-numbers",
        {"event": "action", "seat": 1, "action": "mark A0 E0"},
        "Greedy bot 2: Make A0–E0 the sequence",
    ),
    (
        "sequence-numbers",
        {"event": "action", "seat": 1, "action": "play 7-2 B3"},
        "Greedy bot 2: Play 7−2 on B3",
    ),
    (
        "sequence-numbers",
        {"event": "reshuffle", "cards": 1},
        "The discard piles are shuffled into a new draw pile (1 card)",
    ),
    (
        "sequence-stacks",
        {"event": "action", "seat": 1, "action": "block"},
        "Greedy bot 2: Block the completed pile",
    ),
    (
        "sequence-stacks",
        {"event": "action", "seat": 1, "action": "play steal-chip discard 0 red"},
        "Greedy bot 2: Steal a red chip from you (the card from your discard pile)",
    ),
    (
        "sequence-stacks",
        {"event": "no_chip", "seat": 0, "colour": "blue", "reason": "supply_empty"},
        "You get no blue chip: the supply is empty",
    ),
    (
        "sequence-stacks",
        {**OVER, "winners": [1], "termination": "chips_collected", "chips": 5, "each": 2},
        "Greedy bot 2 holds 5 chips, at least 2 of each colour. Greedy bot 2 won (1 – 1).",
    ),
    (
        "sequence-stacks",
        {**OVER, "termination": "safety_net", "rounds": 10},
        "A colour's chips have run out and 10 full rounds passed with no chip taken. "
        "A draw (1 – 1).",
    ),
    ("sequentia-cross", {"event": "pass", "seat": 0}, "You have no card and pass"),
    (
        "sequentia-cross",
        {"event": "claim", "seat": 0, "lines": "rows", "indices": [0, 2], "cards": 6},
        "You collect the top and bottom rows (6 cards)",
    ),
    (
        "sequentia-cross",
        {"event": "action", "seat": 1, "action": "claim columns 1"},
        "Greedy bot 2: Collect the middle column",
    ),
    (
        "sequentia-shift",
        {**OVER, "termination": "deck_exhausted"},
        "The deck is empty and no player can still claim. A draw (1 – 1).",
    ),
    (
        "sequentia-shift",
        {**OVER, "winners": [0], "termination": "idle_rounds", "rounds": 1},
        "1 full round passed without a claim or an exchange. You won (1 – 1).",
    ),
    (
        "sequentia-shift",
        {"event": "no_target", "seat": 1, "reason": "deck_empty"},
        "Greedy bot 2 gets no new target: the deck is empty",
    ),
    (
        "sequentia-shift",
        {"event": "exchange", "seat": 0, "card": "1:311", "deck_size": 3, "cause": "impossible"},
        "You exchange an impossible target: 1:311 leaves the game",
    ),
    ("sequentia-stack", {**OVER, "termination": "resigned"}, "A player resigned. A draw (1 – 1)."),
]


@pytest.mark.parametrize(("game_id", "event", "sentence"), RARE_EVENTS)
def test_the_events_random_games_seldom_reach_read_right(
    game_id: str, event: dict[str, Any], sentence: str
) -> None:
    assert describe(event, game_id=game_id, names=NAMES[:2], viewer=0) == sentence


def every_sentence() -> Iterator[tuple[str, Message]]:
    for message in COMMON_SENTENCES:
        yield "common", message
    for kit in game_kits():
        for message in kit.messages.sentences:
            yield kit.id, message


@pytest.mark.parametrize(
    ("owner", "message"),
    [(owner, message) for owner, message in every_sentence() if message.plural],
    ids=lambda item: item if isinstance(item, str) else item.code,
)
def test_a_plural_sentence_reads_in_the_singular_for_1_and_the_plural_for_2(
    owner: str, message: Message
) -> None:
    assert message.count is not None and message.plural is not None
    english = i18n.translations(DOMAIN, "en")
    assert english.npgettext(message.code, message.text, message.plural, 1) == message.text
    assert english.npgettext(message.code, message.text, message.plural, 2) == message.plural


CROSS_CLAIM = {"event": "claim", "seat": 1, "lines": "columns", "cards": 3}


def test_one_column_is_a_column_and_two_are_columns() -> None:
    one = describe({**CROSS_CLAIM, "indices": [0]}, game_id="sequentia-cross", names=NAMES[:2])
    assert one == "Greedy bot 2 collects the left column (3 cards)"
    two = describe(
        {**CROSS_CLAIM, "indices": [0, 2], "cards": 1}, game_id="sequentia-cross", names=NAMES[:2]
    )
    assert two == "Greedy bot 2 collects the left and right columns (1 card)"


def test_a_refill_that_leaves_a_space_empty_says_so_once() -> None:
    event = {"event": "refill", "seat": 0, "placed": {"1": "1:111", "2": "1:112"}, "hole": 0}
    text = describe(event, game_id="sequentia-shift", names=NAMES[:2])
    assert text == "The grid gets 2 new cards; the top left space stays empty"
    one = describe({**event, "placed": {"1": "1:111"}}, game_id="sequentia-shift", names=NAMES[:2])
    assert one.startswith("The grid gets 1 new card;")


def test_seats_read_by_the_names_players_see_and_the_reader_is_you() -> None:
    event = {"event": "stole_card", "seat": 1, "source": 0, "card": "red-4"}
    assert describe(event, game_id="sequence-stacks", names=NAMES[:2]) == (
        "Greedy bot 2 steals red 4 from Ann"
    )
    assert describe(event, game_id="sequence-stacks", names=NAMES[:2], viewer=0) == (
        "Greedy bot 2 steals red 4 from you"
    )
    assert describe(event, game_id="sequence-stacks", names=NAMES[:2], viewer=1) == (
        "You steal red 4 from Ann"
    )
    action = {"event": "action", "seat": 1, "action": "slide 0 1"}
    assert describe(action, game_id="sequentia-shift", names=NAMES[:2]) == (
        "Greedy bot 2: Slide the top left card right"
    )


def test_a_two_player_sequence_names_the_winner_not_a_team() -> None:
    event = {
        "event": "game_over",
        "scores": [0.0, 2.0],
        "winners": [1],
        "termination": "sequences_made",
        "sequences": 2,
    }
    text = describe(event, game_id="sequence", names=NAMES[:2])
    assert text == "2 sequences made: the game is won. Greedy bot 2 won (0 – 2)."
    assert describe(event, game_id="sequence", names=NAMES[:2], viewer=1).endswith(
        "You won (0 – 2)."
    )


def test_a_team_wins_by_its_members_names() -> None:
    teams = [0, 1, 0, 1]
    assert describe_result([1, 3], names=NAMES[:4], teams=teams) == "Greedy bot 2 and Dan won"
    assert describe_result([1, 3], names=NAMES[:4], viewer=3, teams=teams) == (
        "Your team won, with Greedy bot 2"
    )
    assert describe_result([1, 3], names=NAMES[:4], viewer=0, teams=teams) == (
        "Greedy bot 2 and Dan won"
    )


def test_results_alone_shared_and_drawn() -> None:
    assert describe_result([0], names=NAMES[:2], viewer=0) == "You won"
    assert describe_result([0, 2], names=NAMES[:3], viewer=2) == "You share the win with Ann"
    assert describe_result([0, 2], names=NAMES[:3]) == "Ann and Carl share the win"
    assert describe_result([], names=NAMES[:2]) == "A draw"
    assert describe_result([0, 1], names=NAMES[:2], viewer=0) == "A draw"


def test_an_ending_with_rounds_counts_them() -> None:
    event = {
        "event": "game_over",
        "scores": [3.0, 3.0],
        "winners": [0, 1],
        "termination": "stall",
        "rounds": 1,
    }
    assert describe(event, game_id="sequentia-cross", names=NAMES[:2]) == (
        "1 full round passed without a claim with an empty deck. A draw (3 – 3)."
    )


def test_an_event_a_game_does_not_know_is_an_error_not_a_guess() -> None:
    with pytest.raises(LookupError, match="no sentence"):
        describe({"event": "earthquake"}, game_id="sequentia-stack", names=NAMES[:2])


def declared_messages(sentences: Iterable[Message], words: Iterable[Word]) -> set[object]:
    return {
        (message.code, message.text if message.plural is None else (message.text, message.plural))
        for message in sentences
    } | {(word.context, word.text) for word in words}


#: Each folder of log catalogues: the text layer's shared one, then each game's own (two kits of
#: one package share theirs).
FOLDERS = list(dict.fromkeys([i18n.LOCALE_DIR, *(kit.locale for kit in game_kits() if kit.locale)]))


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.parent.name)
def test_the_english_catalogue_lists_exactly_the_declared_messages(folder: Path) -> None:
    with i18n.catalogue_path(DOMAIN, "en", folder).open("rb") as po:
        stored = {(message.context, message.id) for message in read_po(po) if message.id}
    if folder == i18n.LOCALE_DIR:
        declared = declared_messages(COMMON_SENTENCES, COMMON_WORDS)
    else:
        kits = [kit for kit in game_kits() if kit.locale == folder]
        declared = declared_messages(
            [message for kit in kits for message in kit.messages.sentences],
            [word for kit in kits for word in kit.messages.words],
        )
    assert stored == declared, "run python -m sequenza.text to write the English catalogues"


def test_every_game_of_this_project_keeps_its_log_in_its_own_folder() -> None:
    for kit in game_kits():
        if kit.game.__module__.startswith("sequenza."):
            assert kit.locale is not None and kit.locale.is_relative_to(Path(kit.view).parent), (
                kit.id
            )


def test_an_unknown_language_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match=r"'xx'.*en"):
        describe_result([0], names=NAMES[:2], lang="xx")


def test_a_kit_without_messages_is_refused() -> None:
    kit = game_kit("sequentia-stack")
    broken: Mapping[str, Any] = {**vars(kit), "messages": None}
    with pytest.raises(ValueError, match="messages"):
        GameKit(**broken).check()
    assert isinstance(kit.messages, Messages)
