#include "CByteSearch.h"

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline unsigned char lower(unsigned char byte) {
    return (unsigned char)(byte - 'A') < 26 ? (unsigned char)(byte | 0x20) : byte;
}

static inline int is_lower_letter(unsigned char byte) { return (unsigned char)(byte - 'a') < 26; }

/// The widest steps in use: 2 for AVX2 (32 bytes), 1 for SSE2 (16), 0 byte by byte; -1
/// until the processor is asked.
static int widest = -1;

static int widest_steps(void) {
    int known = __atomic_load_n(&widest, __ATOMIC_RELAXED);
    if (known >= 0) return known;
#if defined(__x86_64__)
    known = __builtin_cpu_supports("avx2") ? 2 : 1;
#elif defined(__SSE2__)
    known = 1;
#else
    known = 0;
#endif
    __atomic_store_n(&widest, known, __ATOMIC_RELAXED);
    return known;
}

void vault_byte_search_limit(int steps) {
    int most = 0;
#if defined(__x86_64__)
    most = __builtin_cpu_supports("avx2") ? 2 : 1;
#elif defined(__SSE2__)
    most = 1;
#endif
    __atomic_store_n(&widest, steps < most ? (steps < 0 ? 0 : steps) : most, __ATOMIC_RELAXED);
}

/// Byte by byte, never through `memcmp`: a call in the scanning loops made the compiler
/// keep their vector constants in memory, not in registers.
static inline int stands_at(const unsigned char *place, const unsigned char *needle, long count, int fold) {
    for (long index = 0; index < count; index++) {
        if ((fold ? lower(place[index]) : place[index]) != needle[index]) return 0;
    }
    return 1;
}

/// The byte-by-byte search, from `start` on.
static long find_run_bytes(const unsigned char *haystack, long length, const unsigned char *needle, long count,
                           long first, long second, int fold, long start) {
    const unsigned char one = needle[first], two = needle[second];
    for (long last = length - count; start <= last; start++) {
        unsigned char atOne = haystack[start + first], atTwo = haystack[start + second];
        if ((fold ? lower(atOne) : atOne) == one && (fold ? lower(atTwo) : atTwo) == two
            && stands_at(haystack + start, needle, count, fold)) {
            return start;
        }
    }
    return -1;
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static long find_run_avx2(const unsigned char *haystack, long length, const unsigned char *needle, long count,
                          long first, long second, int fold) {
    const unsigned char one = needle[first], two = needle[second];
    const __m256i oneCase = _mm256_set1_epi8((char)(fold && is_lower_letter(one) ? 0x20 : 0));
    const __m256i twoCase = _mm256_set1_epi8((char)(fold && is_lower_letter(two) ? 0x20 : 0));
    const __m256i oneByte = _mm256_set1_epi8((char)one), twoByte = _mm256_set1_epi8((char)two);
    const long last = length - count;
    long start = 0;
#define VAULT_PAIR_MASK(at)                                                                                             \
    ((unsigned)_mm256_movemask_epi8(_mm256_and_si256(                                                                 \
        _mm256_cmpeq_epi8(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(haystack + (at) + first)), oneCase), oneByte), \
        _mm256_cmpeq_epi8(_mm256_or_si256(_mm256_loadu_si256((const __m256i *)(haystack + (at) + second)), twoCase), twoByte))))
    // Sixty-four starts a step while they are far from the end, then thirty-two.
    while (start + 63 <= last) {
        unsigned long long mask = (unsigned long long)VAULT_PAIR_MASK(start) | (unsigned long long)VAULT_PAIR_MASK(start + 32) << 32;
        while (mask != 0) {
            long place = start + __builtin_ctzll(mask);
            if (stands_at(haystack + place, needle, count, fold)) return place;
            mask &= mask - 1;
        }
        start += 64;
    }
    while (start + 31 <= last) {
        unsigned mask = VAULT_PAIR_MASK(start);
        while (mask != 0) {
            long place = start + __builtin_ctz(mask);
            if (stands_at(haystack + place, needle, count, fold)) return place;
            mask &= mask - 1;
        }
        start += 32;
    }
    // The last starts, fewer than thirty-two, in one step that overlaps the one before
    // (its starts already looked at masked off): a note is searched in many short calls,
    // and their ends byte by byte cost more than the rest.
    if (start <= last && last >= 31) {
        const long from = last - 31;
        unsigned mask = VAULT_PAIR_MASK(from) & (~0u << (start - from));
        while (mask != 0) {
            long place = from + __builtin_ctz(mask);
            if (stands_at(haystack + place, needle, count, fold)) return place;
            mask &= mask - 1;
        }
        return -1;
    }
