"""Gordetako partiden hitzak: historia, estatistikak, errepikapenak eta haien estekak."""
WORDS = {
    "history.full": "Biltegia beteta dago: partida hau ezin izan da zure historian gorde.",
    "history.aside.one": "Zure historiako partida {n} ezin izan da irakurri; alde batera utzi da.",
    "history.aside.other": "Zure historiako {n} partida ezin izan dira irakurri; alde batera utzi dira.",
}
