"""Hostile engine: answers the hello, then never reads its input again (nor answers),
so a large request fills the pipe and a blocking write would wait forever."""
import sys
import time

sys.stdin.readline()
print('{"ok": true, "name": "stops-reading", "version": "1", "variants": ["tournament", '
      '"kentucky-rook"]}', flush=True)
while True:
    time.sleep(60)
