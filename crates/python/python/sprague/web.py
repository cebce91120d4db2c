"""The web page from Python: ``sprague.serve(game)`` opens the Play page on a game
defined in Python (or any game of the catalogue) and returns at once.

The server is the one of ``sprague serve`` (pages and JSON API), running on a thread
of its own with the game *pinned* under its name: the page's requests are answered by
the very game object the program holds (what it explored is shared), positions the
page has no drawing for are shown as a text board, and the misère and Every-SG boxes
of the page work on it too.

>>> import sprague
>>> server = sprague.serve(sprague.game("nim"), "3 4 5", open_browser=False)
>>> server.url.startswith("http://127.0.0.1:")
True
>>> server.stop()
"""

from __future__ import annotations

import urllib.parse
import webbrowser
from typing import Optional, Sequence, Union

from . import _native

__all__ = ["Server", "serve"]


class Server:
    """A running server: ``url`` (the Play page on the game), ``stop()``, ``wait()``;
    usable as a context manager (stopped at the end of the ``with`` block)."""

    def __init__(self, native: "_native.Server", url: str):
        self._native = native
        self.url = url

    @property
    def address(self) -> str:
        """``host:port`` the server listens on."""
        return self._native.address

    @property
    def running(self) -> bool:
        return self._native.running

    def stop(self) -> None:
        """Stops the server (requests in flight get a second to finish)."""
        self._native.stop()

    def wait(self, seconds: Optional[float] = None) -> None:
        """Blocks until Ctrl-C (then stops the server and raises ``KeyboardInterrupt``)
        or until ``seconds`` have passed."""
        self._native.wait(seconds)

    def __enter__(self) -> "Server":
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def __repr__(self) -> str:
        state = "running" if self.running else "stopped"
        return f"<sprague.Server {self.url} ({state})>"

    def _repr_html_(self) -> str:
        return f'<a href="{self.url}" target="_blank">Play on the web page: {self.url}</a>'


def serve(
    game: "object",
    position: Union[None, str, int, Sequence[Union[str, int]]] = None,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    open_browser: bool = True,
) -> Server:
    """Serves the Play page on ``game`` (an :class:`sprague.ImpartialGame`, e.g. one made
    by :func:`sprague.define`) from ``position`` and returns the :class:`Server` at once;
    ``open_browser`` opens the page in the default browser. ``port=0`` picks a free port."""
    native = getattr(game, "_native", None)
    if not isinstance(native, _native.NativeGame):
        from . import InvalidInput

        raise InvalidInput(
            f"serve() plays an impartial game (sprague.game(...) or sprague.define(...)), not {type(game).__name__}"
        )
    name = native.description()
    server = _native.serve_games([(name, native)], host, int(port))
    query = {"game": name}
    if position is not None:
        if isinstance(position, (str, int)):
            words = str(position).split()
        elif hasattr(position, "components"):
            words = list(position.components)
        else:
            words = [str(w) for w in position]
        query["position"] = " ".join(words)
    url = f"http://{server.address}/play?{urllib.parse.urlencode(query)}"
    if open_browser:
        webbrowser.open(url)
    return Server(server, url)
