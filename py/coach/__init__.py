"""Learning to play and getting better (pure): a guided first round of each game, a hint on the
player's turn, and a review of the player's decisions after a match, each from the hard level's
own guide and search (ai.hard, ai.search)."""