#undef VAULT_PAIR_MASK
    return find_run_bytes(haystack, length, needle, count, first, second, fold, start);
}
#endif

long vault_find_run(const unsigned char *haystack, long length, const unsigned char *needle, long count,
                    long first, long second, int fold) {
    if (count <= 0) return 0;
    if (count > length) return -1;
    long start = 0;
    const int steps = widest_steps();
#if defined(__x86_64__)
    if (steps >= 2) return find_run_avx2(haystack, length, needle, count, first, second, fold);
#endif
#if defined(__SSE2__)
    const long last = length - count;
    const unsigned char one = needle[first], two = needle[second];
    // A letter of the needle matches the haystack's byte with bit 5 set, which maps exactly
    // its two cases onto it; any other byte is compared as it is.
    const __m128i oneCase = _mm_set1_epi8((char)(fold && is_lower_letter(one) ? 0x20 : 0));
    const __m128i twoCase = _mm_set1_epi8((char)(fold && is_lower_letter(two) ? 0x20 : 0));
    const __m128i oneByte = _mm_set1_epi8((char)one), twoByte = _mm_set1_epi8((char)two);
    // Sixteen starts at once: the loads reach start + 15 + max(first, second), inside the haystack.
    while (steps >= 1 && start + 15 <= last) {
        __m128i atOne = _mm_loadu_si128((const __m128i *)(haystack + start + first));
        __m128i atTwo = _mm_loadu_si128((const __m128i *)(haystack + start + second));
        __m128i both = _mm_and_si128(_mm_cmpeq_epi8(_mm_or_si128(atOne, oneCase), oneByte),
                                     _mm_cmpeq_epi8(_mm_or_si128(atTwo, twoCase), twoByte));
        unsigned mask = (unsigned)_mm_movemask_epi8(both);
        while (mask != 0) {
            long place = start + __builtin_ctz(mask);
            if (stands_at(haystack + place, needle, count, fold)) return place;
            mask &= mask - 1;
        }
        start += 16;
    }
#endif
    return find_run_bytes(haystack, length, needle, count, first, second, fold, start);
}

static inline int is_folding_lead(unsigned char byte) {
    return (byte >= 0xC3 && byte <= 0xCD) || byte == 0xE1 || byte == 0xE2 || byte == 0xEF;
}

/// Which two-byte letters count, when a caller asks for some only.
struct folding_filter {
    const unsigned char *letters;
    const unsigned long long *wanted;
    /// When set, a two-byte letter counts only where it may stand in this run.
    const unsigned char *run;
    long count;
    /// The run's letters, lower-cased, as a set of bytes.
    unsigned long long inRun[4];
};

static inline int same_letter(unsigned char byte, unsigned char wanted) { return byte >= 0x80 || lower(byte) == lower(wanted); }

/// Whether the two-byte letter at `index`, which folds to `letter`, may stand for one of
/// the run's letters with the run's neighbouring letters beside it (a byte beyond ASCII
/// beside it may be anything).
__attribute__((always_inline)) static inline int may_stand(const unsigned char *haystack, long index, long length, unsigned char letter,
                            const struct folding_filter *filter) {
    if (((filter->inRun[letter >> 6] >> (letter & 63)) & 1) == 0) return 0;
    const long after = index + 2, count = filter->count;
    for (long place = 0; place < count; place++) {
        if (lower(filter->run[place]) != letter) continue;
        int before = place == 0 || (index > 0 && same_letter(haystack[index - 1], filter->run[place - 1]));
        int next = place == count - 1 || (after < length && same_letter(haystack[after], filter->run[place + 1]));
        if (before && next) return 1;
    }
    return 0;
}

