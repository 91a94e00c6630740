"""The bots' queue: a bot's time limit counts its thinking, not its wait for a worker, and the
tables where a person plays go before the tables of bots alone."""

from __future__ import annotations

import asyncio

import tests.app.web.failing_bots  # noqa: F401  (registers the slow bot)
from sequenza.app.web.bot_workers import BotWorkers
from sequenza.core.registry import make_game

POSITION = make_game("sequentia-shift", 2).new_initial_state(7).dumps()


async def _warm(workers: BotWorkers) -> None:
    """Start the worker processes (under a generous limit), so that their start does not count
    in what is measured."""
    limit, workers.move_timeout = workers.move_timeout, 60.0
    await asyncio.gather(
        *(workers.decide("random", {}, 1, POSITION) for _ in range(workers.workers))
    )
    workers.move_timeout = limit


def test_waiting_for_a_worker_does_not_count_against_the_time_limit() -> None:
    # One worker, three bots that each think 0.6 s, a limit of 1.5 s: the last waits 1.2 s
    # for the worker, and thinks well within its limit.
    async def run() -> list[str]:
        workers = BotWorkers(1, move_timeout=1.5)
        try:
            await _warm(workers)
            answers = await asyncio.gather(
                *(workers.decide("test-slow", {"seconds": 0.6}, 1, POSITION) for _ in range(3))
            )
            return [text for text, _memory in answers]
        finally:
            workers.close()

    assert len(asyncio.run(run())) == 3


def test_a_bot_that_thinks_too_long_still_runs_out_of_time() -> None:
    async def run() -> None:
        workers = BotWorkers(1, move_timeout=0.5)
        try:
            await _warm(workers)
            try:
                await workers.decide("test-slow", {"seconds": 1.5}, 1, POSITION)
            except Exception as error:  # BotFailure
                assert "0.5" in str(error)
            else:
                raise AssertionError("a bot past its time limit was waited for")
        finally:
            workers.close()

    asyncio.run(run())


def test_a_persons_table_goes_before_the_tables_of_bots_alone() -> None:
    async def run() -> list[str]:
        workers = BotWorkers(1, move_timeout=30)
        finished: list[str] = []

        async def decide(label: str, urgent: bool) -> None:
            await workers.decide("test-slow", {"seconds": 0.3}, 1, POSITION, urgent=urgent)
            finished.append(label)

        try:
            await _warm(workers)
            busy = asyncio.create_task(decide("bots 1", False))
            await asyncio.sleep(0.05)  # the worker thinks for the first table of bots
            later = [
                asyncio.create_task(decide("bots 2", False)),
                asyncio.create_task(decide("bots 3", False)),
            ]
            await asyncio.sleep(0.05)
            person = asyncio.create_task(decide("person", True))
            await asyncio.gather(busy, person, *later)
            assert workers.busy == 0 and workers.waiting == 0
            return finished
        finally:
            workers.close()

    assert asyncio.run(run()) == ["bots 1", "person", "bots 2", "bots 3"]


def test_a_decision_given_up_while_waiting_leaves_the_queue() -> None:
    async def run() -> None:
        workers = BotWorkers(1, move_timeout=30)
        try:
            await _warm(workers)
            busy = asyncio.create_task(workers.decide("test-slow", {"seconds": 0.3}, 1, POSITION))
            await asyncio.sleep(0.05)
            waiting = asyncio.create_task(workers.decide("random", {}, 1, POSITION))
            await asyncio.sleep(0.05)
            assert workers.waiting == 1
            waiting.cancel()  # the table was put away meanwhile
            await busy
            # The worker is free for the next decision at once.
            await asyncio.wait_for(workers.decide("random", {}, 1, POSITION), 10)
            assert workers.busy == 0 and workers.waiting == 0
        finally:
            workers.close()

    asyncio.run(run())
