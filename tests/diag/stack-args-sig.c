/*
 * Signatures whose stack-argument words ltoguard must count as GCC's i386
 * calling convention passes them (-m32; expected counts in
 * stack-args-sig.expected, each checked against the code gcc 12 -O2
 * emits: which (%esp) offsets the function reads).
 */
struct big { int a, b, c; };
typedef struct { long long x; } s8;
#ifdef __x86_64__
#define R3
#define ASMLINKAGE
#define FASTCALL
#else
#define R3 __attribute__((regparm(3)))
#define ASMLINKAGE __attribute__((regparm(0)))
#define FASTCALL __attribute__((fastcall))
#endif
R3 int int7_regparm3(int a, int b, int c, int d, int e, int f, int g) { return a+b+c+d+e+f+g; }
ASMLINKAGE int int7_asmlinkage(int a, int b, int c, int d, int e, int f, int g) { return a+b+c+d+e+f+g; }
int int7_default(int a, int b, int c, int d, int e, int f, int g) { return a+b+c+d+e+f+g; }
R3 int int3_regparm3(int a, int b, int c) { return a+b+c; }
R3 int int4_regparm3(int a, int b, int c, int d) { return a+b+c+d; }
R3 long long ll_ints_regparm3(long long a, int b, int c, int d) { return a+b+c+d; }
R3 int ll2_regparm3(long long a, long long b, long long c) { return a+b+c; }
R3 int variadic_regparm3(int a, int b, ...) { return a+b; }
R3 int struct_by_value(struct big s, int a) { return s.a+a; }
R3 int float_double(float f, double d, int a) { return (int)(f+d)+a; }
FASTCALL int fastcall5(int a, int b, int c, int d, int e) { return a+b+c+d+e; }
R3 struct big struct_return(int a, int b, int c) { struct big r = {a,b,c}; return r; }
/* static functions called directly: inlinable without LTO too, not
 * marked; one whose address is taken is (LTO may call it from elsewhere) */
static inline R3 int int7_static_inline(int a, int b, int c, int d, int e, int f, int g) { return a+b+c+d+e+f+g; }
static R3 int int7_static(int a, int b, int c, int d, int e, int f, int g) { return a*b+c+d+e+f+g; }
static R3 int int7_static_addr(int a, int b, int c, int d, int e, int f, int g) { return a-b+c+d+e+f+g; }
R3 int (*int7_ptr)(int, int, int, int, int, int, int) = int7_static_addr;
R3 int uses_statics(int a) { return int7_static_inline(a, a, a, a, a, a, a) + int7_static(a, a, a, a, a, a, a); }
