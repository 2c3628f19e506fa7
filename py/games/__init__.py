"""One package per game: its rules, and nothing about the screen."""
