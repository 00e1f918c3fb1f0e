"""``python -m rookery.cli``: the same as the ``rookery`` command."""

import sys

from . import main

sys.exit(main())
