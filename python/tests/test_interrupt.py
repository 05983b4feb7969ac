"""Long calls run without the GIL and stop at Ctrl-C (SIGINT) with
KeyboardInterrupt, leaving the interpreter usable."""
import os
import signal
import threading
import time

import pytest

import hkz


@pytest.mark.skipif(threading.current_thread() is not threading.main_thread(),
                    reason="signals reach the main thread only")
def test_ctrl_c_stops_zeros():
    counter = [0]
    started = threading.Event()
    stop = threading.Event()

    def count():
        while not stop.is_set():
            counter[0] += 1

    def interrupt():
        # SIGINT once the zeros are being certified: 10^5 of them are left
        started.wait(60)
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=count, daemon=True).start()
    threading.Thread(target=interrupt, daemon=True).start()
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        hkz.zeros.cw(n=200000, t="0.00001", digits=15,
                     progress=lambda done, total: started.set())
    stop.set()
    assert started.is_set()
    # the GIL was free: the counting thread ran during the C call
    assert counter[0] > 1000
    assert hkz.zeros.cw(n=10, t="0.05").complete
