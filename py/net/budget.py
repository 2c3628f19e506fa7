"""How much of a device's bad messages the host's page says: a few a second one by one, the rest
counted and said in one line at the end of their second. A device that floods its channel with
malformed messages (thousands a second) costs the page a line a second, not a warning and a
notice each; an honest device sends a move or two a second and never comes near."""
from dataclasses import dataclass

WINDOW_MS = 1000.0


@dataclass
class Budget:
    per_window: int = 3  # bad messages said one by one in a window
    start: float = -WINDOW_MS
    said: int = 0
    unsaid: int = 0  # counted, not said yet

    def spend(self, now: float, count: int = 1) -> bool:
        """``count`` bad messages at ``now`` (ms): whether to say them now. When not, they are
        counted; the first time in a window, the caller says the count at ``window_end``."""
        if now - self.start >= WINDOW_MS:
            self.start, self.said = now, 0
        if self.said >= self.per_window:
            self.unsaid += count
            return False
        self.said += 1
        return True

    def window_end(self, now: float) -> float:
        """Milliseconds from ``now`` to the end of the window."""
        return max(0.0, self.start + WINDOW_MS - now)

    def take_unsaid(self) -> int:
        unsaid, self.unsaid = self.unsaid, 0
        return unsaid