/// Whether the lead byte at `index` may start a character that folds or is a mark, told by
/// the byte after it where that decides (`…`, E2 80 A6, is common in prose and folds to
/// nothing), and for a two-byte letter by the letter it folds to when `filter` names the
/// letters wanted; a character cut at the end of the haystack is left to the caller.
__attribute__((always_inline)) static inline int may_fold(const unsigned char *haystack, long index, long length, const struct folding_filter *filter) {
    const unsigned char lead = haystack[index];
    if (lead == 0xCC) return 1;
    if (lead == 0xCA || lead == 0xCB) return 0;
    if (index + 1 >= length) return 1;
    const unsigned char next = haystack[index + 1];
    switch (lead) {
    case 0xCD: return next <= 0xAF;
    case 0xE1: return next == 0xAA || next == 0xAB || (next >= 0xB7 && next <= 0xBB);
    case 0xE2: return next == 0x83 || next == 0x84;
    case 0xEF: return next == 0xB8;
    default: {
        if (filter->letters == 0) return 1;
        unsigned char base = filter->letters[(lead - 0xC3) * 64 + (next & 0x3F)];
        if (base == 0) return 0;
        base = lower(base);
        if (filter->run != 0) return may_stand(haystack, index, length, base, filter);
        return (int)((filter->wanted[base >> 6] >> (base & 63)) & 1);
    }
    }
}

/// The first place of `mask` (bits for the bytes from `index` on) that `may_fold`; -1 if none.
static inline long first_folding(const unsigned char *haystack, long length, long index, unsigned mask,
                                 const struct folding_filter *filter) {
    while (mask != 0) {
        long place = index + __builtin_ctz(mask);
        if (may_fold(haystack, place, length, filter)) return place;
        mask &= mask - 1;
    }
    return -1;
}

#if defined(__x86_64__)
__attribute__((target("avx2")))
static long find_folding_avx2(const unsigned char *haystack, long length, long index, const struct folding_filter *filter) {
    const __m256i flip = _mm256_set1_epi8((char)0x80);
    const __m256i belowLow = _mm256_set1_epi8((char)(0xC2 ^ 0x80)), highest = _mm256_set1_epi8((char)(0xCD ^ 0x80));
    const __m256i e1 = _mm256_set1_epi8((char)0xE1), e2 = _mm256_set1_epi8((char)0xE2), ef = _mm256_set1_epi8((char)0xEF);
    // The places of the lead bytes in `bytes`: C3 to CD after flipping the top bit for
    // signed comparisons, E1, E2 and EF.
#define VAULT_LEADS_MASK(bytes)                                                                                          \
    ((unsigned)_mm256_movemask_epi8(_mm256_or_si256(                                                                   \
        _mm256_andnot_si256(_mm256_cmpgt_epi8(_mm256_xor_si256((bytes), flip), highest),                               \
                            _mm256_cmpgt_epi8(_mm256_xor_si256((bytes), flip), belowLow)),                             \
        _mm256_or_si256(_mm256_cmpeq_epi8((bytes), e1), _mm256_or_si256(_mm256_cmpeq_epi8((bytes), e2), _mm256_cmpeq_epi8((bytes), ef))))))
    while (index + 32 <= length) {
        // Text is mostly ASCII: sixty-four bytes without a high bit are passed at once.
        if (index + 64 <= length) {
            __m256i pair = _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(haystack + index)),
                                           _mm256_loadu_si256((const __m256i *)(haystack + index + 32)));
            if (_mm256_movemask_epi8(pair) == 0) {
                index += 64;
                continue;
            }
        }
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(haystack + index));
        if (_mm256_movemask_epi8(bytes) != 0) {
            long found = first_folding(haystack, length, index, VAULT_LEADS_MASK(bytes), filter);
            if (found >= 0) return found;
        }
        index += 32;
    }
    // The last bytes, fewer than thirty-two, in one step that overlaps the one before.
    if (index < length && length >= 32) {
        const long from = length - 32;
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(haystack + from));
        return first_folding(haystack, length, from, VAULT_LEADS_MASK(bytes) & (~0u << (index - from)), filter);
    }
