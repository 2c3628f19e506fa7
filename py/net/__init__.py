"""Play across devices with no server, the pure part: an invitation (a WebRTC offer) or its answer
as a short code (``invite``), and the versioned messages the data channel carries (``wire``).

Pure, like the rules: nothing here imports js, pyodide or pyscript, nor the rest of py/ (the page,
``ui/remote.py``, holds the connections and hands these modules text)."""
