"""What the commands that run campaigns (``compare``, ``play --games``, ``mutate``,
``conformance``) share on the command line: a progress bar over the whole campaign,
drawn only on a terminal."""

from __future__ import annotations

from contextlib import contextmanager


@contextmanager
def progress_bar(console, total: int, label: str, show: bool = True):
    """A bar of ``total`` steps on ``console`` (none when ``show`` is false or the
    console is not a terminal); yields ``advance(steps=1)``."""
    if not show or not console.is_terminal:
        yield lambda steps=1: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, \
        TimeElapsedColumn
    with Progress(TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console, transient=True) as bar:
        task = bar.add_task(label, total=total)
        yield lambda steps=1: bar.update(task, advance=steps)
