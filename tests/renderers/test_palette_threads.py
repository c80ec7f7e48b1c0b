"""A palette learnt for a kind of picture is shared by the render threads from its first use.

Pillow hands an image's new palette to its core at the image's first load, without a lock; two
threads mapping onto a fresh palette at once could both hand it over, one freeing the palette
(and its colour cache) the other was already mapping with, without the GIL: a segfault, or stray
pixels. The script below makes that first use race: fresh palettes, two threads mapping onto
each at once, the interpreter switching threads as often as it can. It runs in a child process,
so a crash fails this test rather than ending the run."""

from __future__ import annotations

import subprocess
import sys
import textwrap

RACE = textwrap.dedent(
    """
    import sys, threading
    from PIL import Image
    from renderers.draw import felt, on_palette, palette_of

    sys.setswitchinterval(1e-6)
    sample = felt(96, 64).convert("RGB")
    picture = felt(320, 240)
    truth = on_palette(picture, palette_of("race.truth", lambda: sample)).tobytes()
    wrong = 0
    for trial in range(TRIALS):
        ref = palette_of(f"race.{trial}", lambda: sample)  # learnt now, used first below
        out = [b"", b""]
        start = threading.Barrier(2)

        def work(i):
            start.wait()
            out[i] = on_palette(picture, ref).tobytes()

        threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        wrong += sum(o != truth for o in out)
    print(wrong)
    """
)


def test_two_threads_first_mapping_onto_a_new_palette_at_once_agree_and_survive():
    run = subprocess.run(
        [sys.executable, "-c", RACE.replace("TRIALS", "400")], capture_output=True, text=True, timeout=300
    )
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])
    assert run.stdout.strip() == "0", run.stdout
