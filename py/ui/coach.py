"""Learning to play, on the page: a hint on the player's turn, each game's guided first round, and
a review of the player's decisions after a match against computers. What to say comes from
coach/ (pure); the thinking is done by the hard computers' worker (py/think.py), or by the page
in slices when the worker is not up (hints) or is away (a review waits for it)."""
import json
import random

import js

import ai
from coach import lesson as lessons
from coach import review as weighing
from coach.reasons import why
from match import Match
from session import LocalSession, replay
from ui import overlay
from ui.actions import action
from ui.dom import find, later, morph, mount, realize, set_flag, soon
from ui.html import el
from ui.loop import SPEEDS, THINK_SLICE_MS, Loop

PREF = "lessons"  # per game: the move a lesson stopped at, "done" or "skipped"


def _playing(app) -> LocalSession | None:
    """The match going on at the table, held here, played by one person against computers (no
    replay, no lesson), or None."""
    loop = app.loop
    s = loop.session if loop is not None else None
    return s if isinstance(s, LocalSession) and s.coached() and not s.over else None


def _sliced(steps, done, alive) -> None:
    """Run a generator of ``ai.think``'s kind on the page in slices: ``done(move)`` at its end,
    unless ``alive()`` turned false meanwhile."""
    deadline = js.performance.now() + THINK_SLICE_MS
    for out in steps:
        if not alive():
            return
        if out is not None:
            done(out)
            return
        if js.performance.now() >= deadline:
            soon(lambda: _sliced(steps, done, alive))
            return


# --- hints -----------------------------------------------------------------------------------------
@action("hint")
def hint(app, node) -> None:
    """The hard level's move for the player on turn, lit on the table, and why in one line."""
    overlay.hide()
    s, loop = _playing(app), app.loop
    if s is None or loop is None or s.next().kind != "human":
        app.notify("coach.hint.none")
        return
    match, token, seat = s.match, loop.token, s.to_move
    assert seat is not None

    def shown(answer) -> None:
        if token != loop.token:
            return
        move, key, params = json.loads(str(answer))
        loop.light(move)
        app.say(app.t("coach.hint.said", why=loop.table.reason(key, params)))
        app.saves.hinted(match)

    def here() -> None:
        view, legal = match.view(seat), match.legal_moves()
        rng = random.Random(f"{match.seed}:hint:{len(match.moves)}")  # as coach.hint seeds it
        level = "hard" if "hard" in match.game.levels else match.game.levels[-1]
        steps = ai.think(match.game.id, level, view, legal, rng, match.state)
        _sliced(steps, lambda move: shown(json.dumps([move, *why(match.game.id, view, move)])),
                lambda: token == loop.token)

    app.say(app.t("coach.hint.thinking"))
    app.thinker.need()
    if not app.thinker.ask(match.dump(), match.game.id, "hard", shown, here, task="hint"):
        here()


# --- lessons -----------------------------------------------------------------------------------------
def offer(app, game_id: str, form) -> None:
    """The first time a game is opened, its new-game form offers the guided first round."""
    progress = app.prefs.get(PREF, {}).get(game_id) if isinstance(app.prefs.get(PREF), dict) else None
    if lessons.lesson_of(game_id) is None or progress in ("done", "skipped"):
        return
    t = app.t
    key = "coach.lesson.resume" if isinstance(progress, int) else "coach.lesson.start"
    banner = el("aside", "lesson-offer", None,
                el("p", "", t("coach.lesson.offer", game=app.game_name(game_id))),
                el("div", "buttons", None,
                   el("button", "btn primary", t(key), type="button", data_action="lesson", data_game=game_id),
                   el("button", "btn", t("coach.lesson.no"), type="button", data_action="lesson-skip",
                      data_game=game_id)))
    title = find(form, "h2")
    title.after(realize(banner))


def _progress(app, game_id: str, value) -> None:
    done = app.prefs.get(PREF) if isinstance(app.prefs.get(PREF), dict) else {}
    app.write_pref(PREF, {**done, game_id: value})


