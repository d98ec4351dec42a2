#ifndef VAULT_CPCRE2_SHIM_H
#define VAULT_CPCRE2_SHIM_H
// The 8-bit library: notes are matched as UTF-8 bytes. Swift sees the functions under their
// suffixed names (pcre2_compile_8), as the unsuffixed ones are macros.
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#endif
