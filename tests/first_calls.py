"""Every public entry point, called once with each kind of input it accepts.

``tests/test_first_calls.py`` makes every call in a fresh process over the JIT cache that the
wheel's build step compiled, and fails if a kernel is called with argument types it does not
declare or if any kernel compiles: the proof that the cache is complete.
``benchmarks/test_bench_startup.py`` times each first call as a whole process. A call is Python
source (run with ``pokerkeys as pk`` and ``numpy as np`` imported) or a command line (the
arguments of ``pokerkeys``), run in a folder holding the files ``write_inputs`` writes.
"""
from __future__ import annotations

import os
from pathlib import Path

DTYPES = ["uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64"]

PYTHON: dict[str, str] = {
    # evaluation
    "evaluate 5": "pk.evaluate('As Ks Qs Js Ts')",
    "evaluate 6": "pk.evaluate('As Ks Qs Js Ts 2c')",
    "evaluate 7": "pk.evaluate([51, 47, 43, 39, 35, 0, 1])",
    "describe": "pk.describe('7c 7d 2h 2s Kd 9c 3h'); pk.describe(1600)",
    "best_five": "pk.best_five('7c 7d 2h 2s Kd 9c 3h')",
    "category": "pk.category(np.array([1, 7462], dtype=np.int64))",
    **{f"evaluate_batch {n} {dtype}":
       f"pk.evaluate_batch(np.random.default_rng(1).permuted(np.tile(np.arange(52), (1000, 1)),"
       f" axis=1)[:, :{n}].astype(np.{dtype}))"
       for n in (5, 6, 7) for dtype in DTYPES},
    "evaluate_batch fortran": "pk.evaluate_batch(np.asfortranarray("
                              "np.arange(70, dtype=np.uint8).reshape(10, 7) % 52))",
    "evaluate_batch strided": "pk.evaluate_batch(np.arange(104, dtype=np.uint8)"
                              ".reshape(2, 52)[:, ::8] % 52)",
    "evaluate_batch list": "pk.evaluate_batch([[51, 47, 43, 39, 35, 0, 1]])",
    "evaluate_batch read-only": "a = np.arange(70, dtype=np.uint8).reshape(10, 7) % 52;"
                                " a.setflags(write=False); pk.evaluate_batch(a)",
    "evaluate_batch memory-mapped": "np.save('batch.npy', np.arange(70, dtype=np.uint8)"
                                    ".reshape(10, 7) % 52);"
                                    " pk.evaluate_batch(np.load('batch.npy', mmap_mode='r'))",
    "evaluate_batch invalid zero": "pk.evaluate_batch(np.full((3, 7), 60, np.uint8),"
                                   " invalid='zero')",
    "evaluate_batch threads": "pk.evaluate_batch(np.zeros((0, 7), np.uint8), threads=1)",
    "evaluate_batch out": "pk.evaluate_batch(np.arange(70, dtype=np.uint8).reshape(10, 7) % 52,"
                          " out=np.empty(10, np.uint16))",
    "evaluate one hand, each input": "pk.evaluate((51, 47, 43, 39, 35, 0, 1));"
                                     " pk.evaluate('AsKsQsJsTs2c2d');"
                                     " pk.evaluate(np.array([51, 47, 43, 39, 35, 0, 1]))",
    "showdown_ranks": "from pokerkeys.core.evaluate import showdown_ranks;"
                      " showdown_ranks(['As Ks', 'Qd Qc'], board='Ah 7c 2d 9s 4h')",
    **{f"evaluate_omaha_batch {h} {dtype}":
       f"d = np.random.default_rng(1).permuted(np.tile(np.arange(52), (1000, 1)), axis=1);"
       f" pk.evaluate_omaha_batch(d[:, :{h}].astype(np.{dtype}), d[:, {h}:{h} + 5])"
       for h in (4, 5, 6) for dtype in ("uint8", "int64")},
    "evaluate_omaha_batch strings": "pk.evaluate_omaha_batch(['AsKsQdJd', '7c7d2h2s9c'][:1],"
                                    " 'Ts9s2s8h3c', threads=1)",
    "evaluate_omaha_batch shared out": "pk.evaluate_omaha_batch(np.array([[51, 50, 49, 48]]),"
                                       " np.array([0, 4, 8, 12, 16]),"
                                       " out=np.empty(1, np.uint16), invalid='zero')",
    # short deck
    "evaluate shortdeck": "pk.evaluate('As Ks Qs Js Ts 9s', game='shortdeck');"
                          " pk.evaluate('Ah 6c 7d 8s 9h', game='shortdeck',"
                          " rules='straight-beats-trips')",
    **{f"evaluate_batch shortdeck {n}":
       f"pk.evaluate_batch(np.random.default_rng(1).permuted(np.tile(np.arange(16, 52),"
       f" (1000, 1)), axis=1)[:, :{n}].astype(np.uint8), game='shortdeck')" for n in (5, 6, 7)},
    "evaluate_batch shortdeck int64 rules": "pk.evaluate_batch(np.arange(16, 51).reshape(5, 7),"
                                            " game='shortdeck', rules='straight-beats-trips',"
                                            " invalid='zero')",
    "describe shortdeck": "pk.describe('Ah 6c 7d 8s 9h', game='shortdeck');"
                          " pk.describe(877, game='shortdeck'); pk.category(877, game='shortdeck')",
    "best_five shortdeck": "pk.best_five('9c 9d 9h 6s 7c 8d Ah', game='shortdeck')",
    "best_hand shortdeck": "pk.best_hand('9c 9d 9h 6s 7c 8d Ah Kc', game='shortdeck')",
    "holdem_hand shortdeck": "pk.holdem_hand('Ah 9h', '8h 7c 6d Kd Qs', game='shortdeck')",
    "winners shortdeck": "pk.winners(['Ah 9h', 'Kc Ks'], board='8h 7c 6d Kd Qs',"
                         " game='shortdeck', rules='straight-beats-trips')",
    "category_counts shortdeck": "pk.stats.category_counts(5, game='shortdeck');"
                                 " pk.stats.category_counts(7, game='shortdeck')",
    "stats shortdeck": "pk.stats.game_stats('shortdeck5');"
                       " pk.stats.game_stats('shortdeck', rules='straight-beats-trips')",
    "equity shortdeck preflop": "pk.equity(['AhKh', '7c6c'], game='shortdeck')",
    "equity shortdeck flop ranges": "pk.equity(['AhKh', 'QQ+,AJs+', 'random'], board='Th9c6h',"
                                    " dead='8s', game='shortdeck', rules='straight-beats-trips')",
    "equity shortdeck top percent": "pk.equity(['AhKh', '15%'], game='shortdeck');"
                                    " pk.Range('15%', game='shortdeck',"
                                    " rules='straight-beats-trips')",
    "equity shortdeck mc 2": "pk.equity(['AhKh', 'random'], game='shortdeck', trials=100_000,"
                             " seed=1)",
    "equity shortdeck mc 3": "pk.equity(['AhKh', 'random', 'random'], game='shortdeck',"
                             " trials=100_000, seed=1)",
    "equity shortdeck mc ranges": "pk.equity(['AhKh', 'QQ+'], game='shortdeck', trials=100_000,"
                                  " seed=1)",
    # equity, Hold'em
    "equity preflop": "pk.equity(['AhKh', 'QsQd'])",
    "equity three-way": "pk.equity(['AhKh', 'QsQd', 'JcTc'])",
    "equity board dead": "pk.equity(['AhKh', 'QsQd', 'JcTc'], board='2c7d9h', dead='5s')",
    "equity turn": "pk.equity(['AhKh', 'QsQd'], board='2c7d9h4s')",
    "equity river": "pk.equity(['AhKh', 'QsQd'], board='2c7d9h4s5s')",
    "equity partial": "pk.equity(['Ah??', '??'])",
    "equity random 2": "pk.equity(['AhKh', 'random'], seed=1)",
    "equity random 5": "pk.equity(['AhKh'] + ['random'] * 5, seed=1, trials=100_000)",
    "equity ranges": "pk.equity(['QQ+', 'TT+'])",
    "equity ranges board": "pk.equity(['QQ+,AKs', 'JJ-88,AQs+'], board='2c7d9h')",
    "equity ranges mc": "pk.equity(['QQ+,AKs', 'JJ-88,AQs+'], trials=100_000, seed=1)",
    "equity range random": "pk.equity(['22+', 'random'], trials=100_000, seed=1)",
    "equity weights": "pk.equity(['AA:0.5,KK', 'QQ'])",
    "equity hand range 3": "pk.equity(['AhKh', 'QQ+', 'random'], trials=100_000, seed=1)",
    "equity stderr": "pk.equity(['AhKh', 'random', 'random'], target_stderr=0.002, seed=1)",
    "equity time": "pk.equity(['AhKh', 'random', 'random'], time_limit=0.05, seed=1)",
    "equity exact mc": "pk.equity(['AhKh', 'QsQd'], exact=False, trials=10_000, seed=1)",
    "equity ten": "pk.equity(['AhKh', 'QsQd', 'JcTc', '9s9h', '8d8c', '7s6s', '5h4h',"
                  " '3c3d', '2s2h', 'AcKd'])",
    "equity per combo shortdeck": "pk.equity(['AhKh', 'QQ+'], board='Qh7h6c', game='shortdeck',"
                                  " per_combo=True); pk.equity(['AhKh', 'QQ'], game='shortdeck',"
                                  " per_combo=True, exact=True)",
    "equity per combo shortdeck mc": "pk.equity(['AhKh', 'QQ+'], game='shortdeck', per_combo=True,"
                                     " trials=100_000, seed=1)",
    "equity per combo": "pk.equity(['AhKh', 'QQ+'], board='2c7d9h', per_combo=True)",
    "equity per combo mc": "pk.equity(['AhKh', 'QQ+,AKs'], per_combo=True, trials=100_000,"
                           " seed=1)",
    # Omaha
    **{f"equity omaha{n}": f"pk.equity(['AsKsQdJd{extra}', '7h8h9cTc{extra2}'],"
                           f" board='2c3d4h', game='omaha')"
       for n, extra, extra2 in [(4, "", ""), (5, "2s", "3s"), (6, "2s5h", "3s5c")]},
    "equity omaha preflop": "pk.equity(['AsKsQdJd', '7h8h9cTc'], game='omaha', trials=100_000,"
                            " seed=1)",
    "omaha_equity random": "pk.omaha_equity(['AsKsQdJd', 'random'], trials=100_000, seed=1)",
    "omaha_equity ranges exact": "pk.omaha_equity(['AsKsQdJd', 'AA:$ds, KK:$ds'],"
                                 " board='Ts9s2d')",
    "omaha_equity ranges mc": "pk.omaha_equity(['AA:$ds', '15%', 'random'], trials=100_000,"
                              " seed=1)",
    "omaha_equity per combo": "pk.omaha_equity(['AsKsQdJd', 'AhAd**'], board='Ts9s2d',"
                              " per_combo=True); pk.omaha_equity(['AsKsQdJd', 'AA:$ds'],"
                              " per_combo=1, trials=100_000, seed=1)",
    "omaha_equity omaha5 ranges": "pk.omaha_equity(['AA', 'KK'], hole_cards=5, trials=100_000,"
                                  " seed=1)",
    "equity omaha range": "pk.equity(['AsKsQdJd', 'AA:$ds'], board='Ts9s2d', game='omaha')",
    "Range omaha": "len(pk.Range('AA:$ds, JT98-7654', game='omaha'))",
    "range_hits omaha": "pk.range_hits('JT98, AA:$ds', 'Qh9h2c', game='omaha');"
                        " pk.omaha_range_hits('AA', 'Qh9h2c3d')",
    # Omaha hi/lo
    "omaha_hilo_equity flop": "pk.omaha_hilo_equity(['As2dKhKc', 'QsQdJhTc'], board='3c4d9h')",
    "omaha_hilo_equity random": "pk.omaha_hilo_equity(['As2dKhKc', 'random'], trials=100_000,"
                                " seed=1)",
    "omaha_hilo_equity ranges": "pk.omaha_hilo_equity(['As2dKhKc', 'AA:$ds'], board='3c4d9h');"
                                " pk.omaha_hilo_equity(['As2dKhKc', 'AA:$ds'], trials=100_000,"
                                " seed=1)",
    "omaha_hilo_equity omaha5-8": "pk.omaha_hilo_equity(['As2dKhKcQd', 'random'],"
                                  " game='omaha5-8', trials=100_000, seed=1)",
    "omaha_low": "pk.omaha_low('As2dKhKc', '3c4d9h5s8d')",
    # analysis
    "range": "len(pk.Range('QQ+,AKs')); pk.Range('22+').combos",
    "flops shortdeck": "pk.flops(['AhKh', 'QsQd'], game='shortdeck');"
                       " pk.flops(['AA', 'KK', 'QQ'], game='shortdeck',"
                       " rules='straight-beats-trips')",
    "flops 2": "pk.flops(['AA', 'KK'])",
    "flops 3": "pk.flops(['AA', 'KK', 'QQ'])",
    "flops 4": "pk.flops(['AhAd', 'KK', 'QQ', 'JJ'])",
    "flops 5": "pk.flops(['AhAd', 'KhKd', 'QhQd', 'JhJd', 'ThTd'])",
    "flops 6": "pk.flops(['AhAd', 'KhKd', 'QhQd', 'JhJd', 'ThTd', '9h9d'])",
    "flops omaha": "pk.flops(['AsKsQdJd', 'AAKK:$ds'], game='omaha');"
                   " pk.flops(['AsKsQdJdTc', 'AhAcKhKc9d', '7c8c9hTd6h'], game='omaha5');"
                   " pk.flop_distribution(['AsKsQdJdTc9c', 'AhAcKhKc9d8d'], game='omaha6')",
    "range_hits shortdeck": "pk.range_hits('TT+,AJs', '9h8h7c', game='shortdeck');"
                            " pk.range_hits('random', '9h8h7cTs', game='shortdeck',"
                            " rules='straight-beats-trips')",
    "range_hits flop": "pk.range_hits('QQ+,AKs', 'Kh9h4s')",
    "range_hits turn": "pk.range_hits('22+,A2s+', 'Kh9h4s2c')",
    "range_hits river": "pk.range_hits('22+', 'Kh9h4s2cJd')",
    "runouts flop": "pk.runouts(['AhKh', '20%'], 'Jh9h2c')",
    "runouts turn 3": "pk.runouts(['AhKh', 'QQ+', 'JTs'], 'Jh9h2c4s', dead='2s')",
    "equity_distribution": "pk.equity_distribution(['AhKh', 'QQ+,AK'], 'Jh9h2c', player=1)",
    "flop_distribution": "pk.flop_distribution(['QQ', 'AKs'])",
    "equity_by_class": "pk.equity_by_class(['QQ+,AK', 'JJ-99,AQs'], 'Jh9h2c')",
    "what_wins": "pk.what_wins(['AA', 'KK'])",
    "what_wins made sample": "pk.what_wins(['QQ+,AKs', 'JJ-88,AQs+'], by='made', exact=False,"
                             " samples=2000, seed=1)",
    "runouts omaha": "pk.runouts(['AsKsQdJd', 'AA:$ds'], 'Ts9s2d', game='omaha');"
                     " pk.runouts(['AsKsQdJd9c', 'KhKc8h8c7d', 'QhQc6d5d4d'], 'Ts9s2d7h',"
                     " game='omaha5')",
    "runouts omaha sampled": "pk.runouts(['AsKsQdJd', 'random', 'random'], 'Ts9s2d7h',"
                             " game='omaha', samples=3200, seed=1)",
    "equity_distribution omaha": "pk.equity_distribution(['AsKsQdJd', 'AA:$ds'], 'Ts9s2d',"
                                 " player=1, game='omaha')",
    "equity_by_class omaha": "pk.equity_by_class(['AsKsQdJd', 'AA:$ds, JT98'], 'Ts9s2d',"
                             " player=1, game='omaha')",
    "what_wins omaha": "pk.what_wins(['AsKsQdJd', 'AhAcKhKc'], 'Ts9s2d', game='omaha');"
                       " pk.what_wins(['AsKsQdJd', 'AA:$ds'], game='omaha', exact=False,"
                       " samples=1000, seed=1)",
    # preflop
    "preflop tables": "pk.preflop.equity_vs_opponents(3); pk.preflop.heads_up_equity('AKs', 'QQ')",
    "preflop distribution": "pk.preflop.rank_distribution('A5s')",
    "preflop distribution shortdeck": "pk.preflop.shortdeck.rank_distribution('AKs',"
                                      " rules='straight-beats-trips')",
    "preflop matrix small": "pk.preflop.heads_up_matrix(max_boards=1)",
    "preflop shortdeck": "pk.preflop.shortdeck.heads_up_equity('AKs', 'QQ');"
                         " pk.preflop.shortdeck.equity_vs_opponents(3);"
                         " pk.preflop.shortdeck.compute_heads_up_counts('straight-beats-trips')",
    "preflop shortdeck vs random": "pk.preflop.shortdeck.exact_equity_vs_random();"
                                   " pk.preflop.shortdeck.class_order_vs_random();"
                                   " pk.preflop.shortdeck.equity_vs_opponents(2,"
                                   " without_ties=True)",
    "preflop shortdeck boards": "pk.preflop.shortdeck.canonical_boards();"
                                " pk.preflop.shortdeck.average_rank_distribution()",
    "preflop shortdeck tie share": "pk.preflop.shortdeck.compute_equity_vs_opponents([1, 3],"
                                   " ['AA'], target_stderr=0.01, quantity='tie_share')",
    "preflop shortdeck matchups": "pk.preflop.shortdeck.count_matchups();"
                                  " pk.preflop.shortdeck.canonical_matchup('AhKh', 'QsQd');"
                                  " from pokerkeys.preflop.breakdown import suit_breakdown;"
                                  " suit_breakdown('AKs', 'QQ', game='shortdeck',"
                                  " rules='straight-beats-trips')",
    # classic games
    "best_hand": "pk.best_hand('As Ks Qs Js Ts 9s 8s')",
    "holdem_hand": "pk.holdem_hand('AsKs', 'Qs Js Ts 2c 3d')",
    "omaha_hand": "pk.omaha_hand('Ad Kd Qd 5d', 'Jd Td Tc 5c 5h')",
    "three_d_hand": "pk.three_d_hand('As Ks', ['Qs Js Ts 2c 3d', '4d 5d 6d 7d 8d',"
                    " '9h 9c 2h 3h 4h'])",
    "wild_hand": "pk.wild_hand('TD TC 5H 5C 7C ?R ?B')",
    "best_discard": "pk.best_discard('2d 3d 4d Kc As')",
    "best_discard exact": "pk.best_discard('2d 3d 4d Kc As', max_discards=2, method='exact')",
    "deal": "pk.deal(1, 2, 2, 5)",
    "winners": "pk.winners(['AhKh', 'QsQd'], board='2c7d9h4s5s')",
    "showdown": "pk.showdown('Joe, 3H, 4H, 5H, 6H, 8H\\nBob, 3C, 3S, 3D, 6C, 6D\\n')",
    **{f"stats {game}": f"pk.stats.game_stats('{game}', seed=1)"
       for game in ["deal", "draw", "joker", "texas", "omaha", "omaha5", "omaha6", "threed"]},
    "stats simulated": "pk.stats.game_stats('draw', exact=False, trials=10_000, seed=1)",
    "stats category_counts": "pk.stats.category_counts(5); pk.stats.category_counts(7)",
    "stats rank_histogram": "pk.stats.rank_histogram(7)",
    "stats distinct_ranks": "pk.stats.distinct_ranks(7)",
    "stats what_comes_first": "pk.stats.what_comes_first(trials=1000, seed=1)",
    "preflop vs random exact": "pk.preflop.exact_equity_vs_random()",
    "preflop vs opponents": "pk.preflop.compute_equity_vs_opponents([1, 3], ['AA', '72o'],"
                            " target_stderr=0.01, exact_heads_up=False)",
    "preflop vs opponents exact": "pk.preflop.compute_equity_vs_opponents([1], ['AA'])",
    "io evaluate_file": "from pokerkeys.io import evaluate_file;"
                        " evaluate_file('hands.csv', 'out.csv')",
    "dask evaluate_array": "import dask.array as da;"
                           " from pokerkeys.io.distributed import evaluate_array;"
                           " evaluate_array(da.from_array(np.tile(np.array([51, 47, 43, 39, 35,"
                           " 0, 1], np.uint8), (10, 1)), chunks=(5, 7))).compute()",
    "dask equity": "from pokerkeys.io.distributed import equity as dask_equity;"
                   " dask_equity(['AhKh', 'QQ+'], trials=100_000, seed=1, tasks=2)",
}

