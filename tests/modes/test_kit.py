"""A mode file is a game like any other: its kit registers, passes the conformance kit, plays
against every bot, is drawn in the terminal, speaks its log from the file's words, and the
command line takes its path where it takes a game id."""

from __future__ import annotations

import random
import re

import pytest
from typer.testing import CliRunner

import sequenza
from sequenza import i18n
from sequenza.ai import make_bot
from sequenza.app.cli import app
from sequenza.app.render import render, rules_for_people
from sequenza.app.web.catalogue import game_listing
from sequenza.core.registry import game_kit, register_kit
from sequenza.modes import EXAMPLES, ModeError, build_kit, load, parse_mode
from sequenza.testing.conformance import check_game
from sequenza.text.describe import describe

runner = CliRunner()
PLAIN = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
FILES = ["shift.toml", "stack.toml", "cross.toml"]
STACK = (EXAMPLES / "stack.toml").read_text(encoding="utf-8")


def _registered(name: str) -> str:
    kit = register_kit(load(EXAMPLES / name))
    return kit.id


def test_loading_a_file_twice_gives_the_same_kit() -> None:
    assert load(EXAMPLES / "stack.toml") is load(EXAMPLES / "stack.toml")


#: The deals of Shift's conformance run: (players, seed, options). Random players seldom claim
#: in Shift, so a game under the default rules plays the whole deck out (a thousand actions
#: and more). Two deals do (seed 9 at two players reaches the refill of a single place at the
#: end of the deck), two are cut short by the idle-rounds net: together they reach every line
#: and branch of the mode engine that four whole-deck deals (seeds 0 and 1 at two and four
#: players, as the other files play) reach, in half the time (measured with coverage).
SHIFT_DEALS: list[tuple[int, int, dict[str, int]]] = [
    (2, 9, {}),
    (4, 0, {}),
    (2, 1, {"idle_rounds": 5}),
    (4, 1, {"idle_rounds": 5}),
]


@pytest.mark.parametrize("name", FILES)
def test_a_mode_passes_the_conformance_kit(name: str) -> None:
    game_id = _registered(name)
    if name == "shift.toml":
        for players, seed, options in SHIFT_DEALS:
            report = check_game(
                game_id, games=1, players=[players], first_seed=seed, options=options
            )
            assert report.games == 1
    else:
        report = check_game(game_id, games=2, players=[2, 4])
        assert report.games == 4
    assert game_kit(game_id).game.info.hidden_information


@pytest.mark.parametrize("bot", ["random", "novice", "greedy", "mcts"])
def test_every_bot_plays_a_mode_through_its_kit(bot: str) -> None:
    game_id = _registered("stack.toml")
    state = sequenza.make(game_id, players=2, seed=5)
    player = make_bot(bot, seed=1, **({"iterations": 20} if bot == "mcts" else {}))
    for _ in range(12 if bot == "mcts" else 500):
        if state.is_over:
            break
        state.apply(player.act(state))
    assert bot == "mcts" or state.is_over


def test_the_greedy_bot_claims_when_a_claim_is_open() -> None:
    kit = load(EXAMPLES / "cross.toml")
    state = kit.game(2, kit.game.options_class()).new_initial_state(0)
    rng = random.Random(0)
    while not state.is_over and state.phase != "claim":
        state.apply(kit.play.greedy(state, state.legal_actions(), rng))
    if state.phase == "claim":
        legal = state.legal_actions()
        chosen = kit.play.greedy(state, legal, rng)

        # One action ahead on the collected cards: no other claim collects more.
        def collected(action: sequenza.Action) -> int:
            twin = state.search_copy()
            twin.apply_unchecked(action)
            return len(twin.scores[0 if state.to_act == 0 else state.to_act])

        assert collected(chosen) == max(collected(action) for action in legal)


