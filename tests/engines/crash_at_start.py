"""Broken engine: dies before answering anything."""
import sys

sys.stderr.write("crash_at_start: cannot find my rules file\n")
sys.exit(3)
