import pytest
from toy_cards.rules import ToyOptions

from sequenza import OptionError
from sequenza.core.errors import UnknownOptionError
from sequenza.core.registry import make_game


def test_defaults_and_checked_values() -> None:
    assert ToyOptions.build().hand_size == 2
    assert ToyOptions.build(hand_size=3).hand_size == 3


def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(OptionError, match=r"unknown option 'hand'.*hand_size"):
        ToyOptions.build(hand=3)


@pytest.mark.parametrize("value", [0, 4, "2", True])
def test_bad_values_are_refused(value: object) -> None:
    with pytest.raises(OptionError, match="hand_size"):
        ToyOptions.build(hand_size=value)


def test_values_typed_on_a_command_line() -> None:
    options = ToyOptions.parse(["hand-size=3", "random_first_player=yes"])
    assert options.hand_size == 3
    assert options.random_first_player is True
    assert options.changed() == {"hand_size": 3, "random_first_player": True}
    with pytest.raises(OptionError, match="name=value"):
        ToyOptions.parse(["hand_size"])
    with pytest.raises(OptionError, match="integer"):
        ToyOptions.parse(["hand_size=many"])


def test_every_option_is_described() -> None:
    texts = [spec.describe() for spec in ToyOptions.specs()]
    assert "hand_size = 2 (1..3): Cards in each hand" in texts
    assert any(text.startswith("random_first_player = false") for text in texts)


def test_no_option_name_collides_with_the_builders_own_parameters() -> None:
    # A web request's options reach these as keywords: its names are the options class's
    # to refuse, never a TypeError of the call.
    for name in ("cls", "players", "game_id"):
        with pytest.raises(UnknownOptionError) as refused:
            make_game("test-toy", 2, **{name: 1})
        assert refused.value.name == name and "hand_size" in refused.value.known
