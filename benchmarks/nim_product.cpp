// Reference for benchmarks/nim_product.py: Library Checker "Nim Product (F_{2^64})",
// written contest style.  A 256x256 table of byte products, Karatsuba up the tower
// 8 -> 16 -> 32 -> 64 bits (F*F = F + F/2), multiplications by the constants F/2
// done with per-byte tables, whole-input fread parsing and one fwrite of the output
// (or, with -DSTDIO_IO=1, plain scanf/printf as most contest programs read and write).
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <vector>

typedef uint64_t u64;
typedef uint32_t u32;
typedef uint16_t u16;
typedef uint8_t u8;

static u8 T8[256][256];   // byte products
static u16 C16[2][256];   // x * 2^15 for x = byte << 8k
static u32 C32[4][256];   // x * 2^31 for x = byte << 8k

static u32 slow(u32 a, u32 b, int half) {  // product of a, b < 2^(2 half), used to fill tables
    if (a < 2 || b < 2) return a * b;
    if (half == 1) {
        static const u32 s[4][4] = {{0, 0, 0, 0}, {0, 1, 2, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}};
        return s[a][b];
    }
    u32 m = (1u << half) - 1, a1 = a >> half, a0 = a & m, b1 = b >> half, b0 = b & m;
    u32 lo = slow(a0, b0, half / 2), hi = slow(a1, b1, half / 2);
    u32 mid = slow(a0 ^ a1, b0 ^ b1, half / 2) ^ lo;
    return (mid << half) ^ lo ^ slow(hi, 1u << (half - 1), half / 2);
}

static inline u16 mul16(u16 a, u16 b) {
    u8 a0 = a, a1 = a >> 8, b0 = b, b1 = b >> 8;
    u8 lo = T8[a0][b0], hi = T8[a1][b1], mid = T8[a0 ^ a1][b0 ^ b1];
    return (u16)(((mid ^ lo) << 8) | (lo ^ T8[hi][0x80]));
}

static inline u32 mul32(u32 a, u32 b) {
    u16 a0 = a, a1 = a >> 16, b0 = b, b1 = b >> 16;
    u16 lo = mul16(a0, b0), hi = mul16(a1, b1), mid = mul16(a0 ^ a1, b0 ^ b1);
    u16 hc = C16[0][hi & 255] ^ C16[1][hi >> 8];
    return ((u32)(mid ^ lo) << 16) | (u16)(lo ^ hc);
}

static inline u64 mul64(u64 a, u64 b) {
    u32 a0 = a, a1 = a >> 32, b0 = b, b1 = b >> 32;
    u32 lo = mul32(a0, b0), hi = mul32(a1, b1), mid = mul32(a0 ^ a1, b0 ^ b1);
    u32 hc = C32[0][hi & 255] ^ C32[1][(hi >> 8) & 255] ^ C32[2][(hi >> 16) & 255] ^ C32[3][hi >> 24];
    return ((u64)(mid ^ lo) << 32) | (lo ^ hc);
}

static void init() {
    for (int a = 0; a < 256; a++)
        for (int b = 0; b < 256; b++) T8[a][b] = (u8)slow(a, b, 4);
    for (int k = 0; k < 2; k++)
        for (int x = 0; x < 256; x++) C16[k][x] = (u16)slow((u32)x << (8 * k), 1u << 15, 8);
    for (int k = 0; k < 4; k++)
        for (int x = 0; x < 256; x++) {
            u32 v = (u32)x << (8 * k);  // v * 2^31 = ((v0 ^ v1) 2^15) 2^16 + v1 (2^15)^2
            u16 v0 = v, v1 = v >> 16;
            u16 hi = mul16(v0 ^ v1, 0x8000), lo = mul16(mul16(v1, 0x8000), 0x8000);
            C32[k][x] = ((u32)hi << 16) | lo;
        }
}

#ifdef STDIO_IO
// The same products with the usual contest I/O (scanf/printf), compiled with -DSTDIO_IO=1.
int main() {
    init();
    unsigned long long t, a, b;
    if (scanf("%llu", &t) != 1) return 1;
    for (u64 i = 0; i < t; i++) {
        if (scanf("%llu %llu", &a, &b) != 2) return 1;
        printf("%llu\n", (unsigned long long)mul64(a, b));
    }
    return 0;
}
#else
int main() {
    init();
    std::vector<char> in;
    size_t cap = 1 << 20, len = 0;
    in.resize(cap);
    for (size_t r; (r = fread(in.data() + len, 1, cap - len, stdin)) > 0;) {
        len += r;
        if (len == cap) in.resize(cap *= 2);
    }
    in.resize(len + 1);
    in[len] = 0;
    const char* p = in.data();
    auto next = [&]() -> u64 {
        while (*p && (*p < '0' || *p > '9')) p++;
        u64 v = 0;
        while (*p >= '0' && *p <= '9') v = v * 10 + (u64)(*p++ - '0');
        return v;
    };
    u64 t = next();
    std::vector<char> out(t * 21 + 16);
    char* q = out.data();
    char buf[24];
    for (u64 i = 0; i < t; i++) {
        u64 a = next(), b = next();
        u64 c = mul64(a, b);
        int n = 0;
        do {
            buf[n++] = (char)('0' + c % 10);
            c /= 10;
        } while (c);
        while (n) *q++ = buf[--n];
        *q++ = '\n';
    }
    fwrite(out.data(), 1, q - out.data(), stdout);
    return 0;
}
#endif
