#!/usr/bin/env python3
"""Token kinds of code files as Pygments sees them, in blogbuild's kinds.

Usage: pygments_kinds.py LEXER FILE [LEXER FILE ...]

LEXER may carry one option after a colon: `php:startinline`.

For each pair prints a line `== FILE`, then one line per character of the
file (Unicode code point, newlines included) with blogbuild's token kind for
it. Pygments is only the reference for the highlighter tests
(Tests/BlogBuildTests/HighlightTests.swift); blogbuild does not use it.

Mapping of Pygments token types onto blogbuild kinds (the most specific
entry that matches wins; anything not listed is `plain`):
"""
import sys

from pygments.lexers import get_lexer_by_name
from pygments.token import (Comment, Error, Generic, Keyword, Literal, Name, Number, Operator, Punctuation,
                            String, Text, Whitespace)

MAPPING = [
    (Keyword.Type, "type"),
    (Keyword, "keyword"),                  # Constant, Declaration, Namespace, Pseudo, Reserved
    (Operator.Word, "keyword"),            # typeof, and, not, in …
    (Operator, "operator"),
    (Punctuation, "punctuation"),
    (Name.Builtin, "builtin"),             # Builtin.Pseudo too
    (Name.Function, "function"),           # Function.Magic too
    (Name.Class, "type"),
    (Name.Exception, "type"),
    (Name.Namespace, "type"),
    (Name.Decorator, "attribute"),
    (Name.Attribute, "attribute"),
    (Name.Tag, "tag"),
    (Name.Variable, "variable"),           # Class, Global, Instance, Magic
    (Name.Constant, "variable"),
    (Name.Entity, "variable"),
    (Name, "plain"),                       # Name, Name.Other, Name.Label, Name.Property
    (String.Regex, "regex"),
    (String, "string"),                    # Affix, Backtick, Char, Doc, Escape, Heredoc, Interpol, Symbol …
    (Number, "number"),
    (Literal.Date, "number"),
    (Literal, "string"),
    (Comment.Preproc, "preprocessor"),     # PreprocFile too
    (Comment, "comment"),                  # Hashbang, Multiline, Single, Special
    (Generic.Prompt, "punctuation"),       # console `$ `
    (Generic.Inserted, "string"),          # diff `+` lines
    (Generic.Deleted, "variable"),         # diff `-` lines
    (Generic.Heading, "keyword"),
    (Generic.Subheading, "keyword"),
    (Generic, "plain"),                    # Output, Emph, Strong, Traceback …
    (Whitespace, "plain"),
    (Text, "plain"),
    (Error, "plain"),
]


def kind(token):
    for pygments_type, ours in MAPPING:
        if token in pygments_type:
            return ours
    return "plain"


def main(args):
    if len(args) % 2 != 0 or not args:
        sys.exit(__doc__)
    out = []
    for lexer_name, path in zip(args[0::2], args[1::2]):
        with open(path, encoding="utf-8", newline="") as f:
            code = f.read()
        # No stripping or newline fixing: positions must line up with the file.
        # `php:startinline`: a lexer name with options after a colon (PHP without `<?php`).
        name, _, flag = lexer_name.partition(":")
        options = {flag: True} if flag else {}
        lexer = get_lexer_by_name(name, stripnl=False, stripall=False, ensurenl=False, tabsize=0, **options)
        out.append("== " + path)
        for _, token, value in lexer.get_tokens_unprocessed(code):
            out.extend([kind(token)] * len(value))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
