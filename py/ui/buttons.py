"""The page's own buttons and its tables' (``data-action``, ui/actions.py): home, a new game, its
form's Start, Continue, the dialogs' answers, a move carried by a button, a result seen, the
device passed on, Undo."""
from match import REMOTE
from session import LocalSession
from ui import modules, overlay, url
from ui.actions import action


@action("home")
def go_home(app, node):
    overlay.hide()
    app.say("")
    app.show_home()


@action("new")
def new_game(app, node):
    game_id = node.dataset.game
    app.say("" if modules.ready(game_id) else app.t("loading.game", game=app.game_name(game_id)))
    modules.load([game_id], lambda: app.show_new_game(game_id), lambda _error: app.notify("notice.offline_game"))


@action("continue")
def resume(app, node):
    saved = app.saves.saved.get(str(node.dataset.game))
    if saved is not None:
        app.open_table(LocalSession(saved))


@action("start")
def start_match(app, node):
    options, seats, seed = app.form.collect(app.screen)
    kinds = [seat["kind"] for seat in seats]
    if REMOTE in kinds and "human" not in kinds:
        app.notify("remote.need_here")  # the host's device shows the table: one player here
        return
    if seed is not None and not url.SEED_RE.fullmatch(seed):
        app.notify("notice.bad_seed")
        return
    app.begin(app.form.game.id, options, seed, seats)


@action("replace-save")
def replace_save(app, node):
    overlay.hide()
    app.begin(*app.pending, confirmed=True)


@action("close")
def close(app, node):
    overlay.hide()


@action("fold")
def fold(app, node):
    overlay.fold()


@action("unfold")
def unfold(app, node):
    overlay.unfold()


@action("move")
def move(app, node):
    """A button that carries one of the game's moves (draw, turn a card, a column answer)."""
    reason = app.play_human(node.dataset.move)
    if reason is not None:
        app.say(reason)


@action("round-seen")
def round_seen(app, node):
    app.session.acknowledge_round()
    overlay.hide()
    app.loop.advance()


@action("gate")
def gate(app, node):
    session = app.session
    session.show_to(session.to_move)
    overlay.hide()
    app.loop.advance()


@action("undo")
def undo(app, node):
    if app.loop is not None:
        app.loop.undo()
