"""What exists only for speed (internal: nothing here is public API).

The bounded tables of remembered results (``memo``), the fast copies of the
frozen values (``evolve``, ``frozen``) and the installed round services
(``services``), which the package's ``__init__`` imports.
"""
