"""A document checked against a schema of ``conformance/schema/``, fast, with the
reference validator's words.

The corpus and every answer of an engine under test are checked against JSON Schemas.
The reference validator (jsonschema, Draft 2020-12) interprets a schema each time it
runs, which made checking the corpus most of a conformance run.  So each schema is also
compiled once into plain Python by fastjsonschema:

* a document the compiled check passes is valid: nothing more is done;
* a document it refuses is handed to the reference validator, whose verdict stands and
  whose errors word the messages (they stay exactly as before).

The compiled check must therefore never pass what the reference refuses;
``tests/test_schema_check.py`` compares the two on mutated cases and answers.  Refusing
what the reference passes is harmless (the reference decides): fastjsonschema reads
``$`` in a pattern as the very end of the text, where Python's ``re`` also allows a
final newline.

fastjsonschema implements drafts 4 to 2019-09.  Our schemas are Draft 2020-12 but use
only keywords those drafts share with it, with two differences evened out before
compiling (:func:`shared_draft`): a ``$ref`` with sibling keywords becomes an ``allOf``
(2020-12 applies the siblings, older drafts ignore them) and ``const`` becomes a
one-value ``enum`` (the same test; fastjsonschema's brief mode cannot word ``const``).
A schema with any other keyword is not compiled: the reference alone checks it.
"""

from __future__ import annotations

import json
from functools import cache, cached_property

from ...resources import conformance_dir

# Keywords that mean the same in Draft 2020-12 and in fastjsonschema's Draft 2019-09
# (``items`` only as one schema for every item, the only form 2020-12 has).  Anything
# else (format, prefixItems, unevaluated*, dependent*...) keeps a schema uncompiled.
ANNOTATIONS = frozenset({"$schema", "$id", "$comment", "title", "description", "default",
                         "examples"})      # no effect on validity
SHARED_KEYWORDS = frozenset({
    "type", "enum", "const", "properties", "required", "additionalProperties",
    "minProperties", "maxProperties", "items", "minItems", "maxItems", "uniqueItems",
    "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf",
    "minLength", "maxLength", "pattern", "allOf", "anyOf", "oneOf", "not",
    "if", "then", "else", "$ref", "$defs"}) | ANNOTATIONS
_KEPT_BESIDE_REF = ANNOTATIONS | {"$ref", "$defs"}   # what stays beside a $ref
_PATH_FORMAT = ".format(**locals())"
_NAMED = ("properties", "$defs")         # maps of names to schemas, not schemas
_LISTS = ("allOf", "anyOf", "oneOf")     # lists of schemas


class NotShared(ValueError):
    """A schema uses a keyword whose meaning fastjsonschema does not share."""


def shared_draft(schema):
    """``schema`` rewritten for fastjsonschema with the same meaning (see the module's
    docstring); :class:`NotShared` if it cannot be."""
    if isinstance(schema, bool):
        return schema
    if not isinstance(schema, dict):
        raise NotShared(f"not a schema: {schema!r}")
    unknown = set(schema) - SHARED_KEYWORDS
    if unknown:
        raise NotShared(f"keywords not shared: {', '.join(sorted(unknown))}")
    out = {}
    for key, value in schema.items():
        if key in _NAMED:
            out[key] = {name: shared_draft(item) for name, item in value.items()}
        elif key in _LISTS:
            out[key] = [shared_draft(item) for item in value]
        elif key in ("items", "additionalProperties", "not", "if", "then", "else"):
            out[key] = shared_draft(value)
        elif key != "const":
            out[key] = value
    if "const" in schema:
        const = {"enum": [schema["const"]]}
        if "enum" in out:
            out["allOf"] = out.get("allOf", []) + [const]
        else:
            out.update(const)
    if "$ref" in out:
        siblings = {k: v for k, v in out.items() if k not in _KEPT_BESIDE_REF}
        if siblings:
            out = {**{k: v for k, v in out.items() if k in _KEPT_BESIDE_REF and k != "$ref"},
                   "allOf": [{"$ref": out["$ref"]}, siblings]}
    return out


class SchemaCheck:
    """One schema, checked fast; ``iter_errors`` and ``is_valid`` as jsonschema's."""

    def __init__(self, schema: dict):
        self.schema = schema
        self.compiled = self._compile(schema)

    @staticmethod
    def _compile(schema: dict):
        """The compiled check, or None when the schema is not in the shared keywords."""
        import fastjsonschema
        try:
            shared = shared_draft(schema)
        except NotShared:
            return None
        # Without the root's $id (our references are all "#/..." within the schema) the
        # generated check is named plain ``validate``.
        if isinstance(shared, dict):
            shared.pop("$id", None)
        code = fastjsonschema.compile_to_code(shared, use_default=False,
                                              detailed_exceptions=False)
        # fastjsonschema builds the JSON path of every value it descends into, for its
        # messages (``data.cases[3]``), with ``"...".format(**locals())``: more than half
        # of its time on a case file.  Its messages are never shown (the reference words
        # them), so the paths are left unformatted.  A schema holding that text itself
        # (in a pattern or a const) is compiled as it is.
        if _PATH_FORMAT not in json.dumps(schema):
            code = code.replace(_PATH_FORMAT, "")
        namespace: dict = {}
        exec(compile(code, "<schema check>", "exec"), namespace)     # noqa: S102
        return namespace["validate"]

    @cached_property
    def reference(self):
        """jsonschema's validator (imported only when a document fails)."""
        from jsonschema import Draft202012Validator
        return Draft202012Validator(self.schema)

    def passes_fast(self, instance) -> bool:
        """True when the compiled check passes ``instance`` (then it is valid)."""
        if self.compiled is None:
            return False
        try:
            self.compiled(instance)
        except Exception:        # noqa: BLE001 - any doubt goes to the reference
            return False
        return True

    def iter_errors(self, instance):
        """The reference's errors for ``instance`` (none, at once, when it passes the
        compiled check)."""
        if self.passes_fast(instance):
            return iter(())
        return self.reference.iter_errors(instance)

    def is_valid(self, instance) -> bool:
        return self.passes_fast(instance) or self.reference.is_valid(instance)


@cache
def schema(name: str) -> dict:
    """A schema of ``conformance/schema/`` by its short name (``case``, ``protocol``...)."""
    path = conformance_dir() / "schema" / f"{name}.schema.json"
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def validator(name: str) -> SchemaCheck:
    return SchemaCheck(schema(name))
