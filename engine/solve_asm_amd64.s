//go:build amd64 && !purego

#include "textflag.h"
#include "solve_asm_amd64.h"

// The propagation of tdoku's triad solver (solve_triad_amd64.go draws the
// position) in AVX-512 (F, BW, VL and BITALG) on 256-bit vectors: the
// rules of the archsimd port (solve_simd_amd64.go), in its order, with a
// stack of band frames instead of its mutual recursion, so that the whole
// propagation is one loop with no calls and the box loop's constants stay
// in Y15-Y20 (Y16-Y20 are EVEX-only registers, which Go's code does not
// use). docs/solver.md ("tdoku's triads, as the assembly port does them")
// has the design, docs/solver-log.md ("The assembly port" and the
// sections after it) what it measured.
//
// The same propagation has an AVX2 body for processors without that set
// (VEX encodings, Y0-Y15): fixpoint's text is solve_asm_fixpoint_amd64.h,
// included into two TEXT blocks with different definitions of the few
// macros where the bodies differ; asmInit, asmGuess and asmGrid branch
// on asmAVX2Body (solve_asm_amd64.go) around their few AVX-512
// instructions and to the fixpoint of their body.

// cpuidCommon is the start of cpuAVX512 and cpuAVX2: CPUID leaf 7
// exists, leaf 1's ECX has every bit of ecx1, the OS saves every state of
// xcr0 (XGETBV(0)), else to no; it ends with leaf 7's flags in BX and CX.
#define cpuidCommon(ecx1, xcr0) \
	XORL  AX, AX; \
	XORL  CX, CX; \
	CPUID; \
	CMPL  AX, $7; \
	JB    no; \
	MOVL  $1, AX; \
	XORL  CX, CX; \
	CPUID; \
	ANDL  $ecx1, CX; \
	CMPL  CX, $ecx1; \
	JNE   no; \
	XORL  CX, CX; \
	XGETBV; \
	ANDL  $xcr0, AX; \
	CMPL  AX, $xcr0; \
	JNE   no; \
	MOVL  $7, AX; \
	XORL  CX, CX; \
	CPUID

// func cpuAVX512() bool
TEXT ·cpuAVX512(SB), NOSPLIT, $0-1
	// leaf 1: POPCNT (23): the search; OSXSAVE (27): XGETBV is available;
	// XCR0: the OS saves the SSE, AVX and AVX-512 (opmask, ZMM) state
	cpuidCommon(0x08800000, 0xe6)
	ANDL $0xc0010008, BX // BMI1 (3): TZCNT and BLSR in asmInit; AVX512F (16), AVX512BW (30), AVX512VL (31)
	CMPL BX, $0xc0010008
	JNE  no
	BTL  $12, CX // AVX512_BITALG: VPOPCNTW
	JCC  no
	MOVB $1, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET

// func cpuAVX2() bool
TEXT ·cpuAVX2(SB), NOSPLIT, $0-1
	// leaf 1: POPCNT (23): the search; OSXSAVE (27): XGETBV is available;
	// AVX (28); XCR0: the OS saves the SSE and AVX state
	cpuidCommon(0x18800000, 6)
	ANDL $0x28, BX // BMI1 (3): TZCNT and BLSR in asmInit; AVX2 (5)
	CMPL BX, $0x28
	JNE  no
	MOVB $1, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET

