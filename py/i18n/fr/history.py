"""Les mots des parties gardées : l’historique, les statistiques, les rediffusions et leurs liens."""
WORDS = {
    "history.full": "Le stockage est plein\u00a0: cette partie n’a pas pu être gardée dans votre historique.",
    "history.aside.one": "{n}\u00a0partie de votre historique n’a pas pu être lue\u202f; elle a été mise de côté.",
    "history.aside.other": "{n}\u00a0parties de votre historique n’ont pas pu être lues\u202f; elles ont été mises de côté.",
}
