"""A pool of worker processes that Ctrl-C stops at once: the workers ignore SIGINT and the parent
kills and reaps them (``stop_pool``), dropping the work not started; a Ctrl-C landing while the
pool forks its workers is held and delivered just after (``interrupts_held``).

Used by the dealer-table build (``dealer_table.run_chunks``) and the whole game's local run
(``analysis.game.passes``); imported only when a pool is started (``concurrent.futures`` and
``multiprocessing`` are not on a one-hand command's path).
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from multiprocessing import get_all_start_methods, get_context


def worker_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool whose workers ignore Ctrl-C (the parent stops them: ``stop_pool``)."""
    method = "fork" if "fork" in get_all_start_methods() else "spawn"
    return ProcessPoolExecutor(
        max_workers=workers, mp_context=get_context(method), initializer=_leave_interrupts_to_parent
    )


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Hold Ctrl-C while a pool forks its workers, and deliver it after: a KeyboardInterrupt raised
    inside the fork's at-fork hooks (logging's lock release) is printed as ignored there and lost,
    and the work would go on. Within the block a SIGINT is only noted (by a handler, so it holds
    whichever thread the signal lands on: a progress bar's refresh thread, a compiled kernel's);
    after it, it is sent again to the handler that was there before. Outside the main thread, a
    no-op (only the main thread handles signals).

    >>> import os, signal
    >>> try:
    ...     with interrupts_held():
    ...         os.kill(os.getpid(), signal.SIGINT)  # noted here
    ...         held = True
    ... except KeyboardInterrupt:
    ...     print("delivered after the block:", held)
    delivered after the block: True
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    noted: list[int] = []
    before = signal.signal(signal.SIGINT, lambda number, frame: noted.append(number))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)
    if noted:  # sent again, to whatever handles it now (Python's: KeyboardInterrupt here)
        signal.raise_signal(signal.SIGINT)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Kill and reap a pool's workers at once, dropping the work not started (Ctrl-C, a failure)."""
    # The pool's management thread may complain as its workers vanish: we are tearing it down on purpose.
    threading.excepthook = lambda args: None
    running = getattr(pool, "_processes", None) or {}  # the executor's worker processes, by pid
    for process in list(running.values()):
        process.kill()
    for process in list(running.values()):
        process.join(timeout=1)  # reap it: no process is left behind
    pool.shutdown(wait=False, cancel_futures=True)


def _leave_interrupts_to_parent() -> None:
    """Workers ignore Ctrl-C; the parent stops the pool (no traceback from every worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
