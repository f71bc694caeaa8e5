"""The evaluator core, below everything else in pokerkeys: cards, tables and evaluation.

The names live in the submodules (the most used are also on the package top, ``pk.evaluate``
and friends):

- ``cards``: parsing and formatting cards (``parse_cards``, ``format_cards``);
- ``evaluate``: ranks of hands and what they mean (``evaluate``, ``evaluate_batch``,
  ``category``, ``describe``, ``best_five``, ``HandCategory``);
- ``omaha_batch``: Omaha high ranks of arrays of hands (``evaluate_omaha_batch``);
- ``tables``: the generated tables, loaded and verified once (``TableError``);
- ``shortdeck``: short deck (six-plus hold'em): its deck, rule orders and 1..1404 rank scale;
- ``best``: the best-hand result type shared by the games (``BestHand``);
- ``classes``: the 169 starting-hand classes and the 1,326 two-card combos;
- ``counts``: rank histograms and category counts over every 5- or 7-card hand;
- ``sampling``: seeds per chunk of work, weighted draws, random hands;
- ``symmetry``: suit permutations and board completions up to them;
- ``bench``: the throughput benchmark against peer libraries (``pokerkeys bench``);
- ``types``: the type aliases of the public API's signatures.

Examples
--------
>>> from pokerkeys.core.evaluate import evaluate
>>> evaluate("As Ks Qs Js Ts")
7462
"""

__all__: list[str] = []  # the package holds submodules only
