#ifndef VAULT_CBYTESEARCH_H
#define VAULT_CBYTESEARCH_H

/// Byte searches over note text, 32 or 16 bytes a step with the processor's vector
/// instructions (AVX2 where the processor has it, else SSE2, part of every x86-64), which
/// Swift's own vector types do not reach; byte by byte elsewhere, with the same answers.

/// The offset of the first place in `haystack` (`length` bytes) where the `count` bytes of
/// `needle` stand; -1 when there is none. With `fold` 1, ASCII letters of the haystack are
/// compared lower-cased, and `needle` must be lower-case.
///
/// `first` and `second` are two different indices into `needle`: the bytes there are looked
/// for together, many places at a time, and only the places that hold both are compared
/// whole. The rarer the two bytes in text, the fewer such places.
long vault_find_run(const unsigned char *haystack, long length, const unsigned char *needle, long count,
                    long first, long second, int fold);

/// The offset of the first byte of `haystack` (`length` bytes) that may start a character
/// which folds to an ASCII letter or is a combining mark: 0xC3 to 0xC9 and 0xCC; 0xCD
/// before 0x80 to 0xAF; 0xE1 before 0xAA, 0xAB or 0xB7 to 0xBB; 0xE2 before 0x83 or 0x84;
/// 0xEF before 0xB8; or any of these first bytes as the haystack's last byte. -1 when there is
/// none. The caller decides on the character itself.
///
/// With `letters` (the ASCII letter each two-byte character from C3 80 to C9 BF folds to, or
/// 0: 448 bytes) and `wanted` (256 bits, a set of bytes), a two-byte character before the
/// last byte counts only when it folds to a letter whose lower case is in `wanted`; with
/// `letters` NULL, each counts.
long vault_find_folding_lead(const unsigned char *haystack, long length, const unsigned char *letters,
                             const unsigned long long *wanted);

/// `vault_find_folding_lead` with `letters` from offset `from` on, where a two-byte character
/// counts only when the letter it folds to may stand for a letter of `run` (`count` bytes)
/// with the run's neighbouring letters beside it, compared in either case (a byte beyond
/// ASCII beside it may stand for any): the others stand in no occurrence of the run once
/// the text is folded. The byte before `from` is looked at; the haystack should start a line.
long vault_find_folding_in_run(const unsigned char *haystack, long length, long from, const unsigned char *letters,
                               const unsigned char *run, long count);

/// The number of bytes of `haystack` (`length` bytes) equal to `byte`: a note's newlines
/// before a match, for its line number.
long vault_count_byte(const unsigned char *haystack, long length, unsigned char byte);

/// Uses steps no wider than `steps` from now on (0 byte by byte, 1 SSE2, 2 AVX2), or the
/// widest the processor has if narrower: for tests, which compare every width's answers.
void vault_byte_search_limit(int steps);

#endif
