/* Timing program for phevaluator's PLO4 evaluator (benchmarks/cpp/omaha_compare.py builds it).
 *
 * Usage: plo4_bench HANDS.bin N OUT.bin REPEATS THREADS
 * HANDS.bin holds N rows of 9 card ids (uint8, id = 4 * rank + suit, ranks 2..A, suits c d h s,
 * the same ids as pokerkeys and phevaluator): 4 hole cards, then 5 board cards. Each repeat
 * evaluates every row with evaluate_plo4_cards and stores its rank (int16, 1 best .. 7462);
 * the last repeat's ranks go to OUT.bin. Prints one line per repeat: "seconds hands_per_s".
 * THREADS > 1 splits the rows into that many equal blocks run by OpenMP threads (build with
 * -fopenmp), as pokerkeys splits them over its thread pool.
 * The reads of the input and the writes of the answers are inside the timed loop, as they are
 * for pokerkeys' batch call.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#ifdef _OPENMP
#include <omp.h>
#endif

int evaluate_plo4_cards(int c1, int c2, int c3, int c4, int c5, int h1, int h2, int h3, int h4);

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
  if (argc != 6) {
    fprintf(stderr, "usage: %s HANDS.bin N OUT.bin REPEATS THREADS\n", argv[0]);
    return 2;
  }
  long n = atol(argv[2]);
  int repeats = atoi(argv[4]);
  int threads = atoi(argv[5]);
#ifdef _OPENMP
  omp_set_num_threads(threads);
#else
  if (threads != 1) {
    fprintf(stderr, "built without OpenMP: THREADS must be 1\n");
    return 2;
  }
#endif
  uint8_t *cards = malloc((size_t)n * 9);
  int16_t *ranks = malloc((size_t)n * sizeof(int16_t));
  FILE *f = fopen(argv[1], "rb");
  if (!f || fread(cards, 9, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "cannot read %ld rows from %s\n", n, argv[1]);
    return 1;
  }
  fclose(f);
  long checksum = 0;
  for (int r = 0; r < repeats; r++) {
    double t0 = now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
      const uint8_t *c = cards + 9 * i;
      ranks[i] = (int16_t)evaluate_plo4_cards(c[4], c[5], c[6], c[7], c[8], c[0], c[1], c[2],
                                              c[3]);
    }
    double t = now() - t0;
    checksum += ranks[n / 2];
    printf("%.6f %.0f\n", t, n / t);
    fflush(stdout);
  }
  f = fopen(argv[3], "wb");
  if (!f || fwrite(ranks, sizeof(int16_t), (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "cannot write %s\n", argv[3]);
    return 1;
  }
  fclose(f);
  fprintf(stderr, "checksum %ld\n", checksum);
  return 0;
}
