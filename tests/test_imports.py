"""The package's layout holds: its modules import each other without circles (at import
time or in a function), no module imports from a stage above its own, and the command
line's help loads nothing it does not need (that is what makes ``rookery --help`` quick;
speed itself is measured in ``benchmarks/``, never here)."""

import ast
import subprocess
import sys
from pathlib import Path

import rookery

PACKAGE = Path(rookery.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


# ``_data`` holds what the installed wheel ships as data (the grammar, the specs, the
# corpus and its example engines, which import the harness as any engine would): files to
# read or run, never modules of the pipeline.
MODULES = {_module_name(path): path for path in PACKAGE.rglob("*.py")
           if "_data" not in path.relative_to(PACKAGE).parts}


def imported(name: str, everywhere: bool = False) -> set[str]:
    """The package's modules that module ``name`` imports when it is imported (its
    top-level statements; ``everywhere``: in its functions too), ``if`` blocks aside
    (``TYPE_CHECKING``)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    statements = ast.walk(tree) if everywhere else tree.body
    found = set()
    for node in statements:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1]
                                + ([node.module] if node.module else []))
            else:
                base = node.module
            for alias in node.names:
                child = f"{base}.{alias.name}"
                found.add(child if child in MODULES else base)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return {module for module in found if module in MODULES and module != name}


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Groups of modules of ``graph`` (module -> the modules it imports) that import
    each other (Tarjan's strongly connected components)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    out = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            group = []
            while True:
                member = stack.pop()
                group.append(member)
                if member == module:
                    break
            if len(group) > 1:
                out.append(sorted(group))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return out


def test_the_checker_of_cycles_sees_one():
    # The docs before issue 11: the order of telling imported its writers, which
    # imported it back for the registry.
    before = {"sentences": {"english", "tell_play", "tell_setup"},
              "tell_play": {"sentences", "english"}, "tell_setup": {"sentences"},
              "english": set(), "site": {"sentences"}}
    assert cycles(before) == [["sentences", "tell_play", "tell_setup"]]
    assert cycles({**before, "tell_play": {"english"}, "tell_setup": set()}) == []


def test_no_module_imports_itself_back_at_import_time():
    assert cycles({name: imported(name) for name in MODULES}) == []


def test_no_import_circles_anywhere_in_the_package():
    """Functions' own imports count too: a circle hidden in a function is still a circle
    in the design."""
    assert cycles({name: imported(name, everywhere=True) for name in MODULES}) == []


# The stages of the pipeline, lowest first (README, "Layout"): a module may import its
# own stage and the stages before it, never one after it.  The foundation is the
# package's root modules (errors, limits, resources, the bounded reader...).
STAGES = [
    "",
    "language",
    "engine",
    "play",
    "env",
    "docs",
    "editor",
    "conformance",
    "conformance.protocol",
    "conformance.diagnosis",
    "conformance.corpus",
    "conformance.mutation",
    "conformance.differential",
    "conformance.records",
    "conformance.pages",
    "cli",
]
# Integration points other tools load by name: above every stage.  (The harness kit is
# loaded by other people's engines, and imports nothing of the package.)
ENTRY_POINTS = {"rookery.pytest_plugin", "rookery.__main__", "rookery.lexer",
                "rookery.harness"}


def stage(name: str) -> int:
    if name in ENTRY_POINTS:
        return len(STAGES)
    rest = name.removeprefix("rookery").removeprefix(".")
    return max(i for i, s in enumerate(STAGES)
               if not s or rest == s or rest.startswith(s + "."))


def upward_imports(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted((name, other) for name, imports in graph.items() for other in imports
                  if stage(other) > stage(name))


def test_the_stage_checker_sees_an_upward_import():
    assert stage("rookery.errors") == 0
    assert stage("rookery.language.load") < stage("rookery.engine.hand")
    assert stage("rookery.conformance.corpus.runner") < \
        stage("rookery.conformance.differential.fuzzer")
    graph = {"rookery.conformance.corpus.runner": {"rookery.conformance.differential.fuzzer"},
             "rookery.conformance.differential.fuzzer": {"rookery.conformance.corpus.runner"}}
    assert upward_imports(graph) == [("rookery.conformance.corpus.runner",
                                      "rookery.conformance.differential.fuzzer")]


def test_no_module_imports_from_a_stage_above_its_own():
    graph = {name: imported(name, everywhere=True) for name in MODULES}
    assert upward_imports(graph) == []


def test_every_module_belongs_to_a_stage_folder_or_the_foundation():
    """The package root holds only the foundation every stage shares and the entry
    points; everything else lives in the folder of its stage."""
    root = {name for name in MODULES if name.count(".") == 1}
    foundation = {"rookery.errors", "rookery.exit_codes", "rookery.limits", "rookery.lazy",
                  "rookery.resources", "rookery.paths", "rookery.bounded",
                  "rookery.escaping", "rookery.parallel", "rookery.scheduler",
                  "rookery.interrupts"}
    packages = {f"rookery.{s}" for s in STAGES if s and "." not in s}
    assert root <= foundation | ENTRY_POINTS | packages


def test_the_syntax_errors_do_not_reach_back_into_the_parser():
    assert "rookery.language.parse" not in imported("rookery.language.syntax_errors", everywhere=True)
    assert "rookery.language.grammar" in imported("rookery.language.syntax_errors")
    assert "rookery.language.grammar" in imported("rookery.language.parse")


def test_the_sentence_writers_and_their_order_do_not_import_each_other():
    writers = {"rookery.docs.tell_auction", "rookery.docs.tell_play",
               "rookery.docs.tell_setup"}
    for name in writers:
        assert "rookery.docs.sentences" not in imported(name, everywhere=True)
    assert writers <= imported("rookery.docs.sentences")


HEAVY = ["lark", "rich", "jsonschema", "fastjsonschema", "rookery.engine", "rookery.language.load",
         "rookery.conformance.corpus.runner", "rookery.conformance.diagnosis.lockstep", "rookery.docs.site"]


def _loaded_after(code: str, modules: list[str]) -> list[str]:
    """Those of ``modules`` loaded by a fresh Python after running ``code``."""
    probe = (f"import sys\n{code}\n"
             f"print([m for m in {modules!r} if m in sys.modules])\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True).stdout
    return ast.literal_eval(out.strip().splitlines()[-1])


def test_the_help_of_the_command_line_loads_none_of_the_machinery():
    assert _loaded_after("from rookery.cli import build_parser\n"
                         "build_parser().format_help()", HEAVY) == []


# What ``rookery --help`` must not load: every command's module (the list of commands
# is a table), and the standard modules they bring (dataclasses alone costs about as
# much as a bare Python start).
NOT_AT_HELP = HEAVY + [
    "rookery.cli.specs", "rookery.cli.play", "rookery.cli.conformance", "rookery.cli.fuzz",
    "rookery.cli.mutate", "rookery.cli.compare", "rookery.cli.docs", "rookery.cli.fmt",
    "rookery.cli.lsp", "rookery.cli.terminal", "rookery.parallel", "rookery.errors",
    "rookery.escaping", "rookery.paths", "rookery.language", "rookery.interrupts",
    "dataclasses", "typing", "pathlib", "json", "difflib", "random", "tempfile", "inspect",
    "urllib.parse"]


def test_the_top_level_help_loads_no_command_and_none_of_their_modules():
    code = ("from rookery.cli import main\n"
            "try:\n    main(['--help'])\nexcept SystemExit as done:\n"
            "    assert done.code == 0, done.code\n")
    assert _loaded_after(code, NOT_AT_HELP) == []


def test_a_commands_help_loads_that_command_alone():
    code = ("from rookery.cli import main\n"
            "try:\n    main(['fuzz', '--help'])\nexcept SystemExit as done:\n"
            "    assert done.code == 0, done.code\n")
    commands = [m for m in NOT_AT_HELP if m.startswith("rookery.cli.")]
    assert _loaded_after(code, commands + HEAVY) == ["rookery.cli.fuzz"]


def test_every_command_is_listed_and_built_with_its_line_of_help():
    from rookery.cli import COMMANDS, build_parser
    listed = build_parser("").format_help()
    full = build_parser()
    sub = full._subparsers._group_actions[0]
    assert list(sub.choices) == list(COMMANDS)
    helps = {action.dest: action.help for action in sub._choices_actions}
    for name, command in COMMANDS.items():
        assert f"    {name}" in listed and helps[name] == command.help
        assert sub.choices[name].format_usage().startswith(f"usage: rookery {name}")


def test_the_public_names_are_still_there():
    for name in rookery.__all__:
        assert getattr(rookery, name) is not None
    import rookery.conformance as conformance
    for name in conformance.__all__:
        assert getattr(conformance, name) is not None
