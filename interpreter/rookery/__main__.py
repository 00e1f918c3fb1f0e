"""``python -m rookery``: the same as the ``rookery`` command."""

import sys

from .cli import main

sys.exit(main())
