"""``grundy serve``: the playground on a local web server.

Starlette and uvicorn come with the extra ``grundy[web]``; they are imported when the
command runs, so the rest of the CLI works without them.
"""

from __future__ import annotations

import socket

import click

__all__ = ["serve"]

MISSING = "grundy serve needs the web extra: pip install 'grundy[web]'"


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (the default is this machine only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port to listen on (0: any free port).")
@click.option("--open", "open_browser", is_flag=True, help="Open the page in a web browser.")
def serve(host: str, port: int, open_browser: bool) -> None:
    """Serve the playground: play games against grundy in the browser, see why a move
    wins, and draw Grundy sequences and tables as heat maps.

    Listens on --host (127.0.0.1: this machine only) and --port, prints the page's
    URL, and with --open opens it in a web browser.  The page and its JSON API
    (/api/games, /api/analyze, /api/move, /api/reply, /api/sequence, /api/table) are
    served until Ctrl-C.
    """
    try:
        import uvicorn

        from ..web.app import create_app

        app = create_app()
    except ImportError:
        raise click.ClickException(MISSING) from None
    sock = _listen(host, port)
    bound = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning"))
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{bound}/"
    click.echo(f"grundy playground on {url} (Ctrl-C to stop)")
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # pragma: no cover - uvicorn handles Ctrl-C itself
        pass


def _listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``, or one clear error line."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(family, kind, proto)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        raise click.ClickException(f"cannot listen on {host}:{port}: "
                                   f"{exc.strerror or exc}") from None
    return sock
