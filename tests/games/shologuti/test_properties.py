"""Property tests with hypothesis over random playouts: hypothesis picks every move."""

from __future__ import annotations


from hypothesis import given
from hypothesis import strategies as st

from lessons_lib.games.common.bits import popcount
from lessons_lib.games.shologuti.movegen import count_moves
from lessons_lib.kit.perft import interface_leaves, perft
from lessons_lib.games.shologuti.record import GameRecord
from lessons_lib.games.shologuti.rules import VARIANTS, Rules
from lessons_lib.games.shologuti.position import Position
from lessons_lib.games.shologuti.zobrist import compute_key

variants = st.sampled_from(list(VARIANTS.values()))
lengths = st.integers(min_value=0, max_value=160)


def playout(data: st.DataObject, rules: Rules, plies: int) -> list[Position]:
    """The positions of a game whose moves hypothesis draws (stops early if the game ends)."""
    positions = [Position.start(rules)]
    for _ in range(plies):
        moves = positions[-1].legal_moves()
        if not moves:
            break
        positions.append(positions[-1].play(data.draw(st.sampled_from(moves))))
    return positions


@given(st.data(), variants, lengths)
def test_piece_counts_never_grow_and_a_capture_takes_exactly_one(data: st.DataObject, rules: Rules, plies: int) -> None:
    positions = playout(data, rules, plies)
    for before, after in zip(positions, positions[1:]):
        assert after.piece_count(0) <= before.piece_count(0) and after.piece_count(1) <= before.piece_count(1)
        lost = before.piece_count(0) + before.piece_count(1) - after.piece_count(0) - after.piece_count(1)
        assert lost in (0, 1)
        assert (after.clock == 0) == (lost == 1) or after.pending


@given(st.data(), variants, lengths)
def test_the_incremental_key_equals_the_recomputed_key(data: st.DataObject, rules: Rules, plies: int) -> None:
    for position in playout(data, rules, plies):
        assert position.key == compute_key(position.green, position.red, position.to_move, position.pending)
        assert 0 <= position.key < 2**64


@given(st.data(), variants, lengths)
def test_printing_then_parsing_a_position_gives_it_back(data: st.DataObject, rules: Rules, plies: int) -> None:
    for position in playout(data, rules, plies):
        again = Position.from_string(str(position), rules)
        assert again == position and again.key == position.key
        assert again.legal_moves() == position.legal_moves()


@given(st.data(), variants, lengths)
def test_a_pending_chain_keeps_the_side_to_move(data: st.DataObject, rules: Rules, plies: int) -> None:
    positions = playout(data, rules, plies)
    for before, after in zip(positions, positions[1:]):
        if after.pending:
            assert after.to_move == before.to_move
            assert all(m.origin == after.pending for m in after.legal_moves() if not m.is_stop)


@given(st.data(), variants, lengths)
def test_undo_restores_the_exact_position_and_redo_replays(data: st.DataObject, rules: Rules, plies: int) -> None:
    positions = playout(data, rules, plies)
    game = GameRecord(positions[0])
    for before, after in zip(positions, positions[1:]):
        move = next(m for m in before.legal_moves() if before.play(m) == after)
        game.play(move)
    undone = data.draw(st.integers(min_value=0, max_value=len(positions) - 1))
    for _ in range(undone):
        game.undo()
    assert game.position == positions[-1 - undone]
    for _ in range(undone):
        game.redo()
    assert game.position == positions[-1]
    assert GameRecord.from_text(game.to_text()).position == positions[-1]


@given(st.data(), variants, st.integers(min_value=0, max_value=80))
def test_the_mirror_has_the_same_perft(data: st.DataObject, rules: Rules, plies: int) -> None:
    position = playout(data, rules, plies)[-1]
    mirror = position.mirrored()
    assert perft(mirror, 2) == perft(position, 2)
    assert len(mirror.legal_moves()) == len(position.legal_moves())


@given(st.text(alphabet='[]"ViarntPosPly 0123456789x-.GR\n#', max_size=80))
def test_any_text_is_a_game_record_or_a_value_error(text: str) -> None:
    try:
        GameRecord.from_text(text)
    except ValueError:
        return




@given(st.data(), variants, st.integers(min_value=0, max_value=120), st.integers(min_value=1, max_value=3))
def test_perft_on_the_bitboards_is_perft_through_the_game_interface(data: st.DataObject, rules: Rules, plies: int,
                                                                    depth: int) -> None:
    """Chains, a game's end and every draw rule included: out of a chain, the clock is set near the draw in half
    the cases."""
    position = playout(data, rules, plies)[-1]
    if not position.pending and data.draw(st.booleans()):
        near_draw = data.draw(st.integers(min_value=rules.draw_plies - 3, max_value=rules.draw_plies))
        position = Position.from_string(" ".join([*str(position).split()[:3], str(near_draw)]), rules)
    assert position.count_leaves(depth) == interface_leaves(position, depth)
    if not position.pending and not position.is_game_over():
        assert count_moves_of(position) == len(position.legal_moves())


def count_moves_of(position: Position) -> int:
    own, enemy = (position.red, position.green) if position.to_move else (position.green, position.red)
    return count_moves(own, enemy, position.rules)


@given(st.integers(min_value=0, max_value=2 ** 63 - 1))
def test_popcount_is_bit_count(mask: int) -> None:
    assert popcount(mask) == mask.bit_count()