def test_the_log_reads_in_the_file_s_words_and_the_drawing_shows_the_places() -> None:
    game_id = _registered("shift.toml")
    kit = game_kit(game_id)
    state = sequenza.make(game_id, players=2, seed=3)
    rng = random.Random(1)
    while not state.is_over:
        state.apply(kit.play.greedy(state, state.legal_actions(), rng))
    sentences = [describe(event, game_id=game_id, names=["Ann", "Bob"]) for event in state.log]
    assert sentences[1].startswith("Ann: Slide ")
    assert any(re.match(r"(Ann|Bob): Claim row \d", sentence) for sentence in sentences)
    assert sentences[-1].startswith(("The deck is empty", "Too many rounds"))
    drawing = render(state.observation(0))
    # Seats counted from 1, as every game's terminal drawing counts them.
    assert "grid:" in drawing and "target, seat 1 (you):" in drawing
    assert "score, seat 2:" in drawing and "seat 0" not in drawing
    finnish = render(state.observation(0), "fi")
    assert "target, paikka 1 (sinä):" in finnish and "Pakka 0" in finnish
    assert not {"phase", "deck", "seat", "slides"} & set(re.findall(r"[a-z_]+", finnish))


def test_the_drawing_names_the_mode_in_the_reader_s_words_and_sizes_piles_only() -> None:
    sliding = sequenza.make(_registered("sliding_hand.toml"), players=2, seed=1)
    italian = render(sliding.observation(0), "it")
    # A grid of single cards: its cards alone, the empty centre a dot, no "(1)".
    header, _, *grid = italian.splitlines()[:5]
    assert header.startswith("Sequentia · Mano scorrevole · ")
    assert "(" not in " ".join(grid[:3]) and re.search(r"\d:\d{3}\+?\s+\.\s+\d:", grid[1])
    assert render(sliding.observation(0)).startswith("Sequentia · Sliding Hand · ")
    # A grid of piles (Cross) and a row of piles (Stack) show each pile's size.
    cross = sequenza.make(_registered("cross.toml"), players=2, seed=1)
    assert re.search(r"\d:\d{3}\+?\(1\)", render(cross.observation(0)))
    stack = sequenza.make(_registered("stack.toml"), players=2, seed=1)
    rng = random.Random(2)
    while not stack.observation(0)["places"][0]["cells"]:
        stack.apply(rng.choice(stack.legal_actions()))
    assert re.search(r"row: .*\(\d+\)", render(stack.observation(0)))


def test_the_view_of_a_seat_hides_the_others_hands() -> None:
    game_id = _registered("stack.toml")
    seen = sequenza.make(game_id, players=3, seed=2).observation(1)
    hands = [place for place in seen["places"] if place["kind"] == "hand"]
    assert [place["cards"] is None for place in hands] == [True, False, True]
    assert [place["size"] for place in hands] == [3, 3, 3]
    assert seen["places"][0] == {
        "name": "row",
        "kind": "row",
        "seat": None,
        "shape": [4],
        "cells": [],
        "cards": None,
        "size": 0,
    }


def test_play_takes_a_mode_file_where_it_takes_a_game_id() -> None:
    path = str(EXAMPLES / "stack.toml")
    result = runner.invoke(app, ["play", path, "--seed", "4"], input="1\n" * 300, env=PLAIN)
    assert result.exit_code == 0, result.output
    assert "row:" in result.output


def test_mode_compare_exits_0_when_identical_and_1_with_the_first_difference(tmp_path) -> None:  # type: ignore[no-untyped-def]
    path = EXAMPLES / "cross.toml"
    same = runner.invoke(
        app, ["mode", "compare", str(path), "sequentia-cross", "--games", "3"], env=PLAIN
    )
    assert same.exit_code == 0, same.output
    assert "identical: 9 games" in same.output
    changed = tmp_path / "cross.toml"
    changed.write_text(
        path.read_text().replace("draw = 3", "draw = 2").replace('"mode-cross"', '"mode-cross-2"'),
        encoding="utf-8",
    )
    differ = runner.invoke(
        app, ["mode", "compare", str(changed), "sequentia-cross", "--games", "3"], env=PLAIN
    )
    assert differ.exit_code == 1
    assert "2 players, seed 0: step " in differ.output


