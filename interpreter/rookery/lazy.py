"""Public names of a package imported when first used (PEP 562), so that
``rookery --help`` and the light commands do not load the engine, the parser, the
conformance machinery or their libraries for nothing."""

from __future__ import annotations

import sys
from importlib import import_module


def lazy_names(package: str, public: dict[str, str]):
    """``__getattr__`` and ``__dir__`` for ``package``: ``public`` maps each name to the
    module of the package that defines it; a name, once imported, stays in the package."""

    def __getattr__(name: str):
        if name not in public:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(f"{package}.{public[name]}"), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(public))

    return __getattr__, __dir__
