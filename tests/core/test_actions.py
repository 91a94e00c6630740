import pytest

from sequenza import Action, NotationError


def test_text_notation_parses_back() -> None:
    for action in [
        Action("slide", (5,)),
        Action("place", ("2:131+", "left")),
        Action("end"),
        Action("move", (-1, "a")),
    ]:
        assert Action.parse(str(action)) == action
        assert Action.from_json(action.to_json()) == action


def test_numbers_become_integers_and_words_stay_words() -> None:
    assert Action.parse("play 5S 12") == Action("play", ("5S", 12))


@pytest.mark.parametrize("text", ["", "   ", "5 slide", "sl-ide 3"])
def test_malformed_text_is_refused(text: str) -> None:
    with pytest.raises(NotationError):
        Action.parse(text)


def test_arguments_must_be_single_words() -> None:
    with pytest.raises(NotationError):
        Action("play", ("two words",))
    with pytest.raises(NotationError):
        Action("play", (True,))


def test_json_form_also_accepts_an_object() -> None:
    assert Action.from_json({"verb": "slide", "args": [3]}) == Action("slide", (3,))
    with pytest.raises(NotationError):
        Action.from_json(42)