// fixpoint propagates the position at DI to the fixpoint, in the order
// of the archsimd port's recursion: when a box restriction leaves one of
// the box's bands with eliminations pending, that band is eliminated at
// once (the band across first, as the port does, the other after it),
// and the band whose box it was resumes after both. A stack of frames in
// this function's frame remembers the bands to start or to resume, one
// byte each:
//
//	bits 0-2  the band (0-2 horizontal, 3-5 vertical)
//	bits 3-4  from: the peer whose box sent the eliminations (the band's
//	          boxes are restricted from the next peer on, that one last)
//	bits 5-6  how many of its boxes are restricted already: 0 starts the
//	          band (when it still has eliminations pending), 1-2 resume it
//	bit  7    set in every frame
//
// The caller passes either the first frames in CX (the bottom one in the
// low byte) and BX = 0, or BX = 1 and a band R9 to eliminate first, its
// vector in Y0; and in R8 the bands with eliminations pending (bit b:
// band b). A full stack leaves the bands to R8, from which they are taken
// when the stack is empty. The order changes the work, not the fixpoint
// (docs/solver.md, "The order").
//
// It returns AX = 1, or AX = 0 on a contradiction (the position is then
// partly updated). It clobbers every general register but SP, BP and
// DI, and Y0-Y20, and ends with VZEROUPPER.
//
// Registers: R14 the depth of the stack, R9 the band eliminated, R12 its
// from, R10 the boxes done, SI its address, R13 the box restricted, BX
// its address, R11 the tables. Y14 the band's positive triads (and all
// digits in lanes 3, 7 and 11), Y13 zero, Y15-Y19 the box loop's
// constants, Y20 the VPERMW indices that split a box's horizontal triads
// (fixpointAVX2: Y15, the others read from the tables). Box restriction:
// Y1 the cells, Y2 the cells of the next pass, Y5 the counts of this
// one, Y3 the assertions and Y4 the triads' eliminations gathered over
// the loop.
//
// Its text is solve_asm_fixpoint_amd64.h, here with the AVX-512
// definitions of the macros that header lists.
#define LOAD_CONSTANTS \
	VMOVDQU64 T_rotateRows1(R11), Y16; \
	VMOVDQU64 T_cell3x3Mask(R11), Y17; \
	VMOVDQU64 T_rowRotate3x3_1(R11), Y18; \
	VMOVDQU64 T_rowRotate3x3_2(R11), Y19; \
	VMOVDQU64 T_splitIndex(R11), Y20
#define ROTATE_ROWS Y16
#define ROW_ROTATE_1 Y18
#define ROW_ROTATE_2 Y19
#define AND_CELL_MASK(src, dst) VPANDD Y17, src, dst
#define POPCOUNT9(src, dst, t1, t2) VPOPCNTW src, dst
#define OR3(a, b, dst) VPTERNLOGD $0xfe, a, b, dst
#define ANDNOT_OR(a, b, dst) VPTERNLOGD $0x10, a, b, dst
#define TWICE(a, b, c, d, dst, t) \
	VMOVDQA a, dst; VPTERNLOGD $0xe8, c, b, dst; \
	VMOVDQA a, t; VPTERNLOGD $0xfe, c, b, t; \
	VPTERNLOGD $0xf8, d, t, dst
#define ROW_TWICE(a, dst, b, c, d, t) \
	VPSHUFD $0xb1, a, b; \
	VPSHUFB ROTATE_ROWS, a, c; \
	VPSHUFB ROTATE_ROWS, b, d; \
	TWICE(a, b, c, d, dst, t)
#define COLUMN_TWICE(a, dst, b, c, d, t) \
	VPSHUFD $0x4e, a, b; \
	VPERMQ  $0x4e, a, c; \
	VPSHUFD $0x4e, c, d; \
	TWICE(a, b, c, d, dst, t)
#define ASSERT(w, c2, y1, y7, y6) \
	VPTERNLOGD $0x70, c2, w, y7; \
	VMOVDQA y1, y6; VPTERNLOGD $0x70, c2, w, y6
#define KEEP(y7, x, dst, t) VPTERNLOGD $0xb0, y7, x, dst
#define KEEP_COLUMN_BOX(y7, c, r, y4, dst, t1, t2, t) \
	VPSHUFB ROW_ROTATE_1, c, t1; \
	VPSHUFB ROW_ROTATE_2, c, t2; \
	OR3(r, c, y4); \
	OR3(t1, t2, c); \
	KEEP(y7, c, dst, t)
#define COLUMN_OR(a, dst, t1, t2) \
	VPSHUFD $0x4e, a, dst; \
	VPERMQ  $0x4e, a, t1; \
	VPERMQ  $0x1b, a, t2; \
	VPOR    a, dst, dst; \
	OR3(t1, t2, dst)
#define SPLIT_TRIADS(src, dst, t) VPERMW src, Y20, dst
TEXT fixpoint<>(SB), NOSPLIT, $64
#include "solve_asm_fixpoint_amd64.h"
#undef LOAD_CONSTANTS
#undef ROTATE_ROWS
#undef ROW_ROTATE_1
#undef ROW_ROTATE_2
#undef AND_CELL_MASK
#undef POPCOUNT9
#undef OR3
#undef ANDNOT_OR
#undef TWICE
#undef ROW_TWICE
#undef COLUMN_TWICE
#undef ASSERT
#undef KEEP
#undef KEEP_COLUMN_BOX
#undef COLUMN_OR
#undef SPLIT_TRIADS

