// anchors.cpp: the C++ side of benchmarks/cpp/compare.py, which times OMPEval (zekyll/OMPEval)
// and SKPokerEval (kennethshackleton/SKPokerEval) interleaved with pokerkeys on the same hands.
// compare.py builds it against the user's own checkouts of both libraries (their code is never
// copied into this project):
//   g++ -O3 -march=native -pthread -std=c++20 -I$OMPEVAL -I$SKPOKEREVAL/src anchors.cpp \
//       $OMPEVAL/omp/*.o -o anchors
//
// Protocol: one command per line on stdin, one JSON object per line on stdout.
//   gen N SEED PATH             N random 7-card hands (distinct cards), ids 4*rank+suit (rank 0 = deuce),
//                               kept in memory and written to PATH as raw uint8 (N*7 bytes)
//   batch VARIANT T REPS        VARIANT: omp_cards | omp_hand | sk ; T threads; REPS timed calls
//                               (after one untimed warm-up call); each call ranks every hand into
//                               a uint16 output array
//   enum VARIANT T REPS         VARIANT: omp | sk_incr | sk_api ; all 133,784,560 7-card hands by nested
//                               loops, rank histogram per thread, merged at the end
//   exact T REPS R1|R2|...      OMPEval EquityCalculator, full enumeration, fresh calculator per call
//   mc T REPS SECONDS R1|R2|... OMPEval EquityCalculator Monte Carlo for a fixed time; reports trials/s
//   quit
#include "omp/HandEvaluator.h"
#include "omp/EquityCalculator.h"
#include "omp/CardRange.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>
// SKPokerEval last: its headers define plain macros (ACE, SPADE, ...).
#include "SevenEval.h"

using Clock = std::chrono::steady_clock;

static double seconds_since(Clock::time_point t0) {
    return std::chrono::duration<double>(Clock::now() - t0).count();
}

static omp::HandEvaluator OMP_EVAL;

// ---------------------------------------------------------------------------------------------
// random hands
static std::vector<uint8_t> g_hands;      // canonical ids (= OMPEval card index)
static std::vector<uint8_t> g_hands_sk;   // SKPokerEval card index: 4 * (12 - rank) + suit
static std::vector<omp::Hand> g_hands_omp;  // precomputed omp::Hand objects
static std::vector<uint16_t> g_out;
static size_t g_n = 0;

static uint64_t splitmix64(uint64_t& s) {
    uint64_t z = (s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static void gen(size_t n, uint64_t seed, const std::string& path) {
    g_n = n;
    g_hands.resize(n * 7);
    g_hands_sk.resize(n * 7);
    g_out.assign(n, 0);
    uint64_t s = seed;
    for (size_t i = 0; i < n; ++i) {
        uint64_t used = 0;
        for (int j = 0; j < 7; ++j) {
            unsigned c;
            do {
                c = (unsigned)(((splitmix64(s) >> 32) * 52) >> 32);  // unbiased enough: 2^-32
            } while (used >> c & 1);
            used |= 1ull << c;
            g_hands[i * 7 + j] = (uint8_t)c;
            g_hands_sk[i * 7 + j] = (uint8_t)(4 * (12 - (c >> 2)) + (c & 3));
        }
    }
    g_hands_omp.clear();
    FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(g_hands.data(), 1, g_hands.size(), f) != g_hands.size()) {
        std::printf("{\"error\": \"cannot write %s\"}\n", path.c_str());
        if (f) std::fclose(f);
        return;
    }
    std::fclose(f);
    std::printf("{\"n\": %zu}\n", n);
}

static void build_omp_hands() {
    if (g_hands_omp.size() == g_n) return;
    g_hands_omp.resize(g_n);
    for (size_t i = 0; i < g_n; ++i) {
        const uint8_t* c = &g_hands[i * 7];
        omp::Hand h = omp::Hand::empty();
        for (int j = 0; j < 7; ++j) h += omp::Hand((unsigned)c[j]);
        g_hands_omp[i] = h;
    }
}

static void batch_range(const std::string& variant, size_t b, size_t e) {
    uint16_t* out = g_out.data();
    if (variant == "omp_cards") {
        const uint8_t* hs = g_hands.data();
        for (size_t i = b; i < e; ++i) {
            const uint8_t* c = hs + 7 * i;
            omp::Hand h = omp::Hand::empty();
            h += omp::Hand((unsigned)c[0]);
            h += omp::Hand((unsigned)c[1]);
            h += omp::Hand((unsigned)c[2]);
            h += omp::Hand((unsigned)c[3]);
            h += omp::Hand((unsigned)c[4]);
            h += omp::Hand((unsigned)c[5]);
            h += omp::Hand((unsigned)c[6]);
            out[i] = OMP_EVAL.evaluate(h);
        }
    } else if (variant == "omp_hand") {
        const omp::Hand* hs = g_hands_omp.data();
        for (size_t i = b; i < e; ++i) out[i] = OMP_EVAL.evaluate(hs[i]);
    } else {  // sk
        const uint8_t* hs = g_hands_sk.data();
        for (size_t i = b; i < e; ++i) {
            const uint8_t* c = hs + 7 * i;
            out[i] = SevenEval::GetRank(c[0], c[1], c[2], c[3], c[4], c[5], c[6]);
        }
    }
}

static double batch_once(const std::string& variant, unsigned threads) {
    auto t0 = Clock::now();
    if (threads <= 1) {
        batch_range(variant, 0, g_n);
    } else {
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < threads; ++t) {
            size_t b = g_n * t / threads, e = g_n * (t + 1) / threads;
            ts.emplace_back([&variant, b, e] { batch_range(variant, b, e); });
        }
        for (auto& t : ts) t.join();
    }
    return seconds_since(t0);
}

