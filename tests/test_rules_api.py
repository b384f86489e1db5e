"""The rules engine's API is `canasta_scorer.rules` itself: no caller outside the package
(the CLI, the store, the app, the tests) imports one of its modules. The import-linter
contract in pyproject.toml keeps the package's own callers so; this test covers the tests
too, and that the contract lists every module of the engine."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import canasta_scorer.rules as rules

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "canasta_scorer"
ENGINE = PACKAGE / "rules"


def _reaching_in(path: Path, base: Path = ROOT) -> list[str]:
    """Imports in a file that name a module of the rules engine."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        found += [
            f"{path.relative_to(base)}:{node.lineno}: {name}"
            for name in names
            if name.startswith("canasta_scorer.rules.")
            and (ENGINE / f"{name.split('.')[2]}.py").exists()
        ]
    return found


def test_no_caller_outside_the_engine_imports_one_of_its_modules() -> None:
    files = [
        path
        for folder in (PACKAGE, ROOT / "tests")
        for path in folder.rglob("*.py")
        if ENGINE not in path.parents
    ]
    assert len(files) > 50
    assert [line for path in files for line in _reaching_in(path)] == []


def test_the_check_finds_an_import_that_reaches_in(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "from canasta_scorer.rules import Card\nimport canasta_scorer.rules.cards\n",
        encoding="utf-8",
    )
    assert _reaching_in(sample, tmp_path) == ["sample.py:2: canasta_scorer.rules.cards"]


def test_the_import_contract_lists_every_module_of_the_engine() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    api = next(c for c in contracts if "only canasta_scorer.rules itself" in c["name"])
    modules = {f"canasta_scorer.rules.{path.stem}" for path in ENGINE.glob("[!_]*.py")}
    assert set(api["forbidden_modules"]) == modules


def test_every_name_of_the_api_is_there() -> None:
    assert sorted(rules.__all__) == sorted(set(rules.__all__))
    for name in rules.__all__:
        assert getattr(rules, name) is not None, name
