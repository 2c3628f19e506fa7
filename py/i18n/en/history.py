"""Words of every match remembered: the history, the statistics, replays and their links."""
WORDS = {
    "history.full": "The storage is full: this match could not be kept in your history.",
    "history.aside.one": "{n} record of your history could not be read; it was kept aside.",
    "history.aside.other": "{n} records of your history could not be read; they were kept aside.",
}
