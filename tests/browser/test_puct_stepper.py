"""Lesson 11's PUCT stepper in a real browser at 1280 × 720: every control in view and working, no rollout menu, the
tree's boxes apart, and a caption that says PUCT."""

from __future__ import annotations

from typing import Any

from .test_play_notebook import open_notebook, run_all_cells

STEPPER = ".jp-OutputArea-output .widget-vbox"
"""The stepper: the first widget box of an output."""
TREE = "svg:not(.shologuti-board):has(rect[rx])"
"""The tree: the picture (not the board) whose nodes are rounded boxes; it comes last in the stepper."""
OVERLAPS_SCRIPT = """(svg) => {
  const boxes = [...svg.querySelectorAll('rect[rx]')].map(rect => rect.getBoundingClientRect())
    .filter(box => box.width > 0 && box.height > 0);
  let overlaps = 0;
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], b = boxes[j];
    if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
      overlaps++;
  }
  return overlaps;
}"""


def right_edge(locator: Any) -> float:
    box = locator.bounding_box()
    assert box is not None, "not shown"
    return float(box["x"] + box["width"])


def test_the_puct_stepper_fits_and_works_at_1280_by_720(browser: Any, jupyter_server: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    # a workspace of its own: the default one reopens the earlier tests' notebooks, whose cells come first
    open_notebook(page, f"{jupyter_server}/lab/workspaces/puct-stepper/tree/puct_stepper.ipynb")
    run_all_cells(page)
    stepper = page.locator(STEPPER).first
    next_iteration = stepper.get_by_role("button", name="Next iteration")
    next_iteration.wait_for(timeout=120_000)
    panel = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer, "
                         ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook").first
    visible_right = min(1280.0, right_edge(panel))
    for name in ("Reset", "Back", "Step", "Next iteration"):
        button = stepper.get_by_role("button", name=name, exact=True)
        assert button.is_visible(), name
        assert right_edge(button) <= visible_right, f"{name} is cut off at 1280 px"
    assert not stepper.get_by_text("Rollouts", exact=True).is_visible()  # the value replaces every rollout
    for _ in range(12):  # every iteration, to the end of the search
        next_iteration.click()
    page.wait_for_function(
        f"document.querySelector('{STEPPER}').innerText.includes('Search done. PUCT plays')", timeout=60_000)
    assert "mean score" in stepper.inner_text()
    tree = stepper.locator(TREE).last
    assert page.evaluate("(svg) => svg.querySelectorAll('rect[rx]').length", tree.element_handle()) > 12
    assert right_edge(stepper) <= visible_right + 1, "the stepper is wider than the notebook at 1280 px"
    assert page.evaluate(OVERLAPS_SCRIPT, tree.element_handle()) == 0
    page.close()
