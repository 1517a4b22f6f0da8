"""How answers are shown: renderers several commands share (``common``), the whole game's answers
(``edge``), a session's (``session``) and pictures of money (``plots``). Text, JSON, CSV and SVG
from library values; nothing here reads options or exits."""