#undef VAULT_LEADS_MASK
    for (; index < length; index++) {
        if (is_folding_lead(haystack[index]) && may_fold(haystack, index, length, filter)) return index;
    }
    return -1;
}
#endif

static long find_folding(const unsigned char *haystack, long length, long index, const struct folding_filter *filter);

long vault_find_folding_lead(const unsigned char *haystack, long length, const unsigned char *letters,
                             const unsigned long long *wanted) {
    const struct folding_filter given = {letters, wanted, 0, 0, {0, 0, 0, 0}};
    return find_folding(haystack, length, 0, &given);
}

long vault_find_folding_in_run(const unsigned char *haystack, long length, long from, const unsigned char *letters,
                               const unsigned char *run, long count) {
    struct folding_filter given = {letters, 0, run, count, {0, 0, 0, 0}};
    for (long place = 0; place < count; place++) {
        const unsigned char letter = lower(run[place]);
        given.inRun[letter >> 6] |= 1ULL << (letter & 63);
    }
    return find_folding(haystack, length, from, &given);
}

static long find_folding(const unsigned char *haystack, long length, long index, const struct folding_filter *filter) {
    const int steps = widest_steps();
#if defined(__x86_64__)
    if (steps >= 2) return find_folding_avx2(haystack, length, index, filter);
#endif
#if defined(__SSE2__)
    // Signed comparisons after flipping the top bit order bytes as unsigned ones.
    const __m128i flip = _mm_set1_epi8((char)0x80);
    const __m128i belowLow = _mm_set1_epi8((char)(0xC2 ^ 0x80)), highest = _mm_set1_epi8((char)(0xCD ^ 0x80));
    const __m128i e1 = _mm_set1_epi8((char)0xE1), e2 = _mm_set1_epi8((char)0xE2), ef = _mm_set1_epi8((char)0xEF);
    while (steps >= 1 && index + 16 <= length) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(haystack + index));
        // Text is mostly ASCII: sixteen bytes without a high bit are passed at once.
        if (_mm_movemask_epi8(bytes) != 0) {
            __m128i flipped = _mm_xor_si128(bytes, flip);
            __m128i range = _mm_andnot_si128(_mm_cmpgt_epi8(flipped, highest), _mm_cmpgt_epi8(flipped, belowLow));
            __m128i signs = _mm_or_si128(_mm_cmpeq_epi8(bytes, e1), _mm_or_si128(_mm_cmpeq_epi8(bytes, e2), _mm_cmpeq_epi8(bytes, ef)));
            long found = first_folding(haystack, length, index, (unsigned)_mm_movemask_epi8(_mm_or_si128(range, signs)), filter);
            if (found >= 0) return found;
        }
        index += 16;
    }
#endif
    for (; index < length; index++) {
        if (is_folding_lead(haystack[index]) && may_fold(haystack, index, length, filter)) return index;
    }
    return -1;
}

#if defined(__x86_64__)
__attribute__((target("avx2,popcnt")))
static long count_byte_avx2(const unsigned char *haystack, long length, unsigned char byte) {
    const __m256i wanted = _mm256_set1_epi8((char)byte);
    long count = 0, index = 0;
    for (; index + 32 <= length; index += 32) {
        __m256i bytes = _mm256_loadu_si256((const __m256i *)(haystack + index));
        count += __builtin_popcount((unsigned)_mm256_movemask_epi8(_mm256_cmpeq_epi8(bytes, wanted)));
    }
    for (; index < length; index++) count += haystack[index] == byte;
    return count;
}
#endif

long vault_count_byte(const unsigned char *haystack, long length, unsigned char byte) {
    const int steps = widest_steps();
#if defined(__x86_64__)
    if (steps >= 2) return count_byte_avx2(haystack, length, byte);
#endif
    long count = 0, index = 0;
#if defined(__SSE2__)
    const __m128i wanted = _mm_set1_epi8((char)byte);
    for (; steps >= 1 && index + 16 <= length; index += 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(haystack + index));
        count += __builtin_popcount((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, wanted)));
    }
#endif
    for (; index < length; index++) count += haystack[index] == byte;
    return count;
}
