"""The widgets' JavaScript lives in files beside their modules: each is there, is what the browser is sent, and is
package data, so that an installed wheel carries it."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from locations import ROOT
from lessons_lib.widgets import BoardWidget
from lessons_lib.widgets.common import LiveHTML

WIDGETS = ROOT / "lessons_lib" / "widgets"


@pytest.mark.parametrize(("make", "path"), [(BoardWidget, WIDGETS / "board.js"), (LiveHTML, WIDGETS / "live_html.js")],
                         ids=["board", "live_html"])
def test_a_widgets_javascript_is_the_file_beside_it(make: type, path: Path) -> None:
    assert path.is_file()
    sent = make()._esm  # the module the browser runs
    assert sent == path.read_text(encoding="utf-8") and "export default { render };" in sent


def test_the_package_data_carries_every_javascript_file() -> None:
    package = ROOT / "lessons_lib"
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"][
        "package-data"]["lessons_lib"]
    packaged = {path for pattern in patterns for path in package.glob(pattern)}
    scripts = set(WIDGETS.glob("*.js"))
    assert scripts >= {WIDGETS / "board.js", WIDGETS / "live_html.js"} and scripts <= packaged
