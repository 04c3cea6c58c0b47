"""A variant: its TOML file read and checked into a frozen ``Variant`` (``model``)."""
