"""What the tests and benchmarks of campaigns compare: a JSON report without its
timings, the only thing the number of workers may change."""

TIMINGS = {"seconds", "wall_seconds"}


def untimed(data):
    """``data`` (a JSON report) with every timing left out, at any depth."""
    if isinstance(data, dict):
        return {k: untimed(v) for k, v in data.items() if k not in TIMINGS}
    if isinstance(data, list):
        return [untimed(v) for v in data]
    return data
