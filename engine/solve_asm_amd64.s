//go:build amd64 && !purego

#include "textflag.h"
#include "solve_asm_amd64.h"

// The propagation of tdoku's triad solver (solve_triad_amd64.go draws the
// position) in AVX-512 (F, BW, VL and BITALG) on 256-bit vectors: the
// rules of the archsimd port (solve_simd_amd64.go), in its order, with a
// stack of band frames instead of its mutual recursion, so that the whole
// propagation is one loop with no calls and the box loop's constants stay
// in Y15-Y19 (Y16-Y19 are EVEX-only registers, which Go's code does not
// use). docs/solver.md ("The assembly port") says what it measured.

// func cpuAVX512() bool
TEXT ·cpuAVX512(SB), NOSPLIT, $0-1
	XORL AX, AX
	XORL CX, CX
	CPUID
	CMPL AX, $7
	JB   no
	MOVL $1, AX
	XORL CX, CX
	CPUID
	BTL  $27, CX // OSXSAVE: XGETBV is available
	JCC  no
	XORL CX, CX
	XGETBV
	ANDL $0xe6, AX // the OS saves the SSE, AVX and AVX-512 (opmask, ZMM) state
	CMPL AX, $0xe6
	JNE  no
	MOVL $7, AX
	XORL CX, CX
	CPUID
	ANDL $0xc0010000, BX // AVX512F (16), AVX512BW (30), AVX512VL (31)
	CMPL BX, $0xc0010000
	JNE  no
	BTL  $12, CX // AVX512_BITALG: VPOPCNTW
	JCC  no
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
// (docs/solver.md, "The assembly port").
//
// It returns AX = 1, or AX = 0 on a contradiction (the position is then
// partly updated). It clobbers every general register but SP, BP and
// DI, and Y0-Y19, and ends with VZEROUPPER.
//
// Registers: R14 the depth of the stack, R9 the band eliminated, R12 its
// from, R10 the boxes done, SI its address, R13 the box restricted, BX
// its address, R11 the tables. Y14 the band's positive triads (and all
// digits in lanes 3, 7 and 11), Y13 zero,
// Y15-Y19 the box loop's constants. Box restriction: Y1 the cells, Y2
// the eliminations, Y3 the assertions and Y4 the implied eliminations
// gathered over the loop.
TEXT fixpoint<>(SB), NOSPLIT, $64
	LEAQ    ·triadT(SB), R11
	VMOVDQU64 T_rotateRows1(R11), Y16
	VMOVDQU64 T_cell3x3Mask(R11), Y17
	VMOVDQU64 T_rowRotate3x3_1(R11), Y18
	VMOVDQU64 T_rowRotate3x3_2(R11), Y19
	VMOVDQU   T_boxMinimums(R11), Y15
	VPXOR     Y13, Y13, Y13
	XORL      R14, R14
	TESTQ     BX, BX
	JNZ       direct

unpack:
	TESTQ CX, CX
	JZ    next
	MOVB  CX, (SP)(R14*1)
	INCQ  R14
	SHRQ  $8, CX
	JMP   unpack

next:
	TESTQ   R14, R14
	JZ      fromMask
	DECQ    R14
	MOVBLZX (SP)(R14*1), AX
	MOVL    AX, R9
	ANDL    $7, R9
	MOVL    AX, R12
	SHRL    $3, R12
	ANDL    $3, R12
	MOVL    AX, R10
	SHRL    $5, R10
	ANDL    $3, R10
	JNZ     resume
	BTRQ    R9, R8
	JCC     next // eliminated since
	JMP     eliminate

fromMask:
	TESTQ R8, R8
	JZ    done
	BSFQ  R8, R9
	BTRQ  R9, R8
	XORL  R12, R12
	XORL  R10, R10

eliminate:
	MOVQ    R9, SI
	SHLQ    $5, SI
	ADDQ    DI, SI
	VMOVDQU (SI), Y0

eliminateBand:
	// R9's vector in Y0: SI its address
	MOVQ R9, SI
	SHLQ $5, SI
	ADDQ DI, SI

