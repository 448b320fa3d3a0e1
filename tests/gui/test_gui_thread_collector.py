"""Garbage cycles holding Qt objects are collected on the GUI thread only.

A collection started by a worker thread's allocation deleted a QObject there, and
`~QObject` then waited for the GIL while the GUI thread, holding it, waited for
Qt's lock: the window froze for ever (seen in the salient n-gram count).
"""

from __future__ import annotations

import gc
import threading

import pytest
from PySide6.QtCore import QCoreApplication, QObject, Qt
from pytestqt.qtbot import QtBot

from bleu_gui.app import GuiThreadCollector, set_process_policy


class _Cyclic(QObject):
    """A QObject that refers to itself: only the cyclic collector frees it."""

    def __init__(self) -> None:
        super().__init__()
        self.me = self


def test_automatic_collection_is_off_under_the_policy(qapp: QCoreApplication) -> None:
    set_process_policy(qapp)
    assert not gc.isenabled()
    assert len(qapp.findChildren(GuiThreadCollector)) == 1
    set_process_policy(qapp)  # twice: still one collector
    assert len(qapp.findChildren(GuiThreadCollector)) == 1


def test_a_cycle_dropped_by_a_worker_is_deleted_on_the_gui_thread(
    qtbot: QtBot, qapp: QCoreApplication
) -> None:
    set_process_policy(qapp)
    deleted_on: list[threading.Thread] = []
    made = threading.Event()
    kept: list[list[list[int]]] = []

    def work() -> None:
        cyclic = _Cyclic()
        cyclic.destroyed.connect(
            lambda: deleted_on.append(threading.current_thread()),
            type=Qt.ConnectionType.DirectConnection,
        )
        del cyclic
        # Far more new containers than generation 0's threshold: with automatic
        # collection on, one of these allocations would collect the cycle here.
        # They stay alive (freed, they would lower the count again), so that a
        # collection is due when the GUI thread's timer looks.
        kept.append([[i] for i in range(10 * gc.get_threshold()[0])])
        made.set()

    worker = threading.Thread(target=work)
    worker.start()
    worker.join()
    assert made.is_set()
    assert deleted_on == []  # not collected on the worker thread
    qtbot.waitUntil(lambda: bool(deleted_on))  # the collector's timer did it
    assert deleted_on == [threading.main_thread()]
    kept.clear()


def test_collect_due_follows_the_thresholds(qapp: QCoreApplication) -> None:
    set_process_policy(qapp)
    gc.collect()
    assert GuiThreadCollector.collect_due() == -1  # nothing new yet
    junk = [[i] for i in range(2 * gc.get_threshold()[0])]
    assert GuiThreadCollector.collect_due() >= 0
    del junk


def test_the_oldest_generation_waits_for_a_quarter_more_long_lived_objects(
    qapp: QCoreApplication,
) -> None:
    """CPython's rule: a full collection only once the survivors that reached the
    oldest generation since the last one are a quarter of what it then kept.

    Collected by its thresholds alone, a heap of millions of objects (ten systems
    of 100,000 segments) was walked whole every ~85,000 surviving allocations: 11
    collections of generation 0 make one of generation 1, 11 of those one of
    generation 2. Counted here in collections, not time.
    """
    set_process_policy(qapp)
    batch = gc.get_threshold()[0] + 1
    kept: list[list[int]] = [[i] for i in range(600_000)]  # a large old heap

    def fill() -> int:
        kept.extend([i] for i in range(batch))  # survivors: they stay
        return GuiThreadCollector.collect_due()

    for _ in range(100_000):  # a full collection takes the heap's measure
        if fill() == 2:
            break
    else:
        raise AssertionError("no full collection while the heap grew")
    old = len(gc.get_objects(generation=2))
    quarter = old // 4
    # The thresholds alone would collect generation 2 every 121 batches.
    window = int(0.9 * quarter) // batch
    assert window > 2 * 121
    generations = [fill() for _ in range(window)]
    assert 2 not in generations
    assert 1 in generations
    generations = [fill() for _ in range(int(0.3 * quarter) // batch + 121)]
    assert 2 in generations  # due once a quarter more has reached it
    kept.clear()


def test_young_collections_never_list_the_young_objects(
    qapp: QCoreApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Listing a million objects a worker thread made between two checks cost
    the GUI thread more than collecting them (50 ms): generations 0 and 1 are
    counted, not listed; only a full collection (rare) takes the heap's measure."""
    set_process_policy(qapp)
    listed: list[int | None] = []
    real = gc.get_objects

    def get_objects(generation: int | None = None) -> list[object]:
        listed.append(generation)
        return real(generation)

    monkeypatch.setattr(gc, "get_objects", get_objects)
    batch = gc.get_threshold()[0] + 1
    kept: list[list[int]] = []
    seen: set[int] = set()
    for _ in range(10 * (gc.get_threshold()[1] + 1)):
        kept.extend([i] for i in range(batch))
        seen.add(GuiThreadCollector.collect_due())
    assert {0, 1} <= seen
    assert [generation for generation in listed if generation != 2] == []
    kept.clear()


def test_checks_come_sooner_while_many_objects_are_made(
    qapp: QCoreApplication,
) -> None:
    """A collection walks every object made since the last one: while worker
    threads make objects fast, the GUI thread checks every 10 ms, not 100, so that
    each collection (a pause of the GUI thread) walks a tenth as many."""
    owner = QObject()
    collector = GuiThreadCollector(owner, interval_ms=100)
    gc.collect()
    assert collector.interval_ms == 100
    made = [[i] for i in range(50_000)]
    collector._on_timeout()
    assert collector.interval_ms == 10
    made.clear()
    gc.collect()
    collector._on_timeout()  # quiet again
    assert collector.interval_ms == 100
    owner.deleteLater()
