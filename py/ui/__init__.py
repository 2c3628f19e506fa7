"""The page: the only package that touches the DOM (modules that import js say so at the top).
url.py stays pure so it is tested in CPython."""
