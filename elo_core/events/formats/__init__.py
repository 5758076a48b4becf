"""Event file formats: text in, :mod:`elo_core.events.model` values out; readers never raise on a
file's content and know nothing of rating."""
