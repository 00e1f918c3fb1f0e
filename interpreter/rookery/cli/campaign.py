"""What the commands that run campaigns (``compare``, ``play --games``, ``mutate``,
``conformance``) share on the command line: a progress bar over the whole campaign,
drawn only on a terminal."""

from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def progress_bar(console, total: int, label: str, show: bool = True):
    """A bar of ``total`` steps on ``console`` (none when ``show`` is false or the
    console is not a terminal); yields ``advance(steps=1, description=None)``, which
    moves the bar on and, given a description (a case's id), shows it beside the bar.

    The bar moves the cursor itself (a carriage return and an erase of the line at each
    refresh, the cursor hidden while it runs): it writes to the terminal under the
    command's :class:`~rookery.cli.terminal.SafeStream`, which would show those
    sequences as visible escapes.  What it shows is made safe before it is drawn: the
    label is the command's own word, a description is escaped for the terminal and for
    rich's markup."""
    if not show or not console.is_terminal:
        yield lambda steps=1, description=None: None
        return
    from rich.console import Console
    from rich.markup import escape
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn

    from ..escaping import terminal_text
    from .terminal import raw
    screen = Console(file=raw(console.file), highlight=False, force_terminal=True,
                     width=console.width)
    with Progress(TextColumn("[progress.description]{task.description}"), BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=screen,
                  transient=True) as bar:
        task = bar.add_task(escape(label), total=total)

        def advance(steps: int = 1, description: str | None = None) -> None:
            if description is None:
                bar.update(task, advance=steps)
            else:
                bar.update(task, advance=steps,
                           description=escape(terminal_text(description)))
        yield advance
