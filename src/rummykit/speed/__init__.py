"""What exists only for speed (internal: nothing here is public API).

The bounded tables of remembered results (``memo``) and the fast copies of
the frozen values (``evolve``, ``frozen``).
"""
