"""Neuf vies' words: name, options and illegal-move reasons."""

EN = {
    "neuf_vies.name": "Neuf vies",
    "neuf_vies.tagline": "Pairs that add up to nine, columns that multiply, and cats that attack.",
    # options
    "neuf_vies.opt.players": "Players",
    **{f"neuf_vies.opt.players.{n}": f"{n} players" for n in range(2, 7)},
    "neuf_vies.opt.first_player": "First player",
    **{f"neuf_vies.opt.first_player.{n}": f"seat {n + 1}" for n in range(6)},
    "neuf_vies.opt.first_player.random": "drawn at random",
    # illegal moves
    "neuf_vies.err.bad_move": "“{move}” is not a Neuf vies move.",
    "neuf_vies.err.over": "The game is over.",
    "neuf_vies.err.no_seat": "There is no seat {seat} in this game.",
    "neuf_vies.err.not_in_hand": "That card is not in your hand.",
    "neuf_vies.err.must_place": "Place a card (or discard one if none can be placed).",
    "neuf_vies.err.must_answer": "Counter the attack or let it through.",
    "neuf_vies.err.must_renew": "Attack again with an identical card, or stop.",
    "neuf_vies.err.must_put": "First put the cards you won into one of your columns.",
    "neuf_vies.err.can_place": "You may discard only when no card of your hand can be placed.",
    "neuf_vies.err.joker": "A joker is never placed: it only counters an attack.",
    "neuf_vies.err.empty_slot": "Only a warrior starts a column, in an empty slot of your own.",
    "neuf_vies.err.on_spirit": "A warrior never goes on a spirit.",
    "neuf_vies.err.other_backs": "A warrior goes on 9×2 cards only in your own columns.",
    "neuf_vies.err.other_colour": "A warrior goes only on a warrior of its own colour.",
    "neuf_vies.err.twin_full":
        "That column already holds three 9×2 cards: a twin pair would make a fourth.",
    "neuf_vies.err.no_room": "You have no room for the twin pair you would win.",
    "neuf_vies.err.spirit_own":
        "A spirit goes on another player's column, or on a spirit on top of one of yours.",
    "neuf_vies.err.spirit_on_spirit": "A spirit cannot attack a column topped by a spirit.",
    "neuf_vies.err.spirit_full": "A spirit cannot attack a column of four cards.",
    "neuf_vies.err.counter_card": "Counter with a card identical to the attacking card, or a joker.",
    "neuf_vies.err.renew_card": "Attack again only with a card identical to the first one.",
    "neuf_vies.err.no_place": "The cards you won do not fit in column {col}.",
}

FR = {
    "neuf_vies.name": "Neuf vies",
    "neuf_vies.tagline":
        "Des paires qui font neuf, des colonnes qui multiplient, et des chats qui attaquent.",
    "neuf_vies.opt.players": "Joueurs",
    **{f"neuf_vies.opt.players.{n}": f"{n} joueurs" for n in range(2, 7)},
    "neuf_vies.opt.first_player": "Premier joueur",
    **{f"neuf_vies.opt.first_player.{n}": f"place {n + 1}" for n in range(6)},
    "neuf_vies.opt.first_player.random": "tiré au sort",
    "neuf_vies.err.bad_move": "« {move} » n’est pas un coup de Neuf vies.",
    "neuf_vies.err.over": "La partie est finie.",
    "neuf_vies.err.no_seat": "Il n’y a pas de place {seat} dans cette partie.",
    "neuf_vies.err.not_in_hand": "Cette carte n’est pas dans votre main.",
    "neuf_vies.err.must_place": "Posez une carte (ou défaussez-en une si aucune ne peut être posée).",
    "neuf_vies.err.must_answer": "Contrez l’attaque ou laissez-la passer.",
    "neuf_vies.err.must_renew": "Attaquez de nouveau avec une carte identique, ou arrêtez.",
    "neuf_vies.err.must_put": "Placez d’abord les cartes gagnées dans une de vos colonnes.",
    "neuf_vies.err.can_place":
        "On ne peut défausser que si aucune carte de la main ne peut être posée.",
    "neuf_vies.err.joker": "Un joker ne se pose jamais : il sert seulement à contrer une attaque.",
    "neuf_vies.err.empty_slot":
        "Seul un guerrier commence une colonne, sur un emplacement vide de votre jeu.",
    "neuf_vies.err.on_spirit": "Un guerrier ne se pose jamais sur un esprit.",
    "neuf_vies.err.other_backs": "Un guerrier ne se pose sur des cartes 9×2 que dans vos colonnes.",
    "neuf_vies.err.other_colour": "Un guerrier ne se pose que sur un guerrier de sa couleur.",
    "neuf_vies.err.twin_full":
        "Cette colonne a déjà trois cartes 9×2 : une paire identique en ferait une quatrième.",
    "neuf_vies.err.no_room": "Vous n’avez pas de place pour la paire identique que vous gagneriez.",
    "neuf_vies.err.spirit_own":
        "Un esprit se pose sur la colonne d’un autre joueur, ou sur un esprit en haut d’une des vôtres.",
    "neuf_vies.err.spirit_on_spirit": "Un esprit ne peut pas attaquer une colonne coiffée d’un esprit.",
    "neuf_vies.err.spirit_full": "Un esprit ne peut pas attaquer une colonne de quatre cartes.",
    "neuf_vies.err.counter_card":
        "Contrez avec une carte identique à la carte d’attaque, ou un joker.",
    "neuf_vies.err.renew_card": "On ne peut réattaquer qu’avec une carte identique à la première.",
    "neuf_vies.err.no_place": "Les cartes gagnées ne vont pas dans la colonne {col}.",
}
