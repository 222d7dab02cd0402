"""The engine's shape (issue 31 item 4): no import cycle in the package, no class assembled
from mixins, and the FFT game does not choose its variants' classes in ``__new__``."""

import ast
import pickle
import random
from pathlib import Path

import pytest

import tarot_teach
from tarot_teach import RuleSet, random_playout
from tarot_teach.game import GameState

PACKAGE = Path(tarot_teach.__file__).parent


def _modules() -> dict:
    """Every module of the package by dotted name: (path, is a package's ``__init__``)."""
    modules = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        modules[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return modules


def _imported(name: str, is_package: bool, node, modules: dict) -> set:
    """The package's modules an import statement names (the module and any submodules)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    if node.level:
        base = name.split(".") if is_package else name.split(".")[:-1]
        base = base[:len(base) - node.level + 1]
        target = ".".join(base + ([node.module] if node.module else []))
    else:
        target = node.module or ""
    found = set()
    for alias in node.names:  # a submodule named, or a name of the module ``target``
        submodule = f"{target}.{alias.name}"
        found.add(submodule if submodule in modules else target)
    return found & set(modules)


def import_graph() -> dict:
    """Module -> the package's modules it imports anywhere in its text (function-local
    imports included)."""
    modules = _modules()
    graph = {}
    for name, (path, is_package) in modules.items():
        edges = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                edges |= _imported(name, is_package, node, modules)
        graph[name] = edges - {name}
    return graph


def cycles(graph: dict) -> list:
    """The strongly connected groups of more than one module (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in on_stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == module:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_the_graph_sees_function_local_imports():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [["a", "b", "c"]]
    local = import_graph()
    assert "tarot_teach.game" in local["tarot_teach"] and local["tarot_teach.errors"] == set()


def test_no_import_cycle_in_the_package():
    assert cycles(import_graph()) == []


def test_no_engine_class_is_built_from_mixins():
    mixed = []
    for name, (path, _) in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(base).split(".")[-1] for base in node.bases]
                if node.name.endswith("Mixin") or any(b.endswith("Mixin") for b in bases):
                    mixed.append(f"{name}.{node.name}")
    assert mixed == []


def test_the_fft_game_does_not_choose_a_variant_class_in_new():
    assert "__new__" not in vars(GameState)
    assert GameState.__new__ is object.__new__


@pytest.mark.parametrize("options", [dict(players=3, cosmic_tribe=True),
                                     dict(players=4, goulash=True, petit_imprenable=True),
                                     dict(players=2, two_players=True)])
def test_states_of_every_class_pickle_and_play_on_alike(options):
    state = GameState.new(RuleSet(**options), seed=5)
    for _ in range(9):
        state.play(state.legal_actions()[-1])  # (the highest bid: somebody takes)
    twin = pickle.loads(pickle.dumps(state))
    assert type(twin) is type(state) and twin.to_record() == state.to_record()
    random_playout(state, random.Random(2))
    random_playout(twin, random.Random(2))
    assert twin.result == state.result and twin.events == state.events


def test_a_variant_rule_set_is_refused_by_the_fft_class_itself():
    rules = RuleSet(players=4, goulash=True)
    state = GameState.new(rules, seed=1)
    with pytest.raises(TypeError, match="GoulashGame"):
        GameState(rules, list(state.dealt_hands), state.dealt_dog)
    from tarot_teach.variant_games import new_game
    again = new_game(rules, list(state.dealt_hands), state.dealt_dog)
    assert type(again) is type(state) and again.to_record() == state.to_record()


ENGINE_MODULES = ("game", "actions", "bidding", "results", "hand_record", "trick_play", "cards",
                  "suits", "rules", "variants", "tables", "deal", "record", "players", "learner",
                  "coach", "advice", "review_words", "judge", "variant_games/__init__",
                  "variant_games/two_players", "variant_games/goulash",
                  "variant_games/petit_imprenable",
                  # the modules split for issue 31 (each in its own commit)
                  "puzzles", "puzzle_answers", "puzzle_themes", "puzzle_maker",
                  "inference", "hidden_slots", "deal_sampling",
                  "notation", "notation_lines", "notation_replay", "share", "share_lists",
                  "teach/deals", "teach/deal_draft", "teach/deal_handout",
                  "teach/puzzles", "teach/puzzle_mistakes", "teach/final_test",
                  "teach/final_answers")


