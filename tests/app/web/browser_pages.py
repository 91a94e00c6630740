"""Browser pages lent to tests and taken back clean, instead of a new browser context for each.

A fresh context costs Chromium a new profile, a cold cache and a new renderer: the page's
modules fetched and compiled again, about half a second of CPU for every page a test opens, and
the browser tests open hundreds. A page given back here has its storage cleared (the page
keeps everything it remembers in ``localStorage``), its listeners and routes removed and
the page left, which closes the table's websocket and stops its timers; the next test
that asks for a page of the same locale gets it as a new browser would be, but warm. Each page
lives in a context of its own, so that two pages lent at once (two people at one table) share
no storage.

A page that cannot be cleaned (an init script, a websocket route and the like, which
Playwright cannot take off again) is closed with its context instead of being kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

#: The browser's own settings of a lent page: the locale and time zone are a context's.
Key = tuple[int, str | None, str | None]


@dataclass
class _Lent:
    context: Any
    page: Any
    key: Key
    listeners: list[tuple[str, Any]] = field(default_factory=list)
    keep: bool = True
    emulate_media: Any = None


#: What a test may set on a page or its context that stays there and that Playwright cannot
#: take off: a page or context given one is closed when given back, not lent again.
_PAGE_SETTINGS = (
    "add_init_script",
    "route_web_socket",
    "expose_function",
    "expose_binding",
    "set_extra_http_headers",
    "emulate_media",
)
_CONTEXT_SETTINGS = (
    *_PAGE_SETTINGS[:-1],
    "route",
    "set_offline",
    "grant_permissions",
    "set_geolocation",
    "add_cookies",
)


def _spoiling(lent: _Lent, method: Any) -> Any:
    def spoiled(*args: Any, **kwargs: Any) -> Any:
        lent.keep = False
        return method(*args, **kwargs)

    return spoiled


@dataclass
class PagePool:
    free: dict[Key, list[_Lent]] = field(default_factory=dict)
    lent: dict[int, _Lent] = field(default_factory=dict)

    def take(
        self,
        browser: Any,
        viewport: dict[str, int],
        *,
        reduced_motion: str = "reduce",
        locale: str | None = None,
        timezone_id: str | None = None,
    ) -> Any:
        """A blank page of ``browser`` at ``viewport``, with motion or without."""
        key: Key = (id(browser), locale, timezone_id)
        waiting = self.free.get(key, [])
        while waiting:
            lent = waiting.pop()
            if browser.is_connected() and not lent.page.is_closed():
                break
        else:
            options: dict[str, Any] = {"viewport": viewport}
            if locale is not None:
                options["locale"] = locale
            if timezone_id is not None:
                options["timezone_id"] = timezone_id
            context = browser.new_context(**options)
            lent = _Lent(context, context.new_page(), key)
            lent.emulate_media = lent.page.emulate_media
            for owner, names in ((lent.page, _PAGE_SETTINGS), (context, _CONTEXT_SETTINGS)):
                for name in names:
                    setattr(owner, name, _spoiling(lent, getattr(owner, name)))
        page = lent.page
        page.set_viewport_size(viewport)
        lent.emulate_media(reduced_motion=reduced_motion)
        page.set_default_timeout(15_000)
        self.lent[id(page)] = lent
        return page

    def listen(self, page: Any, event: str, handler: Any) -> None:
        """``page.on(event, handler)``, removed when the page is given back."""
        page.on(event, handler)
        self.lent[id(page)].listeners.append((event, handler))

    def forget(self, browser: Any) -> None:
        """Drop the pages kept of a browser about to close."""
        for key in [key for key in self.free if key[0] == id(browser)]:
            del self.free[key]

    def give_back(self, page: Any) -> None:
        lent = self.lent.pop(id(page))
        if lent.keep and not page.is_closed():
            try:
                for other in lent.context.pages:
                    if other is not page:
                        other.close()
                for event, handler in lent.listeners:
                    page.remove_listener(event, handler)
                page.unroute_all()
                origin = re.match(r"https?://[^/]+", page.url)
                # Left first, so that no script of the page writes to its storage again;
                # then cleared from a file of the same origin that runs none.
                page.goto("about:blank")
                if origin:
                    page.goto(origin[0] + "/static/icon.svg")
                    page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
            except Exception:  # whatever went wrong, a page that broke is not lent again
                lent.keep = False
        if lent.keep:
            lent.listeners.clear()
            self.free.setdefault(lent.key, []).append(lent)
        else:
            lent.context.close()


#: The pages of every browser of this test process.
PAGES = PagePool()


class Lent:
    """A lent page's handle for code written for a context of its own: ``close()`` gives the
    page back."""

    def __init__(self, page: Any) -> None:
        self.page = page

    def close(self) -> None:
        PAGES.give_back(self.page)
