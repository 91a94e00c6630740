"""Request bodies, read and validated once, before a route's own code runs.

A route declares its body as a parameter, ``asked: Annotated[TableRequest, body_as(TableRequest)]``:
the dependency reads the bytes with the limits of ``safety`` (``application/json`` only, a
bounded size, shallow JSON, short integers), validates them strictly against the model of
``api_models`` (a mismatch is a 400 ``bad_request`` naming the field, pydantic's list as its
``detail``), and hands the route the model. The code below the route reads the model's fields,
never the raw JSON: what the model promises (types, ranges, known keys) is not checked again.

FastAPI's own body parameters are not used because they would parse the JSON themselves,
without those limits; ``/api/docs`` still shows each body (``REQUEST_BODIES``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from fastapi import Depends, Request
from pydantic import BaseModel, ValidationError

from .errors import TableError
from .safety import parse_json, require_json_content

_Model = TypeVar("_Model", bound=BaseModel)


def body_as(model: type[_Model]) -> Any:
    """The dependency that hands a route its body as ``model`` (see the module)."""
    return Depends(_reader(model))


def _reader(model: type[_Model]) -> Callable[[Request], Awaitable[_Model]]:
    async def read(request: Request) -> _Model:
        return validated(model, await json_body(request))

    read.__name__ = f"read_{model.__name__}"
    return read


async def json_body(request: Request) -> Any:
    """The request's JSON, within ``safety``'s limits."""
    require_json_content(request.headers.get("content-type"))
    return parse_json(await request.body())


def validated(model: type[_Model], body: Any) -> _Model:
    """``body`` as ``model``, or a 400 ``bad_request`` naming the fields that do not fit."""
    try:
        return model.model_validate(body)
    except ValidationError as error:
        raise invalid(error.errors()) from None


def invalid(problems: Sequence[Any]) -> TableError:
    """A body or parameter that does not fit its model: the sentence is the server's, and
    pydantic's own list of problems (English, naming fields) its ``detail``."""
    detail = "; ".join(
        f"{'.'.join(str(part) for part in problem['loc']) or 'body'}: {problem['msg']}"
        for problem in problems
    )
    return TableError("bad_request", "problem.invalid_request", detail=detail)
