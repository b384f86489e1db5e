"""No word a player reads bypasses translation: every string literal handed to a Flet
control's text, to the printed output or to the command line's help is inside `_()`,
`ngettext()` or a marker (`N_`, `Nn_`), unless it holds no word (signs, digits, a
format of values only)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "canasta_scorer"
FILES = sorted(
    [*(ROOT / "ui").rglob("*.py"), ROOT / "cli.py", ROOT / "cli_store.py"],
)

#: Keyword arguments of Flet controls that carry words.
TEXT_KEYWORDS = frozenset(
    {
        "text",
        "label",
        "tooltip",
        "hint_text",
        "helper_text",
        "error_text",
        "semantics_label",
        "title",
        "content",
        "subtitle",
        "counter_text",
        "prefix_text",
        "suffix_text",
        "help",
        "description",
        "epilog",
    }
)
#: Calls whose every argument is read by a player: output and the app's own helpers.
TEXT_CALLS = frozenset({"print", "write", "say", "heading", "Text", "ArgumentTypeError"})
#: Calls that translate or mark.
TRANSLATING = frozenset({"_", "ngettext", "N_", "Nn_"})
#: Strings that hold no word, though they have letters (units, card tokens).
NOT_WORDS = frozenset({"JK", "A", "K", "Q", "J", "s", "px", "MB", "x"})


def _has_words(text: str) -> bool:
    return any(len(word) > 1 or word.isupper() for word in re.findall(r"[A-Za-z]+", text)) and (
        text.strip() not in NOT_WORDS
    )


def _bare_words(node: ast.expr) -> list[ast.expr]:
    """The literals with words in ``node`` not inside a translating call."""
    if isinstance(node, ast.Call):
        name = (
            node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        )
        if name in TRANSLATING:
            return []
        if name == "format" and isinstance(node.func, ast.Attribute):
            values = [*node.args, *(k.value for k in node.keywords)]
            return _bare_words(node.func.value) + [f for v in values for f in _bare_words(v)]
        return []  # another call's own arguments are checked where it is called
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node] if _has_words(node.value) else []
    if isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        found: list[ast.expr] = [node] if _has_words(text) else []
        for value in node.values:
            if isinstance(value, ast.FormattedValue):
                found += _bare_words(value.value)
        return found
    if isinstance(node, ast.BinOp):
        return _bare_words(node.left) + _bare_words(node.right)
    if isinstance(node, ast.IfExp):
        return _bare_words(node.body) + _bare_words(node.orelse)
    if isinstance(node, ast.BoolOp):
        return [found for value in node.values for found in _bare_words(value)]
    return []


def bypassing(source: str) -> list[tuple[int, str]]:
    """Each (line, text) of a literal with words that a player reads untranslated."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        flet = isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "ft"
        candidates: list[ast.expr] = []
        if name in TEXT_CALLS or (flet and name.endswith(("Button", "Text", "Tile"))):
            candidates += node.args
        elif name == "icon_button" and len(node.args) > 1:
            candidates.append(node.args[1])
        if flet or name in ("add_argument", "add_parser", "_Parser", "ArgumentParser", "switch"):
            candidates += [k.value for k in node.keywords if k.arg in TEXT_KEYWORDS]
        for candidate in candidates:
            for literal in _bare_words(candidate):
                text = ast.unparse(literal)
                found.append((literal.lineno, text))
    return found


def test_the_check_finds_a_bare_word() -> None:
    source = (
        "import flet as ft\n"
        "def screen(n):\n"
        "    ft.Text('Save the hand')\n"
        "    ft.FilledButton(content=f'Resume {n}', key='resume')\n"
        "    ft.Text(_('Saved'))\n"
        "    ft.Text(f'{n} × {n}')\n"
        "    print(_('{n} left').format(n=n))\n"
        "    out.write('NOT VALID\\n')\n"
    )
    assert [line for line, _text in bypassing(source)] == [3, 4, 8]


def test_the_check_finds_a_bare_word_filling_a_message() -> None:
    source = (
        "import flet as ft\n"
        "def screen(name, index):\n"
        "    ft.Text(_('{value} player').format(value=name or f'Side {index}'))\n"
        "    ft.Text(_('Cards: {value}').format(value=name or 'none yet'))\n"
        "    ft.Text(_('Cards: {value}').format(value=name or _('none yet')))\n"
    )
    assert [line for line, _text in bypassing(source)] == [3, 4]


PACKAGE = sorted(ROOT.rglob("*.py"))
#: The app's own words in an f-string: a word of two letters or more next to a space
#: ("Another device saved {hand}."); keys and paths (``sides[{i}].name``) have none.
_PHRASE = re.compile(r"\s[A-Za-z]{2,}\b|\b[A-Za-z]{2,}\s")
#: Where such an f-string is not read by a player (HTTP refusals, a generated file's header).
NOT_PLAYERS = {"ui/serving.py", "ui/page_words.py"}