// lookupPopcount9 sets dst to the bits of each lane of src (values below
// 512) without BITALG, as popcounts9 does: the two low nibbles looked up
// in popLookup with VPSHUFB, bit 8 shifted down. The second nibble needs
// no mask: src>>4 has bit 8 in bit 4 of the low byte, which VPSHUFB
// ignores (it reads bits 0-3, and bit 7, clear), and zero in the high
// byte. It needs the tables in R11 and clobbers t1 and t2.
#define lookupPopcount9(src, dst, t1, t2) \
	VMOVDQU T_popLookup(R11), t1; \
	VPAND   T_low4(R11), src, t2; \
	VPSHUFB t2, t1, dst; \
	VPSRLW  $4, src, t2; \
	VPSHUFB t2, t1, t2; \
	VPADDW  t2, dst, dst; \
	VPSRLW  $8, src, t2; \
	VPADDW  t2, dst, dst

// fixpointAVX2 is fixpoint in AVX2 (VEX encodings, Y0-Y15): the four
// constants that fixpoint keeps in Y16-Y19 read from the tables as
// memory operands, the lane popcounts by lookup, each ternary logic
// instruction as two or more of AND, OR and ANDN, and the split of the
// horizontal triads, one VPERMW there, as a shuffle, a swap of halves
// and an OR.
#define LOAD_CONSTANTS
#define ROTATE_ROWS T_rotateRows1(R11)
#define ROW_ROTATE_1 T_rowRotate3x3_1(R11)
#define ROW_ROTATE_2 T_rowRotate3x3_2(R11)
#define AND_CELL_MASK(src, dst) VPAND T_cell3x3Mask(R11), src, dst
#define POPCOUNT9(src, dst, t1, t2) lookupPopcount9(src, dst, t1, t2)
#define OR3(a, b, dst) VPOR a, b, b; VPOR b, dst, dst
#define ANDNOT_OR(a, b, dst) VPOR a, b, b; VPANDN dst, b, dst
#define ROW_TWICE(a, dst, b, x, rx, t) \
	VPSHUFD $0xb1, a, b; \
	VPOR    a, b, x; \
	VPAND   a, b, dst; \
	VPSHUFB ROTATE_ROWS, x, rx; \
	VPSHUFB ROTATE_ROWS, dst, b; \
	VPAND   x, rx, x; \
	VPOR    b, dst, dst; \
	VPOR    x, dst, dst
#define COLUMN_TWICE(a, dst, b, x, rx, t) \
	VPERMQ  $0x4e, a, b; \
	VPOR    a, b, x; \
	VPAND   a, b, dst; \
	VPSHUFD $0x4e, x, rx; \
	VPSHUFD $0x4e, dst, b; \
	VPAND   x, rx, x; \
	VPOR    b, dst, dst; \
	VPOR    x, dst, dst
#define ASSERT(w, c2, y1, y7, y6) \
	VPAND c2, w, w; VPANDN y7, w, y7; VPANDN y1, w, y6
#define KEEP(y7, x, dst, t) VPANDN x, y7, t; VPANDN dst, t, dst
#define KEEP_COLUMN_BOX(y7, c, r, y4, dst, t1, t2, t) \
	VPSHUFB ROW_ROTATE_1, c, t1; \
	VPSHUFB ROW_ROTATE_2, c, t2; \
	VPOR    c, t1, t1; \
	VPOR    t2, t1, t1; \
	OR3(r, c, y4); \
	KEEP(y7, t1, dst, t)
#define COLUMN_OR(a, dst, t1, t2) \
	VPSHUFD $0x4e, a, dst; \
	VPOR    a, dst, dst; \
	VPERMQ  $0x4e, dst, t1; \
	VPOR    t1, dst, dst
#define SPLIT_TRIADS(src, dst, t) \
	VPSHUFB T_splitTriads(R11), src, dst; \
	VPERMQ  $0x4e, dst, t; \
	VPOR    dst, t, dst
TEXT fixpointAVX2<>(SB), NOSPLIT, $64
#include "solve_asm_fixpoint_amd64.h"
#undef LOAD_CONSTANTS
#undef ROTATE_ROWS
#undef ROW_ROTATE_1
#undef ROW_ROTATE_2
#undef AND_CELL_MASK
#undef POPCOUNT9
#undef OR3
#undef ANDNOT_OR
#undef ROW_TWICE
#undef COLUMN_TWICE
#undef ASSERT
#undef KEEP
#undef KEEP_COLUMN_BOX
#undef COLUMN_OR
#undef SPLIT_TRIADS

