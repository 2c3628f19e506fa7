"""The page: the only package that touches the DOM (modules that import js say so at the top).
url.py and session.py stay pure so they are tested in CPython."""
