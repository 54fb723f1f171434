"""How a GAME argument becomes a ruleset: a catalog name or notation, or a user's class.

A GAME argument is either something :func:`grundy.catalog.find` knows (``kayles``,
``sub:1,3,4``, ``0.77``, ``ruler*mock-turtles``) or a user's ruleset, written the way
uvicorn names an application:

- ``path/to/rules.py:ClassName`` -- a class in a Python file;
- ``package.module:ClassName`` -- a class in an importable module (the current
  directory is searched too).

Only a right-hand side that is a Python identifier, with a left-hand side that ends in
``.py`` or is a dotted module name, is a user ruleset, so the catalog's ``sub:1,3,4``
and ``allbut:1,2`` keep their meaning.  The class must be a :class:`grundy.Game`
subclass; it is instantiated with no arguments.  Every way this can fail is one
:class:`LoadError` naming what was typed.

>>> resolve("kayles")
TakeAndBreak('0.77')
>>> user_spec("rules.py:MyGame"), user_spec("sub:1,3,4"), user_spec("mypkg.games:Wythoff")
(('rules.py', 'MyGame'), None, ('mypkg.games', 'Wythoff'))
>>> resolve("grundy.rules.heap:GrundysGame")
GrundysGame()
>>> resolve("grundy.rules.heap:Nope")
Traceback (most recent call last):
...
grundy.catalog.loading.LoadError: grundy.rules.heap:Nope: module grundy.rules.heap has no class 'Nope' (its games: AllBut, GrundysGame, Nim, Subtraction, TakeAndBreak)
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import os
import sys
import traceback
from pathlib import Path
from types import ModuleType, TracebackType

from . import NOTATION_PREFIXES, find
from ..engine import Game
from ..errors import GrundyError

__all__ = ["LoadError", "load", "resolve", "user_spec"]

class LoadError(GrundyError):
    """A user ruleset (``file.py:Class`` or ``module:Class``) that cannot be loaded."""


def user_spec(spec: str) -> tuple[str, str] | None:
    """``(file or module, class name)`` when ``spec`` names a user ruleset, else None."""
    where, sep, name = spec.strip().rpartition(":")
    if not sep or not name.isidentifier() or not where:
        return None
    if where.endswith(".py"):
        return where, name
    if f"{where.lower()}:" in NOTATION_PREFIXES:  # a catalog notation, never a module
        return None
    if all(piece.isidentifier() for piece in where.split(".")):
        return where, name
    return None


def resolve(spec: str) -> Game:
    """The ruleset a GAME argument names: a user's class, or a catalog name or notation.

    Raises :class:`grundy.errors.GrundyError` (a :class:`LoadError` for a user
    ruleset, :class:`grundy.errors.UnknownGameError` for an unknown name).
    """
    if not isinstance(spec, str):
        raise GrundyError(f"a game is named by a string (a name, a notation or file.py:Class), "
                          f"got {spec!r}")
    user = user_spec(spec)
    if user is None:
        return find(spec)
    return load(*user, spec=spec.strip())


def load(where: str, name: str, spec: str | None = None) -> Game:
    """An instance of class ``name`` from a file (``where`` ending in ``.py``) or a module."""
    spec = spec if spec is not None else f"{where}:{name}"
    module = _import_file(where, spec) if where.endswith(".py") else _import_module(where, spec)
    what = f"file {where}" if where.endswith(".py") else f"module {where}"
    try:
        cls = getattr(module, name)
    except AttributeError:
        found = sorted(k for k, v in vars(module).items()
                       if isinstance(v, type) and issubclass(v, Game) and v.__module__ == module.__name__
                       and not k.startswith("_"))
        hint = f" (its games: {', '.join(found)})" if found else ""
        raise LoadError(f"{spec}: {what} has no class {name!r}{hint}") from None
    if not isinstance(cls, type):
        raise LoadError(f"{spec}: {name} is not a class but a {type(cls).__name__}")
    if not issubclass(cls, Game):
        raise LoadError(f"{spec}: class {name} is not a grundy.Game subclass "
                        "(write 'class {name}(grundy.Game)', or HeapGame, or GridGame)"
                        .replace("{name}", name))
    _check_no_arguments(cls, spec)
    try:
        game = cls()
    except Exception as exc:
        raise LoadError(f"{spec}: {name}() raised {_describe(exc, module)}") from None
    return game


def _check_no_arguments(cls: type, spec: str) -> None:
    try:
        signature = inspect.signature(cls)
    except (TypeError, ValueError):  # no signature to read: let the call decide
        return
    needed = [p.name for p in signature.parameters.values()
              if p.default is p.empty and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD,
                                                     p.KEYWORD_ONLY)]
    if needed:
        raise LoadError(f"{spec}: class {cls.__name__} needs constructor arguments "
                        f"({', '.join(needed)}); a GAME argument is instantiated with none, so "
                        "give them defaults or write a subclass that passes them")


def _import_file(where: str, spec: str) -> ModuleType:
    path = Path(where)
    if not path.is_file():
        why = "is a directory" if path.is_dir() else "does not exist"
        raise LoadError(f"{spec}: file {where} {why}")
    path = path.resolve()
    module_name = f"grundy_user_{path.stem}_{abs(hash(str(path))):x}"
    if module_name in sys.modules:
        return sys.modules[module_name]
    loader_spec = importlib.util.spec_from_file_location(module_name, path)
    if loader_spec is None or loader_spec.loader is None:  # pragma: no cover - a .py path always has one
        raise LoadError(f"{spec}: cannot import file {where}")
    module = importlib.util.module_from_spec(loader_spec)
    sys.modules[module_name] = module  # dataclasses and pickling look their module up there
    folder = str(path.parent)
    sys.path.insert(0, folder)  # so that the file can import its neighbours
    try:
        loader_spec.loader.exec_module(module)
    except SyntaxError as exc:
        del sys.modules[module_name]
        raise LoadError(f"{spec}: file {where} does not compile: SyntaxError: {exc.msg} "
                        f"(line {exc.lineno})") from None
    except Exception as exc:
        del sys.modules[module_name]
        raise LoadError(f"{spec}: importing file {where} raised {_describe(exc, path)}") from None
    finally:
        try:
            sys.path.remove(folder)
        except ValueError:  # pragma: no cover - the file removed it itself
            pass
    return module


def _import_module(where: str, spec: str) -> ModuleType:
    added = False
    if "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())  # like python -m and uvicorn: the current directory
        added = True
    try:
        return importlib.import_module(where)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (where == exc.name or where.startswith(exc.name + ".")):
            raise LoadError(f"{spec}: no module named {exc.name}") from None
        raise LoadError(f"{spec}: importing module {where} raised {_describe(exc, None)}") from None
    except SyntaxError as exc:
        raise LoadError(f"{spec}: module {where} does not compile: SyntaxError: {exc.msg} "
                        f"({Path(exc.filename or '?').name}, line {exc.lineno})") from None
    except Exception as exc:
        raise LoadError(f"{spec}: importing module {where} raised {_describe(exc, None)}") from None
    finally:
        if added:
            sys.path.remove(os.getcwd())


def _describe(exc: BaseException, where: Path | ModuleType | None) -> str:
    """``ZeroDivisionError: division by zero (line 3)``: the exception and the user's line."""
    text = f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__
    line = user_line(exc.__traceback__, where)
    return f"{text} ({line})" if line else text


def user_line(tb: TracebackType | None, where: Path | ModuleType | None = None) -> str:
    """``rules.py, line 3``: the last line of the traceback outside grundy itself (or in
    ``where``, a file or a module, when given and reached); empty when there is none."""
    if isinstance(where, ModuleType):
        filename = getattr(where, "__file__", None)
        where = Path(filename).resolve() if filename else None
    package = str(Path(__file__).resolve().parent)
    best = ""
    for frame in traceback.extract_tb(tb):
        filename = str(Path(frame.filename).resolve()) if frame.filename else ""
        if where is not None and filename == str(where):
            best = f"line {frame.lineno}"
        elif where is None and not filename.startswith(package) and "importlib" not in filename:
            best = f"{Path(filename).name}, line {frame.lineno}"
    return best
