"""The evaluator core: cards (``cards``), the verified tables (``tables``), evaluation
(``evaluate``), the 169 starting-hand classes and 1,326 combos (``classes``), the best-hand type
(``best``), counts over every hand (``counts``), random hands and seeds (``sampling``), suit
symmetry (``symmetry``) and the throughput benchmark (``bench``)."""
