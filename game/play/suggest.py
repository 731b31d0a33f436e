"""An ``argparse.ArgumentParser`` that adds "did you mean …?" to a mistyped flag or choice
(Python 3.14's ``suggest_on_error`` does the same; this one works on every version we run)."""
from __future__ import annotations

import argparse
import difflib
import re


def closest(word: str, known) -> str | None:
    found = difflib.get_close_matches(word, list(known), n=1, cutoff=0.6)
    return found[0] if found else None


class SuggestingParser(argparse.ArgumentParser):
    def error(self, message: str):
        super().error(message + hint(self, message))


def hint(parser: argparse.ArgumentParser, message: str) -> str:
    """" (did you mean X?)" for the words of ``message`` argparse could not read, or ""."""
    choice = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)", message)
    if choice:
        options = re.findall(r"'([^']*)'", choice.group(2)) or [
            w.strip() for w in choice.group(2).split(",")]
        near = closest(choice.group(1), options)
        return f" (did you mean {near!r}?)" if near else ""
    unknown = re.search(r"unrecognized arguments: (.*)", message)
    if unknown:
        flags = [o for action in parser._actions for o in action.option_strings]
        found = []
        for word in unknown.group(1).split():
            name = word.split("=", 1)[0]
            near = closest(name, flags) if name.startswith("-") else None
            if near:
                found.append(f"{near} for {name}")
        return f" (did you mean {', '.join(found)}?)" if found else ""
    return ""
