/* 100 000 x SHA3-256("foo"): lwc_sha3_256 vs tiny_sha3's sha3() (build: see README). */
#include <stdio.h>
#include <time.h>
#include "lwc.h"
#include "sha3.h"
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }
int main(void) {
  uint8_t d[32]; unsigned acc = 0;
  double t0 = now();
  for (int i = 0; i < 100000; i++) { lwc_sha3_256((const uint8_t *)"foo", 3, d); acc += d[0]; }
  double t1 = now();
  for (int i = 0; i < 100000; i++) { sha3("foo", 3, d, 32); acc += d[0]; }
  double t2 = now();
  printf("lwc %.4f s  tiny_sha3 %.4f s  (%u)\n", t1 - t0, t2 - t1, acc);
  return 0;
}
