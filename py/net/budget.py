"""How much of a device's bad messages the host's page says: a few a second one by one, the rest
counted and said in one line with the next. A device that floods its channel with malformed
messages (thousands a second) costs the page a line a second, not a warning and a notice each;
an honest device sends a move or two a second and never comes near."""
from dataclasses import dataclass

WINDOW_MS = 1000.0


@dataclass
class Budget:
    per_window: int = 3  # bad messages said one by one in a window
    start: float = -WINDOW_MS
    said: int = 0
    unsaid: int = 0  # counted since the last one said

    def spend(self, now: float) -> int | None:
        """A bad message at ``now`` (ms): None if it is only to be counted, else how many were
        counted without a word since the last one said (to say with this one)."""
        if now - self.start >= WINDOW_MS:
            self.start, self.said = now, 0
        if self.said >= self.per_window:
            self.unsaid += 1
            return None
        self.said += 1
        unsaid, self.unsaid = self.unsaid, 0
        return unsaid