def test_mode_check_names_a_planted_mistake_with_its_line(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = (EXAMPLES / "shift.toml").read_text()
    text = text.replace('"slide_limit"\nat', '"slide_limt"\nat')
    planted = tmp_path / "shift.toml"
    planted.write_text(text, encoding="utf-8")
    line = next(n for n, row in enumerate(text.splitlines(), 1) if "slide_limt" in row)
    result = runner.invoke(app, ["mode", "check", str(planted)], env=PLAIN)
    assert result.exit_code == 2
    assert f"shift.toml:{line}:1: turn.slide.limit names no option 'slide_limt'" in result.output
    assert "did you mean 'slide_limit'?" in result.output


def test_mode_check_says_a_game_that_fails_when_played_as_a_mistake(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A file that reads but whose game breaks when played (blocks combined as no check
    # foresaw) gets the line a mistake gets, not a traceback.
    def broken(game_id: str, games: int) -> None:
        raise IndexError("list index out of range")

    monkeypatch.setattr("sequenza.testing.conformance.check_game", broken)
    path = str(EXAMPLES / "cross.toml")
    result = runner.invoke(app, ["--lang", "it", "mode", "check", path], env=PLAIN)
    assert result.exit_code == 2
    assert "cross.toml:1:1:" in result.output
    assert "IndexError: list index out of range" in result.output
    assert "Traceback" not in result.output


def test_a_misspelt_word_of_the_format_gets_the_nearest_allowed_one(tmp_path) -> None:  # type: ignore[no-untyped-def]
    text = (EXAMPLES / "shift.toml").read_text()
    text = text.replace('lines = ["rows"]', 'lines = ["rowz"]').replace("\nrows = 3", "\nrowz = 3")
    planted = tmp_path / "shift.toml"
    planted.write_text(text, encoding="utf-8")
    result = runner.invoke(app, ["mode", "check", str(planted)], env=PLAIN)
    assert result.exit_code == 2
    # A misspelt value and a misspelt key each name the word they were meant to be.
    assert (
        "'rowz' is not a word turn.claim.lines.0 takes (fix: did you mean 'rows'?)" in result.output
    )
    assert "unknown key 'rowz' in places.grid (fix: did you mean 'rows'?)" in result.output


def test_mode_check_runs_the_kit_and_a_smoke_simulation_in_italian() -> None:
    path = str(EXAMPLES / "cross.toml")
    result = runner.invoke(app, ["--lang", "it", "mode", "check", path, "--games", "20"], env=PLAIN)
    assert result.exit_code == 0, result.output
    assert "il file della modalità non contiene errori" in result.output
    assert "simulazione di prova: 20 partite a 2 giocatori" in result.output
    # Seats counted from 1, as players count them (and the terminal's table does).
    assert "il posto 1 vince il" in result.output and "il posto 2 vince il" in result.output
    assert "il posto 0" not in result.output


@pytest.mark.parametrize(
    ("name", "changes"),
    [
        # Shift whose columns count too: a claim names the kind of line ("claim columns 2").
        ("shift.toml", [('lines = ["rows"]', 'lines = ["rows", "columns"]')]),
        # Stack with a row of five piles: three windows of three piles to claim.
        ("stack.toml", [("max_piles = 4", "max_piles = 5")]),
    ],
)
def test_a_new_mode_is_a_few_changed_lines_of_a_file(
    name: str, changes: list[tuple[str, str]]
) -> None:
    text = (EXAMPLES / name).read_text(encoding="utf-8")
    for old, new in [*changes, ('id = "mode-', 'id = "variant-')]:
        assert old in text
        text = text.replace(old, new)
    from sequenza.modes import build_kit, parse_mode

    kit = register_kit(build_kit(parse_mode(text)))
    report = check_game(kit.id, games=2, players=[2])
    assert report.games == 2
    verbs = {action.verb for action in kit.game.action_space.actions}
    assert "claim" in verbs
    if name == "shift.toml":
        assert sequenza.Action("claim", ("columns", 2)) in kit.game.action_space
    else:
        assert sequenza.Action("claim", ("2:131", 3)) in kit.game.action_space


def test_a_row_whose_claims_read_each_seat_s_target_plays_to_its_end() -> None:
    # Stack with a secret target a seat besides its hand: three adjacent piles that show the
    # target's code claim it ("claim 2"), and the claimer draws a new target.
    text = STACK
    for old, new in [
        ('id = "mode-stack"', 'id = "target-stack"'),
        ("[places.score]", '[places.target]\nkind = "target"\n\n[places.score]'),
        ('count = "hand_size"\n', 'count = "hand_size"\n\n[[setup]]\ndeal = "target"\n'),
        ('code = "hand"', 'code = "target"\nnew_target = true'),
    ]:
        assert old in text
        text = text.replace(old, new)
    kit = register_kit(build_kit(parse_mode(text)))
    claims = [action for action in kit.game.action_space.actions if action.verb == "claim"]
    assert claims == [sequenza.Action("claim", (1,)), sequenza.Action("claim", (2,))]
    assert check_game(kit.id, games=2, players=[2, 4]).games == 4
    state = sequenza.make(kit.id, players=2, seed=3)
    bots = [make_bot("greedy", seed=seat) for seat in range(2)]
    played = []
    while not state.is_over:
        seat = state.current_seat
        assert seat is not None
        played.append(bots[seat].act(state))
        state.apply(played[-1])
    assert any(action.verb == "claim" for action in played)
    # With a hand and a target, a seat has nothing to play when its turn offers nothing: a
    # seat between targets still places its cards, one with an empty hand passes.
    state = sequenza.make(kit.id, players=2, seed=3)
    seat = state.current_seat
    state.targets[seat] = None
    assert {action.verb for action in state.legal_actions()} == {"place"}
    state = sequenza.make(kit.id, players=2, seed=3)
    state.deck += state.hands[seat]
    state.hands[seat].clear()
    assert state.legal_actions() == [sequenza.Action("pass", ())]
    # The code of the card just placed is read on a grid's lines only: on a row, a mistake.
    placed = text.replace('code = "target"\nnew_target = true', 'code = "placed"')
    with pytest.raises(ModeError) as caught:
        parse_mode(placed)
    (problem,) = caught.value.problems
    line = next(n for n, row in enumerate(placed.splitlines(), 1) if row == 'code = "placed"')
    assert (problem.line, problem.code, problem.fix) == (
        line,
        "placed_on_row",
        'write code = "hand"',
    )


def test_the_log_speaks_the_file_s_words_in_every_language() -> None:
    from sequenza import i18n

    game_id = _registered("shift.toml")
    action = {"event": "action", "seat": 1, "action": "slide 5 4"}
    said = {
        language: describe(action, game_id=game_id, names=["Ann", "Bob"], lang=language)
        for language in ("en", "it", "fi", "eo")
    }
    # Positions read from 1, as the built-in games show them: "slide 5 4" is 6 to 5.
    assert said == {
        "en": "Bob: Slide 6 5",
        "it": "Bob: Fai scorrere 6 5",
        "fi": "Bob: Liu'uta 6 5",
        "eo": "Bob: Glitigi 6 5",
    }
    # An event the file does not word reads in the modes' own translation.
    drew = {"event": "draw", "seat": 0, "cards": 2, "deck": 9}
    assert describe(drew, game_id=game_id, names=["Ann", "Bob"], lang="it") == (
        "Ann pesca 2 carte (nel mazzo: 9)"
    )
    # The summary and options in the file's words, in the mode's own catalogue.
    kit = game_kit(game_id)
    own = i18n.catalogue_entries(i18n.catalogue("games", "eo", kit.locale))
    assert own[kit.game.info.summary].translated[0].startswith("Glitigu la kartojn")
    assert own["mode-shift:option.slide_limit"].translated == ("Permesataj glitigoj en unu vico",)


def test_a_mode_s_own_words_for_an_option_win_for_its_game_alone() -> None:
    # Two Stacks whose hand_size says the built-in Stack's English, each in Italian words of
    # its own; one id sorts before sequentia-stack, one after (where catalogues share an
    # English text, the one read last words it for every game).
    def variant(game_id: str, description: str, label: str) -> str:
        words = f'"option.hand_size" = "{description}"\n"option.hand_size.label" = "{label}"\n'
        text = STACK.replace('id = "mode-stack"', f'id = "{game_id}"')
        return register_kit(
            build_kit(parse_mode(text.replace("[words.it]\n", "[words.it]\n" + words)))
        ).id

    before = variant("mode-own-stack", "Carte a testa", "Mano")
    after = variant("variant-stack", "Carte in mano a testa", "La mano")
    plain = _registered("stack.toml")  # the shipped file words none of its options
    builtin = "Carte distribuite a ogni giocatore, e ripescate fino a quel numero dopo ogni turno"
    italian = i18n.Translator("games", "it")
    said = {}
    for game_id in (before, after, plain, "sequentia-stack"):
        (spec,) = [
            one
            for one in sequenza.make_game(game_id, 2).options_class.specs()
            if one.name == "hand_size"
        ]
        assert (
            spec.description == "Cards dealt to each player, and drawn back up to after every turn"
        )
        said[game_id] = (
            italian.option_description(game_id, spec),
            italian.option_label(game_id, spec),
        )
    assert said == {
        before: ("Carte a testa", "Mano"),
        after: ("Carte in mano a testa", "La mano"),
        plain: (builtin, "Carte in mano"),  # no words of its own: the shared ones, as before
        "sequentia-stack": (builtin, "Carte in mano"),
    }
    # The lobby's listing and the rules page of a table say the same.
    for game_id in (after, "sequentia-stack"):
        (listed,) = [
            one for one in game_listing(game_id, "it")["options"] if one["name"] == "hand_size"
        ]
        assert (listed["description"], listed["label"]) == said[game_id]
    rules = rules_for_people(sequenza.make_game(after, 2), "it")
    assert "`hand_size = 3`: Carte in mano a testa" in rules
    assert f"`hand_size = 3`: {builtin}" in rules_for_people(
        sequenza.make_game("sequentia-stack", 2), "it"
    )


def test_a_counted_event_takes_the_language_s_plural_form() -> None:
    game_id = _registered("sliding_hand.toml")

    def said(cards: int, language: str, viewer: int | None = None) -> tuple[str, str]:
        drew = {"event": "draw", "seat": 0, "cards": cards, "deck": 9}
        claimed = {"event": "claim", "seat": 0, "cards": cards, "collected": 9, "action": "c"}
        return (
            describe(drew, game_id=game_id, names=["Ann", "Bob"], lang=language),
            describe(claimed, game_id=game_id, names=["Ann", "Bob"], viewer=0, lang=language),
        )

    assert said(1, "en") == ("Ann draws 1 card (9 left)", "You claim and collect 1 card")
    assert said(2, "en") == ("Ann draws 2 cards (9 left)", "You claim and collect 2 cards")
    # Italian's three forms: one, a round million's ("di carte") and the others'.
    assert said(1, "it") == ("Ann pesca 1 carta (nel mazzo: 9)", "Reclami e raccogli 1 carta")
    assert said(4, "it") == ("Ann pesca 4 carte (nel mazzo: 9)", "Reclami e raccogli 4 carte")
    assert said(1_000_000, "it")[0] == "Ann pesca 1.000.000 di carte (nel mazzo: 9)"
    assert said(1, "fi") == ("Ann nostaa 1 kortin (jäljellä 9)", "Otat ja keräät 1 kortin")
    assert said(3, "fi")[0] == "Ann nostaa 3 korttia (jäljellä 9)"
    assert said(1, "eo") == ("Ann tiras 1 karton (9 restas)", "Vi postulas kaj kolektas 1 karton")
    assert said(3, "eo")[0] == "Ann tiras 3 kartojn (9 restas)"
    # The page's prompt with a number has the language's forms too (the view passes count).
    from sequenza import i18n

    prompt = i18n.page_messages("it")["mode.view.prompt_slide_left"]
    assert isinstance(prompt, dict) and set(prompt) == {"one", "many", "other"}
    assert prompt["one"].endswith("(resta {slides} scorrimento)")
    assert i18n.page_messages("en")["mode.view.prompt_slide_left"] == {
        "one": "Slide a card into a hole ({slides} slide left)",
        "other": "Slide a card into a hole ({slides} slides left)",
    }
    twice = {"event": "repetition", "seat": 1, "occurrences": 1}
    assert describe(twice, game_id=game_id, names=["Ann", "Bob"], lang="it") == (
        "La posizione si è ripetuta 1 volta: Bob deve cambiare"
    )


def test_a_file_words_a_counted_event_by_plural_category_and_an_old_file_still_reads(
    tmp_path,  # type: ignore[no-untyped-def]
) -> None:
    text = (EXAMPLES / "sliding_hand.toml").read_text(encoding="utf-8")
    text = text.replace('id = "mode-sliding-hand"', 'id = "mode-sliding-plural"')
    text = text.replace(
        "[words.en]\n",
        '[words.en]\n"event.draw" = { one = "{who} takes {cards} card", other = '
        '"{who} takes {cards} cards" }\n',
    )
    # Italian gives its three forms, Finnish leaves a category out (its "other" stands in),
    # Esperanto keeps the one sentence an older file gives.
    text = text.replace(
        "[words.it]\n",
        '[words.it]\n"event.draw" = { one = "{who} prende {cards} carta", many = '
        '"{who} prende {cards} di carte", other = "{who} prende {cards} carte" }\n',
    )
    text = text.replace("[words.fi]\n", '[words.fi]\n"event.draw" = { other = "{who}: {cards}" }\n')
    text = text.replace("[words.eo]\n", '[words.eo]\n"event.draw" = "{who} prenas: {cards}"\n')
    file = tmp_path / "plural.toml"
    file.write_text(text, encoding="utf-8")
    game_id = register_kit(load(file)).id

    def drew(cards: int, language: str) -> str:
        event = {"event": "draw", "seat": 1, "cards": cards, "deck": 0}
        return describe(event, game_id=game_id, names=["Ann", "Bob"], lang=language)

    assert [drew(1, "en"), drew(5, "en")] == ["Bob takes 1 card", "Bob takes 5 cards"]
    assert [drew(1, "it"), drew(5, "it"), drew(2_000_000, "it")] == [
        "Bob prende 1 carta",
        "Bob prende 5 carte",
        "Bob prende 2.000.000 di carte",
    ]
    assert [drew(1, "fi"), drew(5, "fi")] == ["Bob: 1", "Bob: 5"]
    assert [drew(1, "eo"), drew(5, "eo")] == ["Bob prenas: 1", "Bob prenas: 5"]
    # A table of forms without its "other" form is a mistake named at its line.
    broken = text.replace('{ other = "{who}: {cards}" }', '{ uno = "{who}: {cards}" }')
    file.write_text(broken, encoding="utf-8")
    result = runner.invoke(app, ["mode", "check", str(file)], env=PLAIN)
    assert result.exit_code != 0
    line = broken.splitlines().index('"event.draw" = { uno = "{who}: {cards}" }') + 1
    assert f":{line}:" in result.output and "other" in result.output


def test_rules_and_schema_take_a_mode_file_and_the_schema_holds_its_views() -> None:
    import json

    import jsonschema

    path = str(EXAMPLES / "cross.toml")
    rules = runner.invoke(app, ["rules", path], env=PLAIN)
    assert rules.exit_code == 0, rules.output
    assert "stall_rounds" in rules.output and "Cross (mode file)" in rules.output
    schema = runner.invoke(app, ["schema", path], env=PLAIN)
    assert schema.exit_code == 0, schema.output
    state = sequenza.make("mode-cross", players=3, seed=8)
    rng = random.Random(2)
    while not state.is_over:
        for seat in (0, 1, 2, None):
            jsonschema.validate(state.observation(seat), json.loads(schema.output))
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