CLI: dict[str, list[str]] = {
    "equity": ["equity", "AhKh", "QsQd"],
    "equity board dead": ["equity", "AhKh", "QsQd", "JcTc", "--board", "2c7d9h", "--dead", "5s"],
    "equity ranges": ["equity", "QQ+,AKs", "JJ-88,AQs+"],
    "equity ranges trials": ["equity", "QQ+,AKs", "JJ-88,AQs+", "--trials", "1000000",
                             "--seed", "1", "--threads", "2"],
    "equity random random": ["equity", "AhKh", "random", "random", "--stderr", "0.002",
                             "--json"],
    "equity time": ["equity", "AhKh", "random", "--time", "0.1"],
    "equity partial": ["equity", "Ah??", "??"],
    "equity omaha": ["equity", "AsKsQdJd", "7h8h9cTc", "--game", "omaha"],
    "equity omaha8": ["equity", "As2dKhKc", "7h8h9cTc", "--game", "omaha8", "-b", "3c4d9h"],
    "equity combos": ["equity", "AhKh", "QQ+", "-b", "2c7d9h", "--combos"],
    "eval": ["eval", "As Ks Qs Js Ts", "7c 7d 2h 2s Kd 9c 3h"],
    "eval shortdeck": ["eval", "--game", "shortdeck", "--rules", "straight-beats-trips",
                       "Ah 6c 7d 8s 9h", "9c 9d 9h Ts Jc Qd Kh"],
    "equity shortdeck": ["equity", "AhKh", "QQ+", "--game", "shortdeck", "--rules",
                         "straight-beats-trips"],
    "info": ["info"],
    "bench": ["bench", "--hands", "100000", "--repeats", "1"],
    "eval-file csv": ["eval-file", "hands.csv", "-o", "ranked.parquet", "--describe"],
    "eval-file npy": ["eval-file", "hands.npy", "-o", "ranked.npy"],
    "eval-file uci": ["eval-file", "hands.uci", "-o", "ranked.csv", "--format", "uci"],
    "winners": ["winners", "showdown.txt"],
    "best shortdeck": ["best", "Ah 9h", "8h 7c 6d Kd Qs", "--game", "shortdeck", "--rules",
                       "straight-beats-trips"],
    "winners shortdeck": ["winners", "showdown_shortdeck.txt", "--game", "shortdeck", "--json"],
    "preflop equity shortdeck": ["preflop", "equity", "--game", "shortdeck", "-n", "2"],
    "best omaha": ["best", "Ad Kd Qd 5d", "Jd Td Tc 5c 5h", "--game", "omaha"],
    "best threed": ["best", "As Ks", "Qs Js Ts 2c 3d 4d 5d 6d 7d 8d 9h 9c 2h 3h 4h",
                    "--game", "threed"],
    "best jokers": ["best", "TD TC 5H 5C 7C ?R ?B"],
    "draw": ["draw", "2d 3d 4d Kc As"],
    "first": ["first", "--seed", "1"],
    "stats": ["stats", "--seed", "1"],
    "stats simulate": ["stats", "--simulate", "--trials", "10000", "--seed", "1"],
    "hits": ["hits", "QQ+,AKs", "Kh9h4s"],
    "hits omaha": ["hits", "JT98", "Qh9h2c", "--game", "omaha"],
    "hits shortdeck": ["hits", "TT+,AJs", "9h8h7c", "--game", "shortdeck"],
    "equity omaha ranges": ["equity", "AsKsQdJd", "AA:$ds", "--board", "Ts9s2d", "--game",
                            "omaha", "--combos"],
    "equity omaha5 ranges": ["equity", "AA", "KK", "--game", "omaha5", "--trials", "10000",
                             "--seed", "1"],
    "flops 2": ["flops", "AA", "KK"],
    "flops 3": ["flops", "AA", "KK", "QQ"],
    "flops shortdeck": ["flops", "AA", "KK", "--game", "shortdeck"],
    "flops omaha": ["flops", "AsKsQdJd", "AhAcKhKc", "--game", "omaha"],
    "flops 6": ["flops", "AhAd", "KhKd", "QhQd", "JhJd", "ThTd", "9h9d"],
    "runouts": ["runouts", "AhKh", "QQ", "-b", "Jh9h2c", "--json", "--grid"],
    "distribution": ["distribution", "AhKh", "QQ+,AK", "-b", "Jh9h2c", "--player", "2"],
    "classes": ["classes", "QQ+,AK", "JJ-99,AQs", "-b", "Jh9h2c"],
    "what-wins": ["what-wins", "AA", "KK", "--by", "made"],
    "runouts omaha": ["runouts", "AsKsQdJd", "AhAcKhKc", "-b", "Ts9s2d", "--game", "omaha"],
    "preflop equity": ["preflop", "equity", "AKs", "72o"],
    "preflop distribution": ["preflop", "distribution", "A5s", "--json"],
    "preflop distribution shortdeck": ["preflop", "distribution", "AKs", "--game", "shortdeck"],
    "preflop matrix": ["preflop", "matrix"],
    "preflop matrix out": ["preflop", "matrix", "--out", "hu.npy"],
    "preflop matchups": ["preflop", "matchups", "AKo", "QQ"],
    "preflop matchups shortdeck": ["preflop", "matchups", "AKo", "QQ", "--game", "shortdeck"],
}