// func asmGuess(st *simdState, band int, value uint16, cfgs uint8) bool
TEXT ·asmGuess(SB), NOSPLIT, $0-25
	MOVQ         st+0(FP), DI
	MOVQ         band+8(FP), R9
	MOVWLZX      value+16(FP), CX
	MOVBLZX      cfgs+18(FP), DX
	VMOVD        CX, X0
	VPBROADCASTW X0, Y0
	CMPB         ·asmAVX2Body(SB), $0
	JNE          avx2
	SHLL         $8, DX
	KMOVW        DX, K1
	VMOVDQU16.Z  Y0, K1, Y0 // the digit in lanes 8+i, i in cfgs
	JMP          digit

avx2:
	// the same from pendingBits: the lanes 8+i whose bit is in cfgs
	LEAQ         ·triadT(SB), R11
	VMOVD        DX, X1
	VPBROADCASTW X1, Y1
	VPAND        T_pendingBits(R11), Y1, Y1
	VPXOR        Y2, Y2, Y2
	VPCMPGTW     Y2, Y1, Y1
	VPAND        Y1, Y0, Y0

digit:
	MOVQ         R9, AX
	SHLQ         $5, AX
	VPOR         (DI)(AX*1), Y0, Y0
	VMOVDQU      Y0, (DI)(AX*1)
	VPERMQ       $0x4e, Y0, Y1
	VPTEST       Y0, Y1
	JZ           settled
	// the band eliminated at once from Y0 (BX = 1), no frames
	XORL         R8, R8
	XORL         CX, CX
	MOVL         $1, BX
	CMPB         ·asmAVX2Body(SB), $0
	JNE          fixAVX2
	CALL         fixpoint<>(SB)
	MOVB         AX, ret+24(FP)
	RET

fixAVX2:
	CALL         fixpointAVX2<>(SB)
	MOVB         AX, ret+24(FP)
	RET

settled:
	VZEROUPPER
	MOVB $1, ret+24(FP)
	RET

// pendingBand sets bit b of R8 when band b of the position at DI has
// eliminations pending.
#define pendingBand(b, off) \
	VMOVDQU off(DI), Y0; \
	VPERMQ  $0x4e, Y0, Y1; \
	VPTEST  Y0, Y1; \
	JZ      2(PC); \
	BTSQ    $b, R8

// placeGiven places the given of cell CX of the grid at SI in the
// position at DI: cellAssign clears the digit from the cell's box (and
// the other digits from the cell), and the band configurations that the
// digit's minirow and minicolumn exclude are added to the two bands'
// pending eliminations.
#define placeGiven \
	MOVBLZX (SI)(CX*1), AX; \
	DECL    AX; \
	MOVQ    CX, DX; \
	SHLQ    $4, DX; \
	LEAQ    T_cellPlace(R11)(DX*1), R12; \
	MOVWQZX 0(R12), BX; \
	MOVWQZX 2(R12), R13; \
	MOVQ    AX, R14; \
	SHLQ    $9, R14; \
	ADDQ    R14, R13; \
	VMOVDQU T_cellAssign(R11)(R13*1), Y1; \
	VMOVDQU (DI)(BX*1), Y0; \
	VPANDN  Y0, Y1, Y0; \
	VMOVDQU Y0, (DI)(BX*1); \
	SHLQ    $5, AX; \
	VMOVDQU T_digitBits(R11)(AX*1), Y2; \
	MOVWQZX 4(R12), BX; \
	MOVWQZX 6(R12), R13; \
	VPAND   (R11)(R13*1), Y2, Y3; \
	VPOR    (DI)(BX*1), Y3, Y3; \
	VMOVDQU Y3, (DI)(BX*1); \
	MOVWQZX 8(R12), BX; \
	MOVWQZX 10(R12), R13; \
	VPAND   (R11)(R13*1), Y2, Y3; \
	VPOR    (DI)(BX*1), Y3, Y3; \
	VMOVDQU Y3, (DI)(BX*1)

