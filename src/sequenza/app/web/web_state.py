"""What the routes share: one typed object on ``app.state``, handed to a route as a parameter.

``create_app`` builds one ``WebState`` (the table manager, the workshop, the rate limits)
and stores it as ``app.state.web``; a route that needs it declares ``web: Web``, and FastAPI
passes it in (the dependency ``web_state`` reads it from the request's app).

Why one object on the app, reached by one dependency, rather than a dependency per part
(``Depends(manager)``, ``Depends(table_limiter)``...): the parts are made together, from
``create_app``'s arguments, and live exactly as long as the app; one dataclass says what
they are, typed, in one place, and mypy checks every route's use of them. The dependency is
only the typed way in: a route's signature says that it uses the shared state, a route
module holds no state of its own (so two apps in one process, as the tests make, never
share a limiter or a manager), and nothing is looked up by a string on ``app.state``
outside this module.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from .errors import RateLimitedError
from .identity import hash_token
from .notifier import MoveListener
from .safety import RateLimiter
from .storage import Quota
from .table_manager import TableManager
from .workshop import Workshop


@dataclass(frozen=True)
class WebState:
    """The app's shared parts, made once by ``create_app``."""

    manager: TableManager
    #: The designers' workshop, None unless the server was started with it.
    workshop: Workshop | None
    #: Tables one address may create: a burst, then so many a second.
    table_rate: tuple[int, float]
    #: Counts the tables each address creates (``table_rate``).
    table_limiter: RateLimiter
    #: Counts the open seats each address takes (as many as tables).
    take_limiter: RateLimiter
    #: Hears the moves of the other processes sharing the database (None: a database of
    #: this process alone).
    listener: MoveListener | None

    def count_new_table(self, request: Request) -> Quota:
        """One more table from this address, or ``RateLimitedError``: counted in this process
        first (cheap), then, on a database that several processes share, in the database
        when the table is saved (the quota returned: a burst within one refill of it)."""
        address = client_address(request)
        wait = self.table_limiter.wait_needed(address)
        if wait:
            raise RateLimitedError("problem.too_many_tables", wait)
        # Only a hash of the address is stored.
        burst, per_second = self.table_rate
        window = burst / per_second if per_second > 0 else 60.0
        return Quota(hash_token(f"creator:{address}"), burst, window)


def client_address(request: Request) -> str:
    """The address a request came from (behind a trusted proxy, the one it forwarded)."""
    return request.client.host if request.client else "unknown"


def web_state(request: Request) -> WebState:
    """The app's ``WebState`` (the dependency behind ``Web``)."""
    state: WebState = request.app.state.web
    return state


#: A route's parameter for the shared state: ``async def route(web: Web) -> ...``.
Web = Annotated[WebState, Depends(web_state)]
