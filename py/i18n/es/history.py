"""Las palabras de las partidas guardadas: el historial, las estadísticas, las repeticiones y sus enlaces."""
WORDS = {
    "history.full": "El almacenamiento está lleno: esta partida no se ha podido guardar en tu historial.",
    "history.aside.one": "No se ha podido leer {n} partida de tu historial; se ha apartado.",
    "history.aside.other": "No se han podido leer {n} partidas de tu historial; se han apartado.",
}
