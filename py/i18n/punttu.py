"""Punttu's words: name, options and illegal-move reasons."""

EN = {
    "punttu.name": "Punttu",
    "punttu.tagline": "A Basque trick game with the Spanish deck: take the points, remember the cards.",
    # options
    "punttu.opt.players": "Players",
    **{f"punttu.opt.players.{n}": f"{n}" for n in range(2, 7)},
    "punttu.opt.match": "Match",
    "punttu.opt.match.one_deal": "one deal",
    "punttu.opt.match.to_points": "first to N points",
    "punttu.opt.target": "Points to reach (N)",
    "punttu.opt.memory_aid": "Memory aid (cards played, running points)",
    "punttu.opt.memory_aid.False": "off",
    "punttu.opt.memory_aid.True": "on",
    "punttu.opt.dealer": "First dealer",
    "punttu.opt.dealer.random": "Random",
    **{f"punttu.opt.dealer.{seat}": f"Player {seat + 1}" for seat in range(6)},
    # illegal moves
    "punttu.err.bad_move": "“{move}” is not a Punttu move.",
    "punttu.err.over": "The game is over.",
    "punttu.err.not_in_hand": "You do not hold that card ({card}).",
}

FR = {
    "punttu.name": "Punttu",
    "punttu.tagline": "Un jeu de plis basque au jeu espagnol : ramassez les points, retenez les cartes.",
    "punttu.opt.players": "Joueurs",
    **{f"punttu.opt.players.{n}": f"{n}" for n in range(2, 7)},
    "punttu.opt.match": "Partie",
    "punttu.opt.match.one_deal": "une donne",
    "punttu.opt.match.to_points": "premier à N points",
    "punttu.opt.target": "Points à atteindre (N)",
    "punttu.opt.memory_aid": "Aide-mémoire (cartes jouées, points en cours)",
    "punttu.opt.memory_aid.False": "non",
    "punttu.opt.memory_aid.True": "oui",
    "punttu.opt.dealer": "Premier donneur",
    "punttu.opt.dealer.random": "Au hasard",
    **{f"punttu.opt.dealer.{seat}": f"Joueur {seat + 1}" for seat in range(6)},
    "punttu.err.bad_move": "« {move} » n’est pas un coup de Punttu.",
    "punttu.err.over": "La partie est finie.",
    "punttu.err.not_in_hand": "Vous n’avez pas cette carte ({card}).",
}