def translating_in_fstrings(source: str) -> list[tuple[int, str]]:
    """Each (line, call) of ``_()`` or ``ngettext()`` inside an f-string: Babel on Python
    3.11 does not extract it, so its message never reaches the catalogs."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            for inner in ast.walk(node):
                if isinstance(inner, ast.Call) and getattr(inner.func, "id", "") in TRANSLATING:
                    found.append((inner.lineno, ast.unparse(inner)))
    return found


def phrases_in_fstrings(source: str) -> list[tuple[int, str]]:
    """Each (line, f-string) whose literal text has words with spaces: a sentence built
    in English instead of a message with named placeholders."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.JoinedStr):
            text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
            if _PHRASE.search(text):
                found.append((node.lineno, ast.unparse(node)))
    return found


def _translated(node: ast.expr) -> bool:
    """Whether ``node`` is a translated message: ``_()``/``ngettext()``, or one filled in
    with ``.format()``."""
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr == "format":
        return _translated(func.value)
    return getattr(func, "id", "") in TRANSLATING


def joined_messages(source: str) -> list[tuple[int, str]]:
    """Each (line, expression) that glues a translated message to other text with ``+``
    (``_("Undone: ") + name``): a fragment translators cannot reorder, instead of one
    message with placeholders."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if (
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Add)
            and (_translated(node.left) or _translated(node.right))
        ):
            found.append((node.lineno, ast.unparse(node)))
    return found


def test_the_join_check_finds_a_glued_fragment() -> None:
    source = (
        "def f(change, n, dealer):\n"
        "    a = _('Undone: ') + change\n"
        "    b = 'Hand ' + _('{n} saved').format(n=n)\n"
        "    c = _('Undone: {change}').format(change=change)\n"
        "    d = ngettext('{n} card', '{n} cards', n).format(n=n) + '.'\n"
        "    e = n + 1\n"
    )
    assert [line for line, _text in joined_messages(source)] == [2, 3, 5]


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_message_glued_to_another_text(path: Path) -> None:
    found = joined_messages(path.read_text(encoding="utf-8"))
    assert found == [], "\n".join(f"{path.name}:{line}: {text}" for line, text in found)


#: Number formats of Python (``:,``, ``:.2f``): English digits and separators.
_ENGLISH_NUMBER = re.compile(r",|\.\d+f")


def english_numbers(source: str) -> list[tuple[int, str]]:
    """Each (line, value) formatted in an f-string as English writes numbers (``1,630``,
    ``1.50``) instead of with `canasta_scorer.i18n.number`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FormattedValue) and node.format_spec is not None:
            spec = "".join(
                v.value for v in ast.walk(node.format_spec) if isinstance(v, ast.Constant)
            )
            if _ENGLISH_NUMBER.search(str(spec)):
                found.append((node.lineno, ast.unparse(node.value)))
    return found


def test_the_f_string_checks_find_their_cases() -> None:
    source = (
        "def f(n, hand):\n"
        "    a = f\"{_('hand total'):<44}{n:>9}\"\n"
        '    b = f"Another device saved {hand}."\n'
        '    c = f"sides[{n}].name"\n'
        '    d = f"{n:,.0f} and {n:.2f} and {n:>9}"\n'
        "    e = f\"{ngettext('{n} hand', '{n} hands', n)}\"\n"
    )
    assert translating_in_fstrings(source) == [
        (2, "_('hand total')"),
        (6, "ngettext('{n} hand', '{n} hands', n)"),
    ]
    assert [line for line, _text in phrases_in_fstrings(source)] == [3, 5]
    assert english_numbers(source) == [(5, "n"), (5, "n")]


@pytest.mark.parametrize("path", PACKAGE, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_translation_inside_an_f_string(path: Path) -> None:
    found = translating_in_fstrings(path.read_text(encoding="utf-8"))
    assert found == [], "\n".join(f"{path.name}:{line}: {text}" for line, text in found)


@pytest.mark.parametrize(
    "path",
    [p for p in FILES if str(p.relative_to(ROOT)) not in NOT_PLAYERS],
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_sentence_built_in_an_f_string(path: Path) -> None:
    found = phrases_in_fstrings(path.read_text(encoding="utf-8"))
    found += [(line, f"{{{text}:…}}") for line, text in english_numbers(path.read_text("utf-8"))]
    assert found == [], "\n".join(f"{path.name}:{line}: {text}" for line, text in found)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_user_facing_string_bypasses_translation(path: Path) -> None:
    found = bypassing(path.read_text(encoding="utf-8"))
    assert found == [], "\n".join(f"{path.name}:{line}: {text}" for line, text in found)
