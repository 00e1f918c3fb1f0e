"""Hostile (but fair) engine: takes 1.5 s to start, then answers at once: start-up is
not counted against the hello's timeout."""
import time

time.sleep(1.5)

from _protocol import main  # noqa: E402

main()