eliminateY0:
	// apply the pending eliminations: cfg = lo &^ hi, in both halves
	VPERMQ       $0xee, Y0, Y1
	VPERMQ       $0x44, Y0, Y0
	VPANDN       Y0, Y1, Y1

	// assert the triads that hold a digit in all three of their
	// configurations, and remove the configurations they exclude
	VPSHUFB    T_configsToTriads(R11), Y1, Y2
	VPSHUFB    T_configsToTriads+32(R11), Y1, Y3
	VPOR       Y2, Y3, Y2
	VPOPCNTW   Y2, Y3
	VPCMPEQW   T_all3(R11), Y3, Y4
	VPAND      Y2, Y4, Y4
	VPSHUFB    T_elimA(R11), Y4, Y5
	VPSHUFB    T_elimB(R11), Y4, Y6
	VPSHUFB    T_elimC(R11), Y4, Y7
	VPSHUFB    T_elimD(R11), Y4, Y8
	VPTERNLOGD $0xfe, Y7, Y6, Y5 // Y5 |= Y6 | Y7
	VPOR       Y8, Y5, Y5
	VPERMQ     $0x4e, Y5, Y6
	VPTERNLOGD $0x10, Y6, Y5, Y1 // cfg &^= Y5 | Y6
	VMOVDQA    X1, X0            // the low half, the high one zero
	VMOVDQU    Y0, (SI)

	// the band's positive triads, then its three boxes restricted to them
	VPSHUFB T_configsToTriads(R11), Y1, Y2
	VPSHUFB T_configsToTriads+32(R11), Y1, Y3
	VPOR    Y2, Y3, Y14
	VPOR    T_kAllAtTriads(R11), Y14, Y14
	JMP     peer

resume:
	// the triads again, from the band as it is now
	MOVQ    R9, SI
	SHLQ    $5, SI
	ADDQ    DI, SI
	VPERMQ  $0x44, (SI), Y1
	VPSHUFB T_configsToTriads(R11), Y1, Y2
	VPSHUFB T_configsToTriads+32(R11), Y1, Y3
	VPOR    Y2, Y3, Y14
	VPOR    T_kAllAtTriads(R11), Y14, Y14

peer:
	MOVQ    R9, AX
	SHLQ    $4, AX
	LEAQ    (AX)(R12*4), AX
	ADDQ    R10, AX // the step: peerSteps[R9][R12][R10]
	MOVWQZX T_peerSteps+2(R11)(AX*8), CX
	MOVWQZX T_peerSteps+0(R11)(AX*8), BX
	MOVWQZX T_peerSteps+4(R11)(AX*8), R13
	VMOVDQU (R11)(CX*1), Y5
	VPERMD  Y14, Y5, Y0
	LEAQ    T_triadsToCands(R11), DX
	CMPQ    R9, $3
	JB      2(PC)
	ADDQ    $64, DX // vertical
	VPSHUFB (DX), Y0, Y1
	VPSHUFB 32(DX), Y0, Y2
	VPOR    Y1, Y2, Y0 // the box's candidates
	ADDQ    DI, BX
	VMOVDQU (BX), Y1
	VPANDN  Y1, Y0, Y2 // cells &^ candidates
	VPTEST  Y2, Y2
	JZ      nextpeer
	VPXOR   Y3, Y3, Y3
	VPXOR   Y4, Y4, Y4