// func asmInit(st *simdState, grid *Grid) bool
TEXT ·asmInit(SB), NOSPLIT, $0-17
	MOVQ     st+0(FP), DI
	MOVQ     grid+8(FP), SI
	LEAQ     ·triadT(SB), R11
	VMOVDQU  T_initBand(R11), Y0
	VMOVDQU  Y0, 0(DI)
	VMOVDQU  Y0, 32(DI)
	VMOVDQU  Y0, 64(DI)
	VMOVDQU  Y0, 96(DI)
	VMOVDQU  Y0, 128(DI)
	VMOVDQU  Y0, 160(DI)
	VPCMPEQW Y1, Y1, Y1
	VPSRLW   $7, Y1, Y1 // 0x1ff
	VMOVDQU  Y1, 192(DI)
	VMOVDQU  Y1, 224(DI)
	VMOVDQU  Y1, 256(DI)
	VMOVDQU  Y1, 288(DI)
	VMOVDQU  Y1, 320(DI)
	VMOVDQU  Y1, 352(DI)
	VMOVDQU  Y1, 384(DI)
	VMOVDQU  Y1, 416(DI)
	VMOVDQU  Y1, 448(DI)
	// the givens: a bit per cell (R9 cells 0-63, R10 cells 64-80), and
	// no value above 9
	MOVL         $0x09090909, AX
	VMOVD        AX, X3
	VPBROADCASTD X3, Y3
	CMPB         ·asmAVX2Body(SB), $0
	JNE          avx2
	MOVL         $0x1ffff, AX
	KMOVD        AX, K1
	VMOVDQU      0(SI), Y0
	VMOVDQU      32(SI), Y1
	VMOVDQU8.Z   64(SI), K1, Y2
	VPMAXUB      Y0, Y1, Y4
	VPMAXUB      Y2, Y4, Y4
	VPCMPUB      $6, Y3, Y4, K2 // above 9
	KORTESTD     K2, K2
	JNE          bad
	VPTESTMB     Y0, Y0, K2
	VPTESTMB     Y1, Y1, K3
	VPTESTMB     Y2, Y2, K4
	KMOVD        K2, R9
	KMOVD        K3, R10
	SHLQ         $32, R10
	ORQ          R10, R9
	KMOVD        K4, R10
	JMP          low

avx2:
	// the same in AVX2: cells 49-80 loaded (the grid ends at 81), the
	// values above 9 left by an unsigned subtraction of 9, the masks of
	// the zero bytes inverted
	VMOVDQU      0(SI), Y0
	VMOVDQU      32(SI), Y1
	VMOVDQU      49(SI), Y2
	VPMAXUB      Y0, Y1, Y4
	VPMAXUB      Y2, Y4, Y4
	VPSUBUSB     Y3, Y4, Y4
	VPTEST       Y4, Y4
	JNZ          bad
	VPXOR        Y5, Y5, Y5
	VPCMPEQB     Y5, Y0, Y0
	VPCMPEQB     Y5, Y1, Y1
	VPCMPEQB     Y5, Y2, Y2
	VPMOVMSKB    Y0, R9
	VPMOVMSKB    Y1, R10
	SHLQ         $32, R10
	ORQ          R10, R9
	NOTQ         R9
	VPMOVMSKB    Y2, R10
	NOTL         R10
	SHRL         $15, R10 // cells 64-80

low:
	TESTQ  R9, R9
	JZ     high
	TZCNTQ R9, CX
	BLSRQ  R9, R9
	placeGiven
	JMP    low

high:
	TESTQ  R10, R10
	JZ     placed
	TZCNTQ R10, CX
	ADDQ   $64, CX
	BLSRQ  R10, R10
	placeGiven
	JMP    high

placed:
	XORL R8, R8
	pendingBand(0, 0)
	pendingBand(1, 32)
	pendingBand(2, 64)
	pendingBand(3, 96)
	pendingBand(4, 128)
	pendingBand(5, 160)
	// tdoku's order: bands 0 and 3 from peer 1, 1 and 4 from peer 2,
	// 2 and 5 from peer 0 (the bottom frame in the low byte)
	MOVQ $0x888b91948285, CX
	XORL BX, BX
	CMPB ·asmAVX2Body(SB), $0
	JNE  fixAVX2
	CALL fixpoint<>(SB)
	MOVB AX, ret+16(FP)
	RET

fixAVX2:
	CALL fixpointAVX2<>(SB)
	MOVB AX, ret+16(FP)
	RET

bad:
	VZEROUPPER
	MOVB $0, ret+16(FP)
	RET