// Category (1 high card .. 9 straight flush) of an SK rank 1..7462.
static int sk_category(unsigned r) {
    static const unsigned lo[10] = {0, 1, 1278, 4138, 4996, 5854, 5864, 7141, 7297, 7453};
    int c = 0;
    for (int k = 1; k <= 9; ++k)
        if (r >= lo[k]) c = k;
    return c;
}

static void print_times(const std::vector<double>& ts) {
    std::printf("[");
    for (size_t i = 0; i < ts.size(); ++i) std::printf("%s%.9f", i ? ", " : "", ts[i]);
    std::printf("]");
}

static void batch(const std::string& variant, unsigned threads, int reps) {
    if (variant != "omp_cards" && variant != "omp_hand" && variant != "sk") {
        std::printf("{\"error\": \"unknown batch variant %s\"}\n", variant.c_str());
        return;
    }
    if (variant == "omp_hand") build_omp_hands();
    batch_once(variant, threads);  // warm-up
    std::vector<double> ts;
    for (int r = 0; r < reps; ++r) ts.push_back(batch_once(variant, threads));
    uint64_t cats[10] = {};
    for (size_t i = 0; i < g_n; ++i)
        cats[variant == "sk" ? sk_category(g_out[i]) : (g_out[i] >> 12)]++;
    std::printf("{\"times\": ");
    print_times(ts);
    std::printf(", \"categories\": [");
    for (int k = 1; k <= 9; ++k) std::printf("%s%llu", k > 1 ? ", " : "", (unsigned long long)cats[k]);
    std::printf("]}\n");
}

// ---------------------------------------------------------------------------------------------
// enumeration of all 7-card hands
struct Pair { unsigned a, b; uint64_t work; };

static std::vector<Pair> make_pairs() {
    std::vector<Pair> ps;
    for (unsigned a = 0; a < 52; ++a)
        for (unsigned b = a + 1; b <= 46; ++b) {
            uint64_t n = 51 - b, w = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) / 120;  // C(51-b, 5)
            ps.push_back({a, b, w});
        }
    std::stable_sort(ps.begin(), ps.end(), [](const Pair& x, const Pair& y) { return x.work > y.work; });
    return ps;
}

static const std::vector<Pair> PAIRS = make_pairs();

static void enum_omp_pair(unsigned c1, unsigned c2, uint32_t* hist) {
    const omp::Hand h2 = omp::Hand::empty() + omp::Hand(c1) + omp::Hand(c2);
    for (unsigned c3 = c2 + 1; c3 < 52; ++c3) {
        const omp::Hand h3 = h2 + omp::Hand(c3);
        for (unsigned c4 = c3 + 1; c4 < 52; ++c4) {
            const omp::Hand h4 = h3 + omp::Hand(c4);
            for (unsigned c5 = c4 + 1; c5 < 52; ++c5) {
                const omp::Hand h5 = h4 + omp::Hand(c5);
                for (unsigned c6 = c5 + 1; c6 < 52; ++c6) {
                    const omp::Hand h6 = h5 + omp::Hand(c6);
                    for (unsigned c7 = c6 + 1; c7 < 52; ++c7)
                        ++hist[OMP_EVAL.evaluate(h6 + omp::Hand(c7))];
                }
            }
        }
    }
}

