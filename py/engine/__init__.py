"""Shared, pure pieces of every Tapis game: errors, options, seeded shuffles, the registry.

Nothing in this package (nor in games/ and ai/) may import js, pyodide or pyscript.
"""
