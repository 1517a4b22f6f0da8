"""Pictures of money: a histogram and a line, drawn in the terminal (Unicode blocks, or ASCII) and
as a small SVG file for a report. Plain strings only, no plotting library.

>>> print("\\n".join(histogram([0.1, 0.4, 1.0, 0.4, 0.1], rows=2, ascii_only=True)))
  #
 ###
>>> print("\\n".join(histogram([0.1, 0.4, 1.0, 0.4, 0.1], rows=2, ascii_only=False)))
  █
▂▆█▆▂
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

EIGHTHS = " ▁▂▃▄▅▆▇█"


def histogram(heights: Sequence[float], rows: int = 8, *, ascii_only: bool = False) -> list[str]:
    """Vertical bars, one column each, the tallest ``rows`` lines high (in eighths of a line with
    Unicode blocks; in whole lines of ``#`` with ASCII). Trailing spaces are trimmed."""
    tallest = max(heights, default=0.0) or 1.0
    steps = 1 if ascii_only else 8
    levels = [round(height / tallest * rows * steps) for height in heights]
    lines = []
    for row in range(rows - 1, -1, -1):
        cells = []
        for level in levels:
            filled = min(max(level - row * steps, 0), steps)
            cells.append(("#" if filled else " ") if ascii_only else EIGHTHS[filled])
        lines.append("".join(cells).rstrip())
    return lines


def axis(width: int, marks: dict[int, str], *, ascii_only: bool = False) -> str:
    """A horizontal axis ``width`` columns long with a tick at each marked column.

    >>> axis(9, {0: "x", 4: "0"}, ascii_only=True)
    '+---+----'
    """
    line = ["-" if ascii_only else "─"] * width
    for column in marks:
        if 0 <= column < width:
            line[column] = "+" if ascii_only else "┴"
    return "".join(line)


def labels(width: int, marks: dict[int, str]) -> str:
    """Labels under an axis: each centred on its column where it fits, none overlapping (the
    first given wins a clash).

    >>> labels(20, {0: "-$500", 10: "$0", 19: "+$200"})
    '-$500    $0    +$200'
    """
    line = [" "] * width
    taken: list[tuple[int, int]] = []
    for column, text in marks.items():
        start = min(max(column - len(text) // 2, 0), width - len(text))
        end = start + len(text)
        if start < 0 or any(start <= b and a <= end for a, b in taken):
            continue
        line[start:end] = text
        taken.append((start, end))
    return "".join(line).rstrip()


def line_chart(values: Sequence[float], rows: int = 8, *, ascii_only: bool = False) -> list[str]:
    """A line of ``values`` (one column each) ``rows`` lines high, with the zero line drawn where
    it falls inside the range.

    >>> print("\\n".join(line_chart([0, 1, 2, 1, 0, -1, -2], rows=5, ascii_only=True)))
      *
     * *
    *---*--
         *
          *
    """
    low, high = min(min(values), 0.0), max(max(values), 0.0)
    span = (high - low) or 1.0

    def row_of(value: float) -> int:
        return rows - 1 - round((value - low) / span * (rows - 1))

    grid = [[" "] * len(values) for _ in range(rows)]
    if low < 0 < high or low == 0 or high == 0:
        zero = row_of(0.0)
        grid[zero] = ["-" if ascii_only else "─"] * len(values)
    for column, value in enumerate(values):
        grid[row_of(value)][column] = "*" if ascii_only else "•"
    return ["".join(row).rstrip() for row in grid]


# --- SVG ----------------------------------------------------------------------------------------------

SVG_WIDTH, SVG_HEIGHT, MARGIN = 640, 320, 48


def _svg(title: str, body: list[str], x_marks: dict[float, str], caption: str) -> str:
    """The frame every picture shares: title, plot area, x labels, caption."""
    bottom = SVG_HEIGHT - MARGIN
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_WIDTH}" height="{SVG_HEIGHT}" '
        f'viewBox="0 0 {SVG_WIDTH} {SVG_HEIGHT}" font-family="sans-serif" font-size="12">',
        f"<title>{escape(title)}</title>",
        f'<rect width="{SVG_WIDTH}" height="{SVG_HEIGHT}" fill="white"/>',
        f'<text x="{MARGIN}" y="24" font-size="14" font-weight="bold">{escape(title)}</text>',
        *body,
        f'<line x1="{MARGIN}" y1="{bottom}" x2="{SVG_WIDTH - MARGIN}" y2="{bottom}" stroke="#333"/>',
    ]
    for x, text in x_marks.items():
        parts.append(f'<line x1="{x:.1f}" y1="{bottom}" x2="{x:.1f}" y2="{bottom + 5}" stroke="#333"/>')
        parts.append(f'<text x="{x:.1f}" y="{bottom + 18}" text-anchor="middle">{escape(text)}</text>')
    parts.append(f'<text x="{MARGIN}" y="{SVG_HEIGHT - 8}" fill="#555">{escape(caption)}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def _x(position: float, count: int) -> float:
    """The SVG x of a position between 0 and ``count`` on the plot area."""
    return MARGIN + (SVG_WIDTH - 2 * MARGIN) * position / max(count, 1)


def svg_histogram(heights: Sequence[float], title: str, x_marks: dict[float, str], caption: str) -> str:
    """Bars of ``heights`` as an SVG picture; ``x_marks`` label positions (in bars from the left).

    >>> picture = svg_histogram([1, 2, 1], "A session", {1.5: "$0"}, "caption")
    >>> picture.count("<rect"), "A session" in picture, picture.startswith("<svg")
    (4, True, True)
    """
    tallest = max(heights, default=0.0) or 1.0
    bottom, room = SVG_HEIGHT - MARGIN, SVG_HEIGHT - 2 * MARGIN - 8
    bars = []
    for index, height in enumerate(heights):
        if height <= 0:
            continue
        top = bottom - room * height / tallest
        left, right = _x(index, len(heights)), _x(index + 1, len(heights))
        bars.append(
            f'<rect x="{left:.1f}" y="{top:.1f}" width="{max(right - left - 0.5, 0.5):.1f}" '
            f'height="{bottom - top:.1f}" fill="#3a6ea5"/>'
        )
    marks = {_x(position, len(heights)): text for position, text in x_marks.items()}
    return _svg(title, bars, marks, caption)


def svg_line(values: Sequence[float], title: str, x_marks: dict[float, str], caption: str, y_unit: str) -> str:
    """A line of ``values`` as an SVG picture, with its zero line and the top and bottom values
    labelled in ``y_unit`` (a format for one number, e.g. ``"{:+,.0f} bets"``).

    >>> picture = svg_line([0, 2, -1], "Running net", {0: "0"}, "caption", "{:+.0f}")
    >>> "<polyline" in picture and "+2" in picture and "-1" in picture
    True
    """
    low, high = min(min(values), 0.0), max(max(values), 0.0)
    span = (high - low) or 1.0
    bottom, room = SVG_HEIGHT - MARGIN, SVG_HEIGHT - 2 * MARGIN - 8

    def y(value: float) -> float:
        return bottom - room * (value - low) / span

    points = " ".join(f"{_x(index, len(values) - 1):.1f},{y(value):.1f}" for index, value in enumerate(values))
    body = [
        f'<line x1="{MARGIN}" y1="{y(0):.1f}" x2="{SVG_WIDTH - MARGIN}" y2="{y(0):.1f}" stroke="#999" '
        'stroke-dasharray="4 3"/>',
        f'<polyline points="{points}" fill="none" stroke="#3a6ea5" stroke-width="1.5"/>',
        f'<text x="{MARGIN - 4}" y="{y(high) + 4:.1f}" text-anchor="end">{escape(y_unit.format(high))}</text>',
        f'<text x="{MARGIN - 4}" y="{y(low) + 4:.1f}" text-anchor="end">{escape(y_unit.format(low))}</text>',
    ]
    marks = {_x(position, len(values) - 1): text for position, text in x_marks.items()}
    return _svg(title, body, marks, caption)