// SKPokerEval's GetRank with the key summed card by card down the loops (same tables, same steps).
static inline uint16_t sk_rank_from_key(uint32_t key, unsigned c1, unsigned c2, unsigned c3, unsigned c4,
                                        unsigned c5, unsigned c6, unsigned c7) {
    auto const suit = flush_check[key >> FLUSH_BIT_SHIFT];
    if (NOT_A_SUIT != suit) [[unlikely]] {
        auto const& s = suit_kronecker[suit];
        return flush_ranks[s[c1] | s[c2] | s[c3] | s[c4] | s[c5] | s[c6] | s[c7]];
    }
    auto const hash = FACE_BIT_MASK & static_cast<uint32_t>(6019237u * static_cast<uint64_t>(key) + 3215237u);
    return rank_hash[offsets[hash >> RANK_OFFSET_SHIFT] + (hash & RANK_HASH_MOD)];
}

static void enum_sk_incr_pair(unsigned c1, unsigned c2, uint32_t* hist) {
    const uint32_t k2 = card[c1] + card[c2];
    for (unsigned c3 = c2 + 1; c3 < 52; ++c3) {
        const uint32_t k3 = k2 + card[c3];
        for (unsigned c4 = c3 + 1; c4 < 52; ++c4) {
            const uint32_t k4 = k3 + card[c4];
            for (unsigned c5 = c4 + 1; c5 < 52; ++c5) {
                const uint32_t k5 = k4 + card[c5];
                for (unsigned c6 = c5 + 1; c6 < 52; ++c6) {
                    const uint32_t k6 = k5 + card[c6];
                    for (unsigned c7 = c6 + 1; c7 < 52; ++c7)
                        ++hist[sk_rank_from_key(k6 + card[c7], c1, c2, c3, c4, c5, c6, c7)];
                }
            }
        }
    }
}

static void enum_sk_api_pair(unsigned c1, unsigned c2, uint32_t* hist) {
    for (unsigned c3 = c2 + 1; c3 < 52; ++c3)
        for (unsigned c4 = c3 + 1; c4 < 52; ++c4)
            for (unsigned c5 = c4 + 1; c5 < 52; ++c5)
                for (unsigned c6 = c5 + 1; c6 < 52; ++c6)
                    for (unsigned c7 = c6 + 1; c7 < 52; ++c7)
                        ++hist[SevenEval::GetRank(c1, c2, c3, c4, c5, c6, c7)];
}

static double enum_once(const std::string& variant, unsigned threads, std::vector<uint64_t>& total) {
    auto t0 = Clock::now();
    std::atomic<size_t> next{0};
    std::vector<std::vector<uint32_t>> hists(threads, std::vector<uint32_t>(65536, 0));
    auto work = [&](unsigned t) {
        uint32_t* hist = hists[t].data();
        for (size_t i; (i = next.fetch_add(1, std::memory_order_relaxed)) < PAIRS.size();) {
            const Pair& p = PAIRS[i];
            if (variant == "omp") enum_omp_pair(p.a, p.b, hist);
            else if (variant == "sk_incr") enum_sk_incr_pair(p.a, p.b, hist);
            else enum_sk_api_pair(p.a, p.b, hist);
        }
    };
    if (threads <= 1) {
        work(0);
    } else {
        std::vector<std::thread> ts;
        for (unsigned t = 0; t < threads; ++t) ts.emplace_back(work, t);
        for (auto& t : ts) t.join();
    }
    total.assign(65536, 0);
    for (auto& h : hists)
        for (size_t r = 0; r < h.size(); ++r) total[r] += h[r];
    return seconds_since(t0);
}

static void enumerate(const std::string& variant, unsigned threads, int reps) {
    if (variant != "omp" && variant != "sk_incr" && variant != "sk_api") {
        std::printf("{\"error\": \"unknown enum variant %s\"}\n", variant.c_str());
        return;
    }
    std::vector<uint64_t> total;
    enum_once(variant, threads, total);  // warm-up
    std::vector<double> ts;
    for (int r = 0; r < reps; ++r) ts.push_back(enum_once(variant, threads, total));
    uint64_t cats[10] = {};
    for (unsigned r = 0; r < 65536; ++r)
        if (total[r]) cats[variant == "omp" ? (r >> 12) : sk_category(r)] += total[r];
    std::printf("{\"times\": ");
    print_times(ts);
    std::printf(", \"categories\": [");
    for (int k = 1; k <= 9; ++k) std::printf("%s%llu", k > 1 ? ", " : "", (unsigned long long)cats[k]);
    std::printf("]}\n");
}

