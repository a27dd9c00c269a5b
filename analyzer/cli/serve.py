"""``baccarat serve``: the designer's workbench in the browser."""

from __future__ import annotations

import click

from .app import cli, examples


@cli.command(
    epilog=examples(
        "baccarat serve",
        "baccarat serve --port 8765 --open",
        "baccarat serve --host 0.0.0.0 --allow-host workbench.studio.example",
    )
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    metavar="HOST",
    help="Where to listen; anything but loopback requires a token (printed at start).",
)
@click.option("--port", default=8765, show_default=True, type=int, metavar="N", help="The port to listen on.")
@click.option(
    "--token",
    default=None,
    metavar="TOKEN",
    help="The token requests must show (default: none on loopback, a random one elsewhere).",
)
@click.option(
    "--allow-host",
    "allow_hosts",
    multiple=True,
    metavar="NAME",
    help="Beyond loopback, a further name the server answers to (a DNS name of your network's); repeatable. "
    "Its own hostname, fully qualified name and addresses are always accepted.",
)
@click.option("--open", "open_browser", is_flag=True, help="Open the page in the default browser.")
def serve(host: str, port: int, token: str | None, allow_hosts: tuple[str, ...], open_browser: bool) -> None:
    """The workbench: write, price, tune, compare and export side bets in the browser, live and exact."""
    from ..extras import require

    require("web", "starlette", "uvicorn", what="baccarat serve")
    from ..web.server import serve as run

    run(host, port, token, open_browser, allow_hosts)