def test_the_engine_modules_are_at_most_400_lines():
    lengths = {name: len((PACKAGE / f"{name}.py").read_text(encoding="utf-8").splitlines())
               for name in ENGINE_MODULES}
    assert {name: n for name, n in lengths.items() if n > 400} == {}


# ----- no class spread over helper base classes, anywhere in the package (issue 31) -----------

SPLIT_PARTS = {"TableRedraw", "TableKeeping", "PuzzleDrawing", "ProgressWatching"}
"""The parts the widget split first made: a class's drawing, keeping or watching as a base
class of its own (now plain functions of the widget, in redraw.py, kept_deal.py,
puzzle_drawing.py and progress_watch.py)."""

SHARED_BASES = {
    "QuietErrors": "the app's error page, shared by its tornado handlers (with RequestHandler)",
    "CardButtons": "the cards/selected properties of the exercises' picker and the table's hand",
    "_Shown": "_ipython_display_ of the deal viewer, the deal editor and the lesson list",
}
"""The package's small mixins that are shared by several classes (not one class's code set
apart): each must keep at least two classes using it."""


def _classes() -> dict:
    """Every class of the package by name: [(module, its ast node)]."""
    classes = {}
    for name, (path, _) in _modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                classes.setdefault(node.name, []).append((name, node))
    return classes


def _called_names() -> set:
    """The names called anywhere in the package (``Name(...)`` or ``x.Name(...)``)."""
    called = set()
    for path, _ in _modules().values():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                func = node.func
                called.add(func.id if isinstance(func, ast.Name)
                           else getattr(func, "attr", None))
    return called


def _bases(node) -> list:
    return [ast.unparse(base).split(".")[-1] for base in node.bases]


def _has_own_making(name: str, classes: dict, seen=()) -> bool:
    """Whether the package class ``name`` or one of its ancestors makes its objects: an
    ``__init__``/``__new__``, a decorator (a dataclass) or a base from outside the package
    (an ipywidget, an exception, a tornado handler)."""
    for _, node in classes.get(name, []):
        if node.decorator_list or any(
                isinstance(item, ast.FunctionDef) and item.name in ("__init__", "__new__")
                for item in node.body):
            return True
        for base in _bases(node):
            if base not in classes and base != "object":
                return True
            if base in classes and base not in seen and \
                    _has_own_making(base, classes, (*seen, name)):
                return True
    return False


def mixins_used() -> dict:
    """Each package class used as a mixin (a base class that is never made on its own and has
    no ``__init__`` of its own or inherited, nor a base from outside the package) → the
    classes built on it."""
    classes, called = _classes(), _called_names()
    used = {}
    for name, defined in classes.items():
        for module, node in defined:
            for base in _bases(node):
                if base in classes and (base in SPLIT_PARTS or not (
                        base in called or _has_own_making(base, classes))):
                    used.setdefault(base, []).append(f"{module}.{name}")
    return used


def test_the_mixin_rule_sees_a_mixin_and_not_a_hierarchy():
    used = mixins_used()
    assert "Exercise" not in used and "NumberExercise" not in used  # a base with an __init__
    assert "GameState" not in used and "TableWidget" not in used and "Launcher" not in used
    assert sorted(used["_Shown"]) == ["tarot_teach.widgets.deal_editor.DealEditor",
                                      "tarot_teach.widgets.deals.DealViewer",
                                      "tarot_teach.widgets.lesson_list.LessonList"]


def test_no_class_is_spread_over_helper_base_classes():
    """Issue 31: a class is one class (its helpers are plain functions in modules); the only
    mixins are the small shared ones of :data:`SHARED_BASES`, each used by several classes."""
    used = mixins_used()
    assert {base: users for base, users in used.items() if base not in SHARED_BASES} == {}
    assert {base: users for base, users in used.items() if len(users) < 2} == {}
    assert not set(_classes()) & SPLIT_PARTS


def test_every_module_but_the_solver_is_at_most_400_lines():
    lengths = {str(path.relative_to(PACKAGE)): len(path.read_text(encoding="utf-8").splitlines())
               for path, _ in _modules().values() if path.name != "solver.py"}
    assert {name: n for name, n in lengths.items() if n > 400} == {}