// ---------------------------------------------------------------------------------------------
// OMPEval equity
static std::vector<std::string> split_ranges(const std::string& s) {
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, '|')) out.push_back(item);
    return out;
}

static void print_results(const omp::EquityCalculator::Results& r) {
    std::printf("\"equity\": [");
    for (unsigned i = 0; i < r.players; ++i) std::printf("%s%.12f", i ? ", " : "", r.equity[i]);
    std::printf("], \"hands\": %llu, \"stdev\": %.3e", (unsigned long long)r.hands, r.stdev);
}

// Everything from the range strings to the result is timed: parsing, a fresh calculator, start, wait.
static double exact_once(const std::vector<std::string>& texts, unsigned threads,
                         omp::EquityCalculator::Results& res) {
    auto t0 = Clock::now();
    std::vector<omp::CardRange> ranges(texts.begin(), texts.end());
    omp::EquityCalculator eq;
    if (!eq.start(ranges, 0, 0, true, 0, nullptr, 0.2, threads)) return -1;
    eq.wait();
    double dt = seconds_since(t0);
    res = eq.getResults();
    return dt;
}

static void exact(unsigned threads, int reps, const std::string& spec) {
    auto texts = split_ranges(spec);
    omp::EquityCalculator::Results res;
    if (exact_once(texts, threads, res) < 0) {  // warm-up
        std::printf("{\"error\": \"EquityCalculator refused %s\"}\n", spec.c_str());
        return;
    }
    std::vector<double> ts;
    for (int r = 0; r < reps; ++r) ts.push_back(exact_once(texts, threads, res));
    std::printf("{\"times\": ");
    print_times(ts);
    std::printf(", ");
    print_results(res);
    std::printf("}\n");
}

// Monte Carlo for a fixed time: returns trials per second over the wall time of start..wait.
static double mc_once(const std::vector<std::string>& texts, unsigned threads, double seconds,
                      omp::EquityCalculator::Results& res) {
    auto t0 = Clock::now();
    std::vector<omp::CardRange> ranges(texts.begin(), texts.end());
    omp::EquityCalculator eq;
    eq.setTimeLimit(seconds);
    if (!eq.start(ranges, 0, 0, false, 0.0, nullptr, 0.05, threads)) return -1;
    eq.wait();
    double dt = seconds_since(t0);
    res = eq.getResults();
    return res.hands / dt;
}

static void mc(unsigned threads, int reps, double seconds, const std::string& spec) {
    auto texts = split_ranges(spec);
    omp::EquityCalculator::Results res;
    if (mc_once(texts, threads, std::min(seconds, 0.2), res) < 0) {  // warm-up
        std::printf("{\"error\": \"EquityCalculator refused %s\"}\n", spec.c_str());
        return;
    }
    std::vector<double> rates;
    for (int r = 0; r < reps; ++r) rates.push_back(mc_once(texts, threads, seconds, res));
    std::printf("{\"rates\": ");
    print_times(rates);
    std::printf(", ");
    print_results(res);
    std::printf("}\n");
}

int main() {
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        std::string cmd;
        in >> cmd;
        if (cmd.empty()) continue;
        if (cmd == "quit") break;
        if (cmd == "gen") {
            size_t n; uint64_t seed; std::string path;
            in >> n >> seed >> path;
            gen(n, seed, path);
        } else if (cmd == "batch") {
            std::string v; unsigned t; int reps;
            in >> v >> t >> reps;
            if (g_n == 0) std::printf("{\"error\": \"gen first\"}\n");
            else batch(v, t, reps);
        } else if (cmd == "enum") {
            std::string v; unsigned t; int reps;
            in >> v >> t >> reps;
            enumerate(v, t, reps);
        } else if (cmd == "exact") {
            unsigned t; int reps; std::string spec;
            in >> t >> reps >> spec;
            exact(t, reps, spec);
        } else if (cmd == "mc") {
            unsigned t; int reps; double secs; std::string spec;
            in >> t >> reps >> secs >> spec;
            mc(t, reps, secs, spec);
        } else {
            std::printf("{\"error\": \"unknown command %s\"}\n", cmd.c_str());
        }
        std::fflush(stdout);
    }
    return 0;
}
