"""A phone's CPU in the benches: the page's CPU slowed through the dev protocol, the slow-down
measured, and the page's main-thread tasks from a Chrome trace; used by bench/first_visit.py and
bench/page_ai.py.

    factors = calibrate(context, url, 4)         # {"main": 4.2, "worker": 1.0}
    tracing = Tracing(cdp); ...; tasks = tracing.stop(page)

Chromium 156 applies Emulation.setCPUThrottlingRate to a page's main thread, to its dedicated
workers less or not at all, and refuses it on a worker's own target ("only supported for
pages"); compiling the wasm, on the renderer's pool threads, is not slowed either. ``calibrate``
times a fixed loop on the main thread and in a dedicated worker, with and without the rate.

A task is DevTools' "RunTask" (category disabled-by-default-devtools.timeline): one turn of the
renderer's main thread's event loop, microtask checkpoint included. Pyodide's start runs as a
chain of promise continuations, so a whole start can be one microtask checkpoint after a
short task: the Long Tasks API and the trace's toplevel "ThreadControllerImpl::RunTask" miss it
(seen here: an 8 s start reported as tasks under 100 ms). The trace is returned as a stream once
it ends (not sent as events while the page runs, which would have the bench's own thread
compete with the throttled server's). Times are converted to the page's clock (ms since its
navigation) through a mark the page sets when the trace ends.
"""
import json

# A fixed amount of work, timed on the main thread and in a worker: the throttle each one gets.
LOOP = "let x = 0; for (let i = 0; i < 2e8; i++) x += i % 7;"
CALIBRATE = """async (loop) => {
    const time = new Function(`const t0 = performance.now(); ${loop} return performance.now() - t0;`);
    const src = `onmessage = () => postMessage((${time})());`;
    const worker = new Worker(URL.createObjectURL(new Blob([src], { type: "text/javascript" })));
    const inWorker = () => new Promise((ok) => { worker.onmessage = (e) => ok(e.data); worker.postMessage(0); });
    await inWorker();  // compiled, warm
    const result = { main: Math.min(time(), time()), worker: Math.min(await inWorker(), await inWorker()) };
    worker.terminate();
    return result;
}"""
CATEGORIES = "disabled-by-default-devtools.timeline,blink.user_timing"
TASK = "RunTask"
SYNC = "tapis.bench.sync"



def calibrate(context, url: str, rate: float) -> dict:
    """How many times slower the loop runs at ``rate`` on the main thread and in a worker, in a
    page of the context at ``url`` (any page of the site's origin)."""
    page = context.new_page()
    page.goto(url)
    cdp = context.new_cdp_session(page)
    plain = page.evaluate(CALIBRATE, LOOP)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
    slowed = page.evaluate(CALIBRATE, LOOP)
    page.close()
    return {where: slowed[where] / plain[where] for where in plain}


class Tracing:
    def __init__(self, cdp):
        self.cdp = cdp
        self.done = []
        cdp.on("Tracing.tracingComplete", lambda event: self.done.append(event))
        cdp.send("Tracing.start", {"categories": CATEGORIES, "transferMode": "ReturnAsStream"})

    def stop(self, page, path=None) -> list:
        """[(start, duration)] in ms of the page's clock, of every task of its main thread until
        now; the raw trace is written to ``path`` if given (open it in DevTools' Performance
        panel)."""
        page.evaluate(f"performance.mark('{SYNC}')")
        self.cdp.send("Tracing.end")
        while not self.done:
            page.wait_for_timeout(50)
        handle, chunks = self.done[0]["stream"], []
        while True:
            read = self.cdp.send("IO.read", {"handle": handle, "size": 1 << 22})
            chunks.append(read["data"])
            if read.get("eof"):
                break
        self.cdp.send("IO.close", {"handle": handle})
        text = "".join(chunks)
        if path is not None:
            path.write_text(text)
        events = json.loads(text)
        return main_thread(events["traceEvents"] if isinstance(events, dict) else events)


def main_thread(events: list) -> list:
    """The tasks of the renderer main thread that set the sync mark, in the page's clock (the
    mark's event holds both clocks)."""
    mark = next(e for e in events if e.get("name") == SYNC)
    thread = (mark["pid"], mark["tid"])
    offset = mark["ts"] / 1000 - mark["args"]["data"]["startTime"]
    return sorted((e["ts"] / 1000 - offset, e["dur"] / 1000) for e in events
                  if (e.get("pid"), e.get("tid")) == thread and e.get("name") == TASK
                  and e.get("ph") == "X")


def blocking(tasks: list, start: float, end: float) -> dict:
    """Of the tasks that begin in [start, end] (ms): the longest, how many last over 50 ms (a
    page that feels stuck), and the time they block beyond 50 ms each (Lighthouse's total
    blocking time, on these tasks as they ran)."""
    inside = [d for t, d in tasks if start <= t <= end]
    return {"longest": max(inside, default=0.0), "long": sum(d > 50 for d in inside),
            "blocked": sum(max(0.0, d - 50) for d in inside)}