boxloop:
	VPANDN   Y1, Y2, Y1
	VPOPCNTW Y1, Y5
	VPCMPGTW Y5, Y15, Y6 // minimums > counts
	VPTEST   Y6, Y6
	JNE      fail
	VPCMPEQW Y15, Y5, Y12

	// the candidates found twice in a row (lanes 4r..4r+3): Y8
	VPSHUFD    $0xb1, Y1, Y6
	VPOR       Y1, Y6, Y7
	VPAND      Y1, Y6, Y8
	VPSHUFB    Y16, Y7, Y9
	VPSHUFB    Y16, Y8, Y10
	VPAND      Y7, Y9, Y9
	VPTERNLOGD $0xfe, Y10, Y9, Y8

	// the candidates found twice in a column (lanes c, c+4, c+8, c+12): Y9
	VPERMQ     $0x4e, Y1, Y6
	VPOR       Y1, Y6, Y7
	VPAND      Y1, Y6, Y9
	VPSHUFD    $0x4e, Y7, Y10
	VPSHUFD    $0x4e, Y9, Y11
	VPAND      Y7, Y10, Y10
	VPTERNLOGD $0xfe, Y11, Y10, Y9

	// assertions: the candidates alone in their row or column, and the
	// lanes with as few candidates as they can have
	VPAND      Y8, Y9, Y8
	VMOVDQA    Y1, Y6
	VPTERNLOGD $0xd0, Y8, Y12, Y6 // cells & (Y12 | ^Y8)

	// the eliminations they imply
	VPANDD     Y17, Y6, Y7 // the cells' assertions
	VPSHUFB    Y16, Y7, Y8
	VPOR       Y7, Y8, Y8
	VPSHUFD    $0xb1, Y8, Y9
	VPOR       Y8, Y9, Y8 // across the rows
	VPERMQ     $0x4e, Y7, Y9
	VPOR       Y7, Y9, Y9
	VPSHUFD    $0x4e, Y9, Y10
	VPOR       Y9, Y10, Y9 // across the columns
	VPSHUFB    Y18, Y9, Y10
	VPSHUFB    Y19, Y9, Y11
	VPTERNLOGD $0xfe, Y11, Y10, Y9
	VPCMPGTW   Y13, Y7, Y10 // the lanes asserted
	VPTERNLOGD $0xfe, Y10, Y8, Y9 // the new box
	VPTERNLOGD $0xf6, Y7, Y9, Y2  // eliminations |= new box ^ assertions
	VPOR       Y6, Y3, Y3
	VPOR       Y9, Y4, Y4
	VPTEST     Y2, Y1
	JNE        boxloop
	VMOVDQU    Y1, (BX)

	// the band eliminations: the horizontal band's from the horizontal
	// triads, moved to lanes 4-6 of both halves, the vertical band's
	// from the vertical ones; DX: bit 0 (1) the horizontal band has
	// eliminations pending, bit 1 (2) the vertical one
	XORL    DX, DX
	VPSHUFB T_splitTriads(R11), Y3, Y5
	VPERMQ  $0x4e, Y5, Y6
	VPOR    Y5, Y6, Y5
	VPSHUFB T_splitTriads(R11), Y4, Y6
	VPERMQ  $0x4e, Y6, Y7
	VPOR    Y6, Y7, Y6
	MOVWQZX T_boxMsg+0(R11)(R13*8), AX
	MOVWQZX T_boxMsg+4(R11)(R13*8), CX
	VPSHUFB (R11)(CX*1), Y5, Y10
	VPSHUFB 32(R11)(CX*1), Y6, Y8
	VPSHUFB 64(R11)(CX*1), Y6, Y9
	VPTERNLOGD $0xfe, Y9, Y8, Y10
	VPOR    (DI)(AX*1), Y10, Y10
	VMOVDQU Y10, (DI)(AX*1) // Y10: the horizontal band
	VPERMQ  $0x4e, Y10, Y8
	VPTEST  Y10, Y8
	JZ      vertical
	SHRQ    $5, AX
	BTSQ    AX, R8
	ORL     $1, DX

vertical:
	MOVWQZX T_boxMsg+2(R11)(R13*8), AX
	MOVWQZX T_boxMsg+6(R11)(R13*8), CX
	VPSHUFB (R11)(CX*1), Y3, Y11
	VPSHUFB 32(R11)(CX*1), Y4, Y8
	VPSHUFB 64(R11)(CX*1), Y4, Y9
	VPTERNLOGD $0xfe, Y9, Y8, Y11
	VPOR    (DI)(AX*1), Y11, Y11
	VMOVDQU Y11, (DI)(AX*1) // Y11: the vertical band
	VPERMQ  $0x4e, Y11, Y8
	VPTEST  Y11, Y8
	JZ      pending
	SHRQ    $5, AX
	BTSQ    AX, R8
	ORL     $2, DX

pending:
	TESTL DX, DX
	JZ    nextpeer
	CMPQ  R14, $61
	JA    nextpeer // no room: the bands wait in R8
	LEAL  1(R10), AX
	CMPL  AX, $3
	JAE   bands
	SHLL  $5, AX // resume this band after
	ORL   R9, AX
	MOVL  R12, CX
	SHLL  $3, CX
	ORL   CX, AX
	ORL   $0x80, AX
	MOVB  AX, (SP)(R14*1)
	INCQ  R14