class Lesson:
    """A guided round's watch (a Loop's ``watch``): the computer's moves from the list at the
    table's pace, the learner's lit, each note shown where it matters; past the list, free play."""

    def __init__(self, app, game_id: str):
        found = lessons.lesson_of(game_id)
        assert found is not None
        self.app, self.game, (self.lesson, _) = app, game_id, found
        self.notes = dict(self.lesson.notes)
        self.session = lessons.session(self.lesson)
        self.finished: int | None = None  # the move number where the lesson was done

    def start(self) -> None:
        app = self.app
        app.leave_table()
        app.end_link()
        app.form = None
        stopped = app.prefs.get(PREF, {}).get(self.game) if isinstance(app.prefs.get(PREF), dict) else None
        s = self.session
        if isinstance(stopped, int):
            s.go_to(stopped)  # where the learner stopped: resumed
        app.loop = Loop(app, s, new=not s.ply, watch=self)
        app.loop.advance()

    def drawn(self, step) -> None:
        app, s, loop = self.app, self.session, self.app.loop
        if self.finished is None:
            if not s.scripted() or (step.kind in ("round_end", "over") and s.ply > max(self.notes)):
                self.finished = s.ply  # every moment met: the lesson is done (its result in sight)
                _progress(app, self.game, "done")
                self._note(f"coach.lesson.{self.game.replace('-', '_')}.done")
            else:
                _progress(app, self.game, s.ply)
        elif not any(s.match.game.to_move(state) == lessons.LEARNER for state in s.match.states[self.finished:-1]):
            self._note(f"coach.lesson.{self.game.replace('-', '_')}.done")  # until the learner plays on
        if step.kind == "replay":
            token, move = loop.token, s.replay_move()

            def play() -> None:
                if token == loop.token and move is not None:
                    loop.fly(move, lambda: (loop.enter(step.seat, move), loop.advance()))

            later(SPEEDS[app.speed()][0], play)
        elif step.kind == "human" and s.scripted():
            move = s.replay_move()
            assert move is not None
            loop.light(move)
            self._note(self.notes.get(s.ply, "coach.lesson.do"))

    def _note(self, key: str | None) -> None:
        """The coach's note in the table's status line, where a player looks for what to do (None:
        the table's own line)."""
        status = js.document.getElementById("status")
        if status is not None and key is not None:
            status.textContent = self.app.t(key)
            status.classList.add("coach")

    def menu_buttons(self) -> list:
        return [(self.app.t("coach.lesson.skip"), "lesson-skip", {"data-game": self.game})]

    def result_buttons(self) -> list:
        return [(self.app.t("btn.home"), "home")]


@action("lesson")
def start_lesson(app, node) -> None:
    overlay.hide()
    game = str(node.dataset.game) if node is not None and node.hasAttribute("data-game") else app.session.game.id
    Lesson(app, game).start()


@action("lesson-skip")
def skip_lesson(app, node) -> None:
    game = str(node.dataset.game)
    _progress(app, game, "skipped")
    if app.loop is not None:
        app.show_home()
    else:
        banner = find(app.screen, ".lesson-offer")
        if banner is not None:
            banner.remove()


# --- reviews ----------------------------------------------------------------------------------------
class Review:
    """The review of the match that just ended: each of the player's decisions scanned, the widest
    gaps confirmed, one request to the worker at a time and only while no match is being played
    (the next match's computers never wait behind it)."""

    def __init__(self, app, session: LocalSession):
        self.app = app
        self.match = Match.load(session.match.dump(), ai.think)
        self.seat = session.humans()[0]
        self.todo = weighing.decisions(self.match, self.seat, app.loop.table.auto_move if app.loop else None)
        self.scanned: list[weighing.Verdict] = []
        self.confirming: list[int] | None = None  # the suspects, once every decision is scanned
        self.found: list[weighing.Verdict] = []
        self.worst: list[weighing.Verdict] | None = None  # None until done
        self.asking = False

    @property
    def steps(self) -> int:
        return len(self.todo) + len(self.scanned) + (len(self.confirming or []) + len(self.found))

    def go(self) -> None:
        """The next step, when the worker is free and no match is being played."""
        app = self.app
        if self.asking or self.worst is not None or app.review is not self:
            return
        thinker = app.thinker
        thinker.need()
        if _playing(app) is not None or thinker.state in ("off", "waiting", "starting"):
            later(1000, self.go)  # a match is being played, or the worker is on its way
            return
        if self.todo:
            ply, stage = self.todo[0], "scan"
        elif self.confirming is None:
            self.confirming = weighing.suspects(self.scanned)
            self.go()
            return
        elif self.confirming:
            ply, stage = self.confirming[0], "confirm"
        else:
            self.worst = weighing.worst(self.found)
            self._said()
            return
        self.asking = True

        def answered(text) -> None:
            self.asking = False
            data = json.loads(str(text))
            verdict = None if data is None else weighing.Verdict(**data)
            if stage == "scan":
                self.todo.pop(0)
                if verdict is not None:
                    self.scanned.append(verdict)
            else:
                assert self.confirming is not None
                self.confirming.pop(0)
                if verdict is not None:
                    self.found.append(verdict)
            self._said()
            soon(self.go)

        def here() -> None:  # the worker failed: the page weighs it, one decision a task
            weigh = weighing.scan if stage == "scan" else weighing.confirm
            found = weigh(self.match, ply)
            answered(json.dumps(None if found is None else vars(found)))

        if not thinker.ask(self.match.dump(), self.match.game.id, "hard", answered, here, task=stage, ply=ply):
            here()

    def label(self) -> tuple[str, bool]:
        """What the result dialog's Review button says (how far the review is), and whether it
        opens anything yet."""
        t = self.app.t
        if self.worst is None:
            done = len(self.scanned) + len(self.found)
            return t("coach.review.working", n=done, total=max(self.steps, 1)), False
        if not self.worst:
            return t("coach.review.clean"), False
        return t("coach.review.ready", n=len(self.worst)), True

    def _said(self) -> None:
        button = find(js.document.getElementById("overlay"), '[data-action="review"]')
        if button is not None:
            text, ready = self.label()
            button.textContent = text
            button.setAttribute("aria-disabled", "false" if ready else "true")


