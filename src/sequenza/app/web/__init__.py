"""Play in the browser: ``sequenza serve`` starts this app (FastAPI, websockets, SQLite)."""

from sequenza.app.web.server import create_app, server_config

__all__ = ["create_app", "server_config"]
