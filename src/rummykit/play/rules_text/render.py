"""The rules text written out: Markdown (headings and bullets), plain text
(wrapped), or a small self-contained HTML page (every word escaped)."""

from __future__ import annotations

import html
import textwrap

from rummykit.core.errors import Text
from rummykit.core.translation import language, translator
from rummykit.play.rules_text.book import chapters
from rummykit.variant.model import Variant

__all__ = ["FORMATS", "rules_text"]

FORMATS = ("md", "text", "html")
"""The formats of :func:`rules_text`."""

_WIDTH = 78
_STYLE = (
    "body{font-family:system-ui,sans-serif;max-width:46em;margin:2em auto;padding:0 1em;"
    "line-height:1.5;color:#222}h1{font-size:1.6em}h2{font-size:1.2em;margin-top:1.5em}"
)


def _parts(variant: Variant, lang: str) -> tuple[str, list[tuple[str, list[str]]]]:
    say = translator(lang)
    title = Text("Rules of {name}", name=variant.name).text(say)
    return title, [
        (chapter.title.text(say), [sentence.text(say) for sentence in chapter.sentences])
        for chapter in chapters(variant)
    ]


def _markdown(title: str, parts: list[tuple[str, list[str]]]) -> str:
    lines = [f"# {title}"]
    for heading, sentences in parts:
        lines += ["", f"## {heading}", ""]
        lines += [f"- {sentence}" for sentence in sentences]
    return "\n".join(lines) + "\n"


def _plain(title: str, parts: list[tuple[str, list[str]]]) -> str:
    lines = [title.upper(), ""]
    for heading, sentences in parts:
        lines += [heading, "-" * len(heading)]
        for sentence in sentences:
            lines += textwrap.wrap(sentence, _WIDTH, initial_indent="* ", subsequent_indent="  ")
        lines.append("")
    return "\n".join(lines)


def _html(title: str, parts: list[tuple[str, list[str]]], lang: str) -> str:
    out = [
        "<!DOCTYPE html>",
        f'<html lang="{lang}">',
        "<head>",
        '<meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{html.escape(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{html.escape(title)}</h1>",
    ]
    for heading, sentences in parts:
        out.append(f"<h2>{html.escape(heading)}</h2>")
        out.append("<ul>")
        out += [f"<li>{html.escape(sentence)}</li>" for sentence in sentences]
        out.append("</ul>")
    out += ["</body>", "</html>"]
    return "\n".join(out) + "\n"


def rules_text(variant: Variant, lang: str | None = "en", fmt: str = "md") -> str:
    """The rules of ``variant`` in ``lang`` (English where not translated),
    written as ``fmt``: ``"md"``, ``"text"`` or ``"html"``.

    >>> from rummykit.variant.model import load_variant
    >>> print(rules_text(load_variant("gin"), "en", "md").splitlines()[0])
    # Rules of Gin Rummy
    """
    if fmt not in FORMATS:
        raise ValueError(f"format: expected one of {', '.join(FORMATS)}, got {fmt!r}")
    code = language(lang)
    title, parts = _parts(variant, code)
    if fmt == "md":
        return _markdown(title, parts)
    if fmt == "text":
        return _plain(title, parts)
    return _html(title, parts, code)