# Calls that need an optional extra: the module it installs. Left out (and listed as skipped)
# where it is not installed; their kernels are the same as other calls'.
NEEDS = {"python: io evaluate_file": "pyarrow", "pokerkeys eval-file csv": "pyarrow",
         "pokerkeys eval-file uci": "pyarrow", "python: dask evaluate_array": "dask",
         "python: dask equity": "dask"}


def write_inputs(folder: str | os.PathLike[str]) -> None:
    """The files the command lines read."""
    import numpy as np
    folder = Path(folder)
    (folder / "showdown.txt").write_text("Joe, 3H, 4H, 5H, 6H, 8H\nBob, 3C, 3S, 3D, 6C, 6D\n")
    (folder / "showdown_shortdeck.txt").write_text("Al, Ah 9h 8h 7c 6d\nBo, Kc Ks Kd Qs Jh\n")
    (folder / "hands.csv").write_text("hand\nAs Ks Qs Js Ts 2c 3d\n7c 7d 2h 2s Kd 9c 3h\n")
    (folder / "hands.uci").write_text("1,10,1,11,1,13,1,12,1,1,9\n2,2,3,2,4,5,1,9,2,13,1\n")
    np.save(folder / "hands.npy", np.array([[51, 47, 43, 39, 35, 0, 1]], dtype=np.uint8))


