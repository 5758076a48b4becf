"""FIDE's rating list, opened by the user: read in any form FIDE publishes, kept as a compact index.

FIDE publishes a new list on the first day of each month at https://ratings.fide.com/download_lists.phtml:
the combined list (standard, rapid and blitz; with and without the FOA column) and one list per
kind, each as fixed-width TXT or as XML, zipped. FIDE reserves its rights to the data, so a list
is never shipped with elo_core: the user opens the file they downloaded.

* :mod:`~elo_core.fidelist.forms`: the forms as data (columns, labels, titles, month tokens), and
  what a header or a file name says;
* :mod:`~elo_core.fidelist.unzip`: a zip read as its bytes arrive; :mod:`~elo_core.fidelist.txt`
  and :mod:`~elo_core.fidelist.xml`: the players of each form;
* :mod:`~elo_core.fidelist.reader`: :class:`~elo_core.fidelist.reader.ListReader`, fed the file's
  bytes a chunk at a time, every step bounded, progress after each;
* :mod:`~elo_core.fidelist.builder`: the players as read, then the index built in steps;
* :mod:`~elo_core.fidelist.index`: :class:`~elo_core.fidelist.index.FideList`, lookups by FIDE ID
  and name; :mod:`~elo_core.fidelist.store`: the index as bytes, to keep it across visits.

docs/fide-list.md is the reference for users.
"""
