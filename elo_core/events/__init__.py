"""Whole events: the event model (what a file holds), the file formats that build it
(:mod:`elo_core.events.formats`, which import the model only), and every player of an event rated."""
