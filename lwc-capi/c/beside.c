/* liblwc.a beside another Rust static library built with std (.ci/capi.sh builds one,
 * `other_sum`, a sum through a Vec): both must link in either order and both must work. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "lwc.h"

size_t other_sum(size_t n);

int main(void) {
  uint8_t d[32];
  static const uint8_t want[4] = {0x3a, 0x98, 0x5d, 0xa7}; /* SHA3-256("abc"), FIPS 202 example */
  if (lwc_sha3_256((const uint8_t *)"abc", 3, d) != LWC_OK || memcmp(d, want, 4) != 0) {
    printf("lwc_sha3_256 wrong\n");
    return 1;
  }
  if (other_sum(100) != 5050) {
    printf("other_sum wrong\n");
    return 1;
  }
  printf("beside: ok\n");
  return 0;
}