bands:
	// the box's bands: its horizontal band h from the box's column in
	// it, its vertical band v from its row; the band across is started
	// at once (no frame), the other pushed to start after it
	MOVBLZX T_boxBands(R11)(R13*2), AX   // h = the box's row
	MOVBLZX T_boxBands+1(R11)(R13*2), CX // v = 3 + the box's column
	CMPQ    R9, $3
	JB      fromHorizontal

	// from a vertical band: h first, v pushed
	BTL  $1, DX
	JCC  pushedV
	MOVL AX, BX
	SHLL $3, BX
	ORL  CX, BX
	ORL  $0x80, BX // v's frame
	MOVB BX, (SP)(R14*1)
	INCQ R14

pushedV:
	BTL  $0, DX
	JCC  next
	MOVQ    AX, R9
	LEAL    -3(CX), R12
	XORL    R10, R10
	BTRQ    R9, R8
	VMOVDQA Y10, Y0 // the band as stored above
	JMP     eliminateBand

fromHorizontal:
	// from a horizontal band: v first, h pushed
	BTL  $0, DX
	JCC  pushedH
	LEAL -3(CX), BX
	SHLL $3, BX
	ORL  AX, BX
	ORL  $0x80, BX // h's frame
	MOVB BX, (SP)(R14*1)
	INCQ R14

pushedH:
	BTL  $1, DX
	JCC  next
	MOVQ    CX, R9
	MOVL    AX, R12
	XORL    R10, R10
	BTRQ    R9, R8
	VMOVDQA Y11, Y0 // the band as stored above
	JMP     eliminateBand

nextpeer:
	INCQ R10
	CMPQ R10, $3
	JB   peer
	JMP  next

direct:
	// the caller's band R9, its vector in Y0, eliminated first, from peer 0
	XORL R12, R12
	XORL R10, R10
	MOVQ R9, SI
	SHLQ $5, SI
	ADDQ DI, SI
	JMP  eliminateY0

done:
	MOVL $1, AX
	VZEROUPPER
	RET

fail:
	XORL AX, AX
	VZEROUPPER
	RET

// func asmGuess(st *simdState, band int, value uint16, cfgs uint8) bool
TEXT ·asmGuess(SB), NOSPLIT, $0-25
	MOVQ         st+0(FP), DI
	MOVQ         band+8(FP), R9
	MOVWLZX      value+16(FP), CX
	MOVBLZX      cfgs+18(FP), DX
	SHLL         $8, DX
	KMOVW        DX, K1
	VMOVD        CX, X0
	VPBROADCASTW X0, Y0
	VMOVDQU16.Z  Y0, K1, Y0 // the digit in lanes 8+i, i in cfgs
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
	CALL         fixpoint<>(SB)
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
	MOVL         $0x1ffff, AX
	KMOVD        AX, K1
	VMOVDQU      0(SI), Y0
	VMOVDQU      32(SI), Y1
	VMOVDQU8.Z   64(SI), K1, Y2
	MOVL         $0x09090909, AX
	VMOVD        AX, X3
	VPBROADCASTD X3, Y3
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
	CALL fixpoint<>(SB)
	MOVB AX, ret+16(FP)
	RET

bad:
	VZEROUPPER
	MOVB $0, ret+16(FP)
	RET

// digitsOfBox writes the digits of the box at offset off of a solved position (SI) to
// the grid (DI) from its cell at: each lane's digit is the popcount of its bit and the
// bits below it.
#define digitsOfBox(off, at) \
	VMOVDQU    off(SI), Y0; \
	VPADDW     Y15, Y0, Y1; \
	VPOR       Y0, Y1, Y1; \
	VPOPCNTW   Y1, Y1; \
	VPMOVWB    Y1, X1; \
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

// func asmGrid(boxen *[9][16]uint16, grid *Grid)
TEXT ·asmGrid(SB), NOSPLIT, $0-16
	MOVQ     boxen+0(FP), SI
	MOVQ     grid+8(FP), DI
	VPCMPEQW Y15, Y15, Y15 // -1 in each lane
	digitsOfBox(0, 0)
	digitsOfBox(32, 3)
	digitsOfBox(64, 6)
	digitsOfBox(96, 27)
	digitsOfBox(128, 30)
	digitsOfBox(160, 33)
	digitsOfBox(192, 54)
	digitsOfBox(224, 57)
	digitsOfBox(256, 60)
	VZEROUPPER
	RET