// digitsOfBox writes the digits of the box at offset off of a solved
// position (SI) to the grid (DI) from its cell at: each lane's digit is
// the popcount of its bit and the bits below it (Y15: -1 in each lane),
// narrowed to bytes by narrow, three bytes a row.
#define digitsOfBox(popcount, narrow, off, at) \
	VMOVDQU    off(SI), Y0; \
	VPADDW     Y15, Y0, Y1; \
	VPOR       Y0, Y1, Y1; \
	popcount; \
	narrow; \
	VMOVD      X1, AX; \
	MOVW       AX, at(DI); \
	SHRL       $16, AX; \
	MOVB       AX, at+2(DI); \
	VPEXTRD    $1, X1, AX; \
	MOVW       AX, at+9(DI); \
	SHRL       $16, AX; \
	MOVB       AX, at+11(DI); \
	VPEXTRD    $2, X1, AX; \
	MOVW       AX, at+18(DI); \
	SHRL       $16, AX; \
	MOVB       AX, at+20(DI)

// the popcount and narrowing of each body: Y1's lanes to X1's bytes
#define popcountAVX512 VPOPCNTW Y1, Y1
#define narrowAVX512 VPMOVWB Y1, X1
#define popcountAVX2 lookupPopcount9(Y1, Y2, Y3, Y4)
#define narrowAVX2 VEXTRACTI128 $1, Y2, X3; VPACKUSWB X3, X2, X1

// digitsOfGrid writes the digits of the nine boxes.
#define digitsOfGrid(popcount, narrow) \
	digitsOfBox(popcount, narrow, 0, 0); \
	digitsOfBox(popcount, narrow, 32, 3); \
	digitsOfBox(popcount, narrow, 64, 6); \
	digitsOfBox(popcount, narrow, 96, 27); \
	digitsOfBox(popcount, narrow, 128, 30); \
	digitsOfBox(popcount, narrow, 160, 33); \
	digitsOfBox(popcount, narrow, 192, 54); \
	digitsOfBox(popcount, narrow, 224, 57); \
	digitsOfBox(popcount, narrow, 256, 60)

// func asmGrid(boxen *[9][16]uint16, grid *Grid)
TEXT ·asmGrid(SB), NOSPLIT, $0-16
	MOVQ     boxen+0(FP), SI
	MOVQ     grid+8(FP), DI
	VPCMPEQW Y15, Y15, Y15 // -1 in each lane
	CMPB     ·asmAVX2Body(SB), $0
	JNE      avx2
	digitsOfGrid(popcountAVX512, narrowAVX512)
	VZEROUPPER
	RET

avx2:
	LEAQ     ·triadT(SB), R11
	digitsOfGrid(popcountAVX2, narrowAVX2)
	VZEROUPPER
	RET

// The search (solve_asm_search_amd64.h), one TEXT block for each body:
// asmSolveAVX512 and asmSolveAVX2 run searchAsm's search
// (solve_asm_amd64.go) in one call, the givens placed by asmInit, the
// first solution read out by asmGrid. The frame holds the stack of
// positions: ASM_SLOTS slots of 512 bytes, and 64 bytes to align them.
#define ASM_SLOTS 55

// func asmSolveAVX512(grid *Grid, limit int, budget int, sol *Grid) (count, guesses, nodes int)
#define GUESS_LANES \
	SHLL        $8, DX; \
	KMOVW       DX, K1; \
	VMOVDQU16.Z Y0, K1, Y0
#define FIXPOINT CALL fixpoint<>(SB)
TEXT ·asmSolveAVX512(SB), 0, $28352-56
#include "solve_asm_search_amd64.h"
#undef GUESS_LANES
#undef FIXPOINT

// func asmSolveAVX2(grid *Grid, limit int, budget int, sol *Grid) (count, guesses, nodes int)
#define GUESS_LANES \
	LEAQ         ·triadT(SB), R11; \
	VMOVD        DX, X1; \
	VPBROADCASTW X1, Y1; \
	VPAND        T_pendingBits(R11), Y1, Y1; \
	VPXOR        Y2, Y2, Y2; \
	VPCMPGTW     Y2, Y1, Y1; \
	VPAND        Y1, Y0, Y0
#define FIXPOINT CALL fixpointAVX2<>(SB)
TEXT ·asmSolveAVX2(SB), 0, $28352-56
#include "solve_asm_search_amd64.h"
#undef GUESS_LANES
#undef FIXPOINT
