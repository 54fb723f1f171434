"""The playground's web app: the page in ``static/`` and the JSON API of :mod:`grundy.web.api`.

Needs Starlette (the extra ``grundy[web]``).  Every answer of the API is JSON; a bad
request gets a 4xx answer ``{"error": "..."}`` naming the field at fault, and a body
larger than :data:`MAX_BODY` bytes is refused before it is read in full.

>>> from starlette.testclient import TestClient
>>> client = TestClient(create_app())
>>> client.post("/api/analyze", json={"game": "nim", "position": [1, 2]}).json()["value"]
3
>>> client.post("/api/analyze", json={"game": "chess", "position": [1]}).status_code
400
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from . import api

if TYPE_CHECKING:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import Response

__all__ = ["MAX_BODY", "STATIC", "create_app"]

#: the largest request body accepted, in bytes
MAX_BODY = 64 * 1024
#: the folder of the page's files
STATIC = Path(__file__).with_name("static")

Handler = Callable[..., dict[str, Any]]


def create_app(resolve: api.Resolve | None = None) -> Starlette:
    """The Starlette app: ``/`` the page, ``/static/...`` its files, ``/api/...`` the API.

    ``resolve`` turns a game name into a ruleset (default: the catalog's names and
    notations; a user's rules would come in here)."""
    from starlette.applications import Starlette
    from starlette.responses import FileResponse, JSONResponse
    from starlette.routing import Mount, Route
    from starlette.staticfiles import StaticFiles

    from ..catalog import find

    lookup = resolve if resolve is not None else find

    async def index(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", media_type="text/html")

    def endpoint(handler: Handler, method: str) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                if method == "GET":
                    body: Any = dict(request.query_params)
                else:
                    body = await _json_body(request)
                from starlette.concurrency import run_in_threadpool

                answer = await run_in_threadpool(handler, body, lookup)
            except api.RequestError as exc:
                return JSONResponse({"error": str(exc)}, status_code=exc.status)
            return JSONResponse(answer)

        return run

    async def not_found(request: Request, exc: Exception) -> Response:
        code = getattr(exc, "status_code", 404)
        detail = getattr(exc, "detail", "not found")
        return JSONResponse({"error": f"{request.url.path}: {detail}"}, status_code=code)

    routes = [
        Route("/", index),
        Route("/api/games", endpoint(api.games, "GET")),
        Route("/api/game", endpoint(api.game_info, "GET")),
        Route("/api/sequence", endpoint(api.sequence, "GET")),
        Route("/api/table", endpoint(api.table, "GET")),
        Route("/api/analyze", endpoint(api.analyze, "POST"), methods=["POST"]),
        Route("/api/move", endpoint(api.move, "POST"), methods=["POST"]),
        Route("/api/reply", endpoint(api.reply, "POST"), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(routes=routes, exception_handlers={404: not_found, 405: not_found})


async def _json_body(request: Request) -> Any:
    """The request's JSON, read in pieces and refused past :data:`MAX_BODY` bytes."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise api.RequestError(f"body: {declared} bytes is too large (at most {MAX_BODY})", 413)
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise api.RequestError(f"body: larger than {MAX_BODY} bytes", 413)
    try:
        return json.loads(bytes(data))
    except (ValueError, RecursionError):
        raise api.RequestError("body: not valid JSON (send an object such as "
                               "{\"game\": \"nim\", \"position\": [3, 5]})") from None
