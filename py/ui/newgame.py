"""The new-game screen, built from the game's declared options: nothing here knows a rule."""
from i18n import prefix
from match import NAME_MAX, REMOTE, seat_kinds
from ui.dom import clear, mount
from ui.html import el


class NewGameForm:
    def __init__(self, app, game, seed):
        self.app = app
        self.game = game
        self.seed = seed
        self.prefix = prefix(game.id)
        self.several = False  # "Play on several devices": seats may be on other devices

    def render(self, screen, defaults: dict):
        """Who plays first (how many, human or computer and its level), the rule variants folded
        under one line that says them, and Start in view at the foot of the screen."""
        t = self.app.t
        form = el("form", "newgame", None, data_game=self.game.id)
        form.appendChild(el("h2", "", t("newgame.title", game=self.app.game_name(self.game.id))))
        variants = []
        players = None
        for option in self.game.options:
            field = self._option(option, defaults.get(option.key, option.default))
            if option.key == "players":
                players = field
            else:
                variants.append(field)
        form.appendChild(el("fieldset", "players", None, el("legend", "", t("newgame.seats")), players,
                            el("ol", "seats", None, id="seats"),
                            el("p", "several", None, el("button", "btn", t("newgame.several"), type="button",
                                                        data_action="several"), id="several")))
        seed = el("input", "", None, id="seed", name="seed", value=self.seed or "", maxlength="40",
                  pattern=r"[A-Za-z0-9_\-]*", autocomplete="off")
        summary = el("summary", "", None, el("span", "rules-title", t("newgame.rules")),
                     el("span", "rules-line", "", id="rules-line"))
        # Open when a link brought a deal number, so that the player sees it.
        form.appendChild(el("details", "rules-options", None, summary, *variants,
                            el("label", "seed", t("newgame.seed"), seed), open=bool(self.seed)))
        form.appendChild(el("div", "buttons start-bar", None,
                            el("button", "btn", t("btn.back"), type="button", data_action="home"),
                            el("button", "btn primary", t("btn.start"), type="button", data_action="start")))
        mount(clear(screen), form)
        self.render_seats(screen)
        self.say_rules(screen)

    def _option(self, option, value):
        t = self.app.t
        label = t("newgame.count" if option.key == "players" else f"{self.prefix}.opt.{option.key}")
        if option.choices:
            field = el("select", "", None, name=option.key, data_option=option.key)
            for choice in option.choices:
                field.appendChild(el("option", "", t(f"{self.prefix}.opt.{option.key}.{choice}"),
                                     value=str(choice), selected=choice == value))
        else:
            field = el("input", "", None, type="number", name=option.key, data_option=option.key,
                       min=option.low, max=option.high, value=value, required=True)
        return el("label", "option count" if option.key == "players" else "option", label, field)

    def say_rules(self, screen):
        """The folded rule variants in one line: each one's name and what is chosen."""
        t = self.app.t
        parts = []
        for option in self.game.options:
            if option.key == "players":
                continue
            field = screen.querySelector(f'[data-option="{option.key}"]')
            shown = field.options.item(field.selectedIndex).text if option.choices else field.value
            parts.append(t("newgame.rule", option=t(f"{self.prefix}.opt.{option.key}"), value=shown))
        screen.querySelector("#rules-line").textContent = " · ".join(parts)

    def render_seats(self, screen, remote: int | None = None):
        """One row per seat for the chosen number of players, keeping what was typed (seat
        ``remote`` set to play on another device)."""
        t = self.app.t
        box = screen.querySelector("#seats")
        kept = [(row.querySelector("input").value, row.querySelector("select").value)
                for row in box.querySelectorAll("li")]
        clear(box)
        if self.several:  # the button has done its work: the seats say it now
            hint = screen.querySelector("#several")
            hint.textContent = t("newgame.several_hint")
        for i in range(self.players(screen)):
            name, kind = kept[i] if i < len(kept) else ("", "human" if i == 0 else "medium")
            kind = REMOTE if i == remote else kind
            kinds = el("select", "", None, name=f"kind{i}", aria_label=t("newgame.kind", n=i + 1))
            for k in seat_kinds(self.game) + ((REMOTE,) if self.several else ()):
                kinds.appendChild(el("option", "", t(f"seat.kind.{k}"), value=k, selected=k == kind))
            # An unnamed seat is "You" (the first, when alone), "Player n" or "Computer n".
            person = kind in ("human", REMOTE)
            unnamed = t("seat.you") if i == 0 else t("seat.default" if person else "seat.computer", n=i + 1)
            entry = el("input", "", None, name=f"name{i}", value=name, maxlength=NAME_MAX,
                       placeholder=unnamed, aria_label=t("newgame.name", n=i + 1), autocomplete="off")
            mount(box, el("li", "seat-row", None, entry, kinds))

    def players(self, screen) -> int:
        field = screen.querySelector('[data-option="players"]')
        return int(field.value)

    def collect(self, screen):
        """(options, seats, seed) as typed; options are checked by the game when it starts."""
        options = {}
        for option in self.game.options:
            raw = screen.querySelector(f'[data-option="{option.key}"]').value
            if option.choices:
                options[option.key] = next(c for c in option.choices if str(c) == raw)
            else:
                options[option.key] = int(raw) if raw.strip().lstrip("-").isdigit() else raw
        seats = []
        for row in screen.querySelectorAll(".seat-row"):
            kind = row.querySelector("select").value
            name = row.querySelector("input").value.strip()[:NAME_MAX]
            seats.append({"kind": kind, "name": name})
        seed = screen.querySelector("#seed").value.strip() or None
        return options, seats, seed
