"""Broken engine: fails its hello in the way named on its command line -- ``garbage``
(a line that is not JSON), ``wrong-type`` (a name that is a number, variants that are a
string) or ``crash`` (it ends while answering) -- and would play well after it."""
import sys

from _protocol import main

MODE = sys.argv[1] if len(sys.argv) > 1 else "garbage"


def before(request):
    if request.get("cmd") != "hello":
        return None
    if MODE == "garbage":
        return "Hello! I am an engine \x1b[31mof sorts"
    if MODE == "crash":
        sys.stderr.write("bad_hello: no hello today\n")
        sys.exit(4)
    return '{"ok": true, "name": 5, "version": "1", "variants": "tournament"}'


main(before)