def run_all(folder: str | os.PathLike[str]) -> dict[str, list[str]]:
    """Make every call here, in ``folder``, output discarded. Returns the kernel calls whose
    argument types the kernel does not declare (``undeclared``), the kernels compiled
    (``compiled``: none, over a complete cache), the calls that failed (``failed``) and those
    left out for want of an optional extra (``skipped``)."""
    import contextlib
    import importlib.util
    import io

    import numpy as np
    from numba.core import dispatcher, event

    import pokerkeys as pk
    from pokerkeys import _jit
    from pokerkeys.cli.main import main

    report: dict[str, list[str]] = {"undeclared": [], "compiled": [], "failed": [],
                                    "skipped": []}
    current = [""]
    entry = dispatcher.Dispatcher._compile_for_args

    def checked_entry(self, *args, **kws):  # a call from Python with types not seen yet
        name = _jit.kernel_name(self)
        if self.py_func.__module__.startswith("pokerkeys._kernels."):
            types = tuple(self.typeof_pyval(a) for a in args)
            if types not in _jit._SIGNATURES.get(name, ()):
                report["undeclared"].append(f"{current[0]}: {name}{types}")
        return entry(self, *args, **kws)

    class Compiles(event.Listener):
        depth = 0

        def on_start(self, ev):
            if Compiles.depth == 0:
                kernel = ev.data["dispatcher"]
                report["compiled"].append(f"{current[0]}: {_jit.kernel_name(kernel)}"
                                          f"{ev.data['args']}")
            Compiles.depth += 1

        def on_end(self, ev):
            Compiles.depth -= 1

    dispatcher.Dispatcher._compile_for_args = checked_entry
    event.register("numba:compile", Compiles())
    _jit.warm_up_mode = "off"  # kernels run where they are called
    os.chdir(folder)
    write_inputs(".")
    calls = [(f"python: {name}", source) for name, source in PYTHON.items()]
    calls += [(f"pokerkeys {name}", argv) for name, argv in CLI.items()]
    for name, call in calls:
        current[0] = name
        if name in NEEDS and importlib.util.find_spec(NEEDS[name]) is None:
            report["skipped"].append(f"{name}: needs {NEEDS[name]}")
            continue
        out, err = io.StringIO(), io.StringIO()
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                if isinstance(call, str):
                    exec(call, {"pk": pk, "np": np})
                    status = 0
                else:
                    status = main(list(call))
        except BaseException as exc:  # reported, not raised: the others still run
            report["failed"].append(f"{name}: {type(exc).__name__}: {exc}")
        else:
            if status != 0:
                report["failed"].append(f"{name}: exit status {status}: {err.getvalue()}")
    return report


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run_all(sys.argv[1])))
