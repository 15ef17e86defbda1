"""How far apart two colours look, to normal sight and to the common colour-vision deficiencies.

About one man in twelve (and one woman in two hundred) sees colours with two kinds of cone
instead of three. In *protanopia* the long-wavelength (red) cones are missing, in *deuteranopia*
the medium (green) ones: in both, red and green fall together. In the rare *tritanopia* the short
(blue) cones are missing, and blue falls together with green and yellow with pink.

:func:`simulate` shows a colour as someone with one of these sees it, by the matrices of Machado,
Oliveira and Fernandes (2009) at severity 1.0, applied to linear RGB (sRGB with its gamma
undone). :func:`delta_e` measures how different two colours look: the distance between them in
CIELAB (CIE 1976 ΔE*ab), where about 2.3 is the smallest difference one notices side by side
and 100 separates black from white.

>>> round(delta_e("#000000", "#ffffff"))
100
>>> round(delta_e("#2e8b3a", "#c8362d")), round(delta_e("#2e8b3a", "#c8362d", "deuteranopia"))
(102, 13)

The suite's old green and red pieces: far apart to most eyes, close to a deuteranope's.
"""

from __future__ import annotations

import math

RGB = tuple[float, float, float]
"""A colour as three numbers from 0 to 1: red, green and blue."""
Lab = tuple[float, float, float]
"""A colour in CIELAB: lightness L* (0 to 100), then a* and b*."""
Matrix = tuple[RGB, RGB, RGB]

# Machado, G. M., Oliveira, M. M. and Fernandes, L. A. F. (2009), "A physiologically-based model for
# simulation of color vision deficiency", IEEE Transactions on Visualization and Computer Graphics 15(6),
# 1291-1298: the matrices the authors published for severity 1.0, which act on linear RGB.
MACHADO_2009: dict[str, Matrix] = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}
"""Linear RGB as seen with no red cones, no green cones or no blue cones: ``MACHADO_2009[deficiency] @ rgb``."""

DEFICIENCIES = tuple(MACHADO_2009)
"""The deficiencies :func:`simulate` knows: ``protanopia``, ``deuteranopia``, ``tritanopia``."""

NAMED_COLOURS = {"white": "#ffffff", "black": "#000000"}
"""The colour names the drawings use, as hex."""

# sRGB's primaries under the D65 white point (IEC 61966-2-1), and that white point, for CIELAB.
_LINEAR_RGB_TO_XYZ: Matrix = ((0.4124564, 0.3575761, 0.1804375),
                              (0.2126729, 0.7151522, 0.0721750),
                              (0.0193339, 0.1191920, 0.9503041))
_WHITE_D65 = (0.95047, 1.0, 1.08883)


def srgb(colour: str) -> RGB:
    """A colour written ``#rrggbb``, ``#rgb``, ``white`` or ``black`` as sRGB numbers from 0 to 1.

    >>> srgb("#f60")
    (1.0, 0.4, 0.0)
    """
    text = NAMED_COLOURS.get(colour.strip().lower(), colour.strip().lower())
    if not text.startswith("#") or len(text) not in (4, 7):
        raise ValueError(f"not a colour this module reads: {colour!r}")
    digits = text[1:] if len(text) == 7 else "".join(2 * digit for digit in text[1:])
    red, green, blue = (int(digits[index:index + 2], 16) / 255 for index in (0, 2, 4))
    return red, green, blue


def linear(value: float) -> float:
    """One sRGB component (0 to 1) with the display's gamma undone: light in proportion to energy."""
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def _times(matrix: Matrix, vector: RGB) -> RGB:
    first, second, third = (row[0] * vector[0] + row[1] * vector[1] + row[2] * vector[2] for row in matrix)
    return first, second, third


def simulate(colour: str, deficiency: str | None) -> RGB:
    """``colour`` in linear RGB as seen with ``deficiency`` (None: as it is), clipped to the screen's range.

    >>> [round(value, 3) for value in simulate("#808080", "deuteranopia")]  # a grey stays the same grey
    [0.216, 0.216, 0.216]
    """
    red, green, blue = (linear(value) for value in srgb(colour))
    if deficiency is None:
        return red, green, blue
    red, green, blue = (min(1.0, max(0.0, value)) for value in _times(MACHADO_2009[deficiency], (red, green, blue)))
    return red, green, blue


def lab(colour: str, deficiency: str | None = None) -> Lab:
    """``colour`` (as seen with ``deficiency``) in CIELAB: lightness L* from 0 to 100, then a* and b*.

    a* runs from green (negative) to red, b* from blue (negative) to yellow.

    >>> [round(value, 2) for value in lab("#ff0000")]  # sRGB's red
    [53.24, 80.09, 67.2]
    """
    x, y, z = _times(_LINEAR_RGB_TO_XYZ, simulate(colour, deficiency))

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(value / white) for value, white in zip((x, y, z), _WHITE_D65))
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(first: str, second: str, deficiency: str | None = None) -> float:
    """How different two colours look (CIE 1976 ΔE*ab), both seen with ``deficiency`` (None: normal sight)."""
    return math.dist(lab(first, deficiency), lab(second, deficiency))


def smallest_delta_e(first: str, second: str, deficiencies: tuple[str, ...] = DEFICIENCIES) -> float:
    """The least of :func:`delta_e` over normal sight and each of ``deficiencies``: the worst case.

    >>> round(smallest_delta_e("#222222", "#fafafa"))
    85
    """
    return min(delta_e(first, second, deficiency) for deficiency in (None, *deficiencies))