def match_over(app, session) -> list:
    """A match just ended here: its review begins (against computers only); the result dialog's
    button for it."""
    if not isinstance(session, LocalSession) or not session.coached():
        return []
    review = app.review
    if review is None or review.match.dump() != session.match.dump():  # (not shown again)
        app.review = review = Review(app, session)
        soon(review.go)
    text, ready = review.label()
    return [(text, "review", {"aria-disabled": "false" if ready else "true"})]


class Reviewing:
    """The review shown: each costly decision on the table as it was, what was played, what the
    search prefers (lit) and by how much (a Loop's ``watch``)."""

    def __init__(self, app, review: Review):
        self.app, self.review, self.index = app, review, 0
        self.session = replay(review.match, here=review.match.humans())
        self.session.viewer = review.seat

    def show(self, index: int) -> None:
        worst = self.review.worst or []
        self.index = max(0, min(index, len(worst) - 1))
        verdict, s = worst[self.index], self.session
        s.go_to(verdict.ply)
        app = self.app
        if app.loop is None or app.loop.watch is not self:
            app.leave_table()
            app.loop = Loop(app, s, new=False, watch=self)
        app.loop.advance()

    def drawn(self, step) -> None:
        app, t = self.app, self.app.t
        worst = self.review.worst or []
        verdict, table = worst[self.index], app.loop.table
        game, state, seat = self.review.match.game, self.review.match.states[verdict.ply], verdict.seat
        before = game.view(state, seat)
        played = table.describe(before, verdict.played, game.view(game.play(state, verdict.played), seat),
                                app.seat_name(seat))
        # The player's cards as at their turn, for the better one to be lit (nothing picks them
        # up: no picker is mounted).
        table.render(table.view, active=True)
        app.loop.light(verdict.best)
        status = js.document.getElementById("status")
        if status is not None:  # what was played and what is better, where the prompt of a turn goes
            better = t("coach.review.better", why=table.reason(*why(game.id, before, verdict.best)))
            morph(status, el("p", "status coach", None, el("span", "", f"{played} "), el("span", "", better),
                             el("small", "figures", t("coach.review.verdict", gap=round(100 * verdict.gap),
                                                      noise=round(100 * verdict.noise), n=verdict.worlds)),
                             id="status", tabindex="-1"))
        bar = el("nav", "replay-bar review-bar", None,
                 el("p", "replay-count", t("coach.review.title", n=self.index + 1, total=len(worst)),
                    aria_live="polite"),
                 el("div", "buttons", None,
                    el("button", "btn small icon", None, el("span", "", "‹", aria_hidden="true"), type="button",
                       data_action="review-previous", aria_label=t("coach.review.previous"),
                       title=t("coach.review.previous"), disabled=self.index == 0),
                    el("button", "btn small icon", None, el("span", "", "›", aria_hidden="true"), type="button",
                       data_action="review-next", aria_label=t("coach.review.next"), title=t("coach.review.next"),
                       disabled=self.index >= len(worst) - 1)),
                 el("div", "buttons", None,
                    el("button", "btn small", t("btn.home"), type="button", data_action="home")),
                 aria_label=t("coach.review.controls"))
        screen = app.screen
        shown = find(screen, ":scope > .replay-bar")
        if shown is None:
            mount(screen, bar)
        else:
            morph(shown, bar)
        set_flag("state", "review")
        # On a phone the table and the bar are taller than the screen: the better move is brought
        # into sight above the bar (css: scroll-padding), but never the words out of it (in
        # landscape they sit over the hand: the card's top stays in sight then).
        lit = find(screen, ".own .hinted") or find(screen, ".hinted")  # the card, before where it goes
        if lit is not None:
            lit.focus(js.Object.fromEntries([["preventScroll", True]]))  # the keyboard's place too
            lit.scrollIntoView(js.Object.fromEntries([["block", "nearest"]]))
            words = js.document.getElementById("status")
            top = words.getBoundingClientRect().top if words is not None else 0
            if top < 0:
                js.window.scrollBy(0, top)

    def result_buttons(self) -> list:
        return [(self.app.t("btn.home"), "home")]


@action("review")
def open_review(app, node) -> None:
    review = getattr(app, "review", None)
    if review is None or not review.worst:
        return
    overlay.hide()
    Reviewing(app, review).show(0)


@action("review-next", "review-previous")
def move_review(app, node) -> None:
    watch = app.loop.watch if app.loop is not None else None
    if isinstance(watch, Reviewing):
        watch.show(watch.index + (1 if node.dataset.action == "review-next" else -1))
