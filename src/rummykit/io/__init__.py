"""The JSON documents: reading and writing states, views, records and
positions, and their JSON Schemas (``schemas``)."""
