"""The stepper in PUCT mode: W in three significant digits in boxes that hold it, no rollout menu where a value
stands for the rollouts, and captions that say scores, not wins."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

import pytest

from lessons_lib.learning.policy_value import Model
from lessons_lib.viz.mcts_tree import short
from lessons_lib.widgets.mcts_stepper import MCTSStepper

WEIGHTS = (0.4, 0.8, 0.05, 0.3, 0.2, 0.3, 0.02, 0.05, 0.1)
MODEL = Model("shologuti", WEIGHTS, WEIGHTS)


@pytest.fixture(scope="module")
def stepper() -> MCTSStepper:
    return MCTSStepper(iterations=60, priors=MODEL.priors, value=MODEL.value)


def test_w_has_at_most_three_significant_digits_and_each_box_holds_its_label(stepper: MCTSStepper) -> None:
    stepper.go_to(len(stepper.events))
    root = ElementTree.fromstring(stepper.tree_view.value)
    boxes = [element for element in root.iter() if element.tag.endswith("rect") and element.get("class") == "node"]
    labels = [element.text or "" for element in root.iter() if element.tag.endswith("text")
              and re.fullmatch(r"[0-9.e+-]+/[0-9]+", element.text or "")]
    assert len(boxes) == len(labels) > 10
    assert any("." in label for label in labels)  # the learned value's scores are fractions
    for box, label in zip(boxes, labels):
        wins = label.split("/")[0]
        assert len(wins.replace(".", "").lstrip("0")) <= 3, label
        assert float(box.get("width", 0)) >= 5.5 * len(label), label
    xs = sorted((float(box.get("x", 0)), float(box.get("width", 0)), box.get("y")) for box in boxes)
    for (x1, w1, y1), (x2, _, y2) in zip(xs, xs[1:]):
        if y1 == y2:
            assert x1 + w1 <= x2, "two boxes of one level overlap"


def test_the_short_form_keeps_three_digits() -> None:
    assert [short(number) for number in (0.0, 12.0, 300.0, 2.5, 0.123456, 45.678, 199.96)] == \
           ["0", "12", "300", "2.5", "0.123", "45.7", "200"]


def test_no_rollout_menu_where_the_value_replaces_the_rollout(stepper: MCTSStepper) -> None:
    assert stepper.rollout_choice.layout.display == "none"
    assert MCTSStepper(iterations=5).rollout_choice.layout.display != "none"
    assert MCTSStepper(iterations=5, priors=MODEL.priors).rollout_choice.layout.display != "none"  # rollouts still


def test_the_captions_say_puct_and_scores(stepper: MCTSStepper) -> None:
    stepper.go_to(len(stepper.events))
    assert "PUCT plays" in stepper.explanation.value and "mean score of" in stepper.explanation.value
    assert "win rate" not in stepper.explanation.value
    assert "mean score" in stepper.bars.value and "win rate" not in stepper.bars.value
    assert "PUCT never reads them" in stepper.tree_view.value and "UCB1" not in stepper.tree_view.value
    plain = MCTSStepper(iterations=5)
    plain.go_to(len(plain.events))
    assert "MCTS plays" in plain.explanation.value and "win rate" in plain.explanation.value
