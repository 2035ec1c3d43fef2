/* Example: SHA3-256 of argv[1] (or of "foo"), printed in hex; links only lwc_sha3_256. */
#include <stdio.h>
#include <string.h>
#include "lwc.h"

int main(int argc, char **argv) {
  const char *msg = argc > 1 ? argv[1] : "foo";
  uint8_t digest[32];
  if (lwc_sha3_256((const uint8_t *)msg, strlen(msg), digest) != LWC_OK) return 1;
  for (int i = 0; i < 32; i++) printf("%02x", digest[i]);
  printf("\n");
  return 0;
}
