// The body of asmSolveAVX512 and asmSolveAVX2 (solve_asm_amd64.s says
// what they do), included into both TEXT blocks after the definitions of
// two macros, as solve_asm_fixpoint_amd64.h is:
//
//	GUESS_LANES   Y0 (the digit in every lane) kept in lanes 8+i for
//	              each bit i of DX and cleared elsewhere; may clobber DX,
//	              R11, Y1 and Y2
//	FIXPOINT      the call of the body's fixpoint
//
// The search is the recursion of searchAsm (solve_asm_amd64.go) as a
// loop over a stack of slots in this function's frame, 512 bytes each
// and 64-byte aligned: the position (480 bytes, a simdState) and, when
// the search has gone on into the next slot with a guess, the guess
// still to try in this one (band at 480, digit at 488, configuration at
// 496). DI is the slot of the node (fixpoint keeps DI; every other
// register is reloaded from the frame after a call).
//
// Frame (hardware SP): 0-16 the arguments of asmInit and asmGrid, 24 the
// first slot, 32 count, 40 guesses, 48 nodes, 56 limit, 64 budget, 72
// sol, 80 the end of the slots, 88 DI saved; the slots from 128 on.
//
// The depth: the search goes on into the next slot only with the guess
// that assigns a digit to one configuration of a band where it had two
// or more, and eliminations never add a configuration; so each slot has
// fewer (band, digit) pairs with two or more configurations than the one
// before, and there are 54 such pairs: at most 55 slots are used. The
// loop checks the bound all the same, and gives up (as for the budget)
// past it.

	MOVQ limit+8(FP), AX
	MOVQ AX, 56(SP)
	MOVQ budget+16(FP), AX
	MOVQ AX, 64(SP)
	MOVQ sol+24(FP), AX
	MOVQ AX, 72(SP)
	XORL AX, AX
	MOVQ AX, 32(SP)
	MOVQ AX, 40(SP)
	MOVQ AX, 48(SP)
	LEAQ 191(SP), DI
	ANDQ $-64, DI
	MOVQ DI, 24(SP)
	LEAQ (ASM_SLOTS*512)(DI), AX
	MOVQ AX, 80(SP)
	MOVQ DI, 0(SP)
	MOVQ grid+0(FP), AX
	MOVQ AX, 8(SP)
	CALL ·asmInit(SB)
	MOVQ 24(SP), DI
	CMPB 16(SP), $0
	JEQ  done

node:
	MOVQ 48(SP), AX
	INCQ AX
	MOVQ AX, 48(SP)
	CMPQ AX, 64(SP)
	JGT  spent

	// chooseBand: the band with the fewest configurations (lanes 0-5,
	// popcounts over 64 and 32 bits) minus 10, unsigned, so that the
	// fixed bands (9) come last; the first of the smallest
	MOVQ    0(DI), AX
	POPCNTQ AX, AX
	MOVL    8(DI), CX
	POPCNTL CX, CX
	LEAQ    -10(AX)(CX*1), R10
	XORL    R9, R9

#define bandKey(b, off) \
	MOVQ    off(DI), AX; \
	POPCNTQ AX, AX; \
	MOVL    off+8(DI), CX; \
	POPCNTL CX, CX; \
	LEAQ    -10(AX)(CX*1), AX; \
	MOVL    $b, CX; \
	CMPQ    AX, R10; \
	CMOVQCS AX, R10; \
	CMOVQCS CX, R9

	bandKey(1, 32)
	bandKey(2, 64)
	bandKey(3, 96)
	bandKey(4, 128)
	bandKey(5, 160)
#undef bandKey
	CMPQ R10, $86 // 96 configurations at most, minus 10
	JHI  solved

	// the digit: one with two configurations, else three, else four or
	// more (AX: in one at least, BX two, CX three, DX four)
	MOVQ    R9, SI
	SHLQ    $5, SI
	ADDQ    DI, SI
	MOVWLZX 0(SI), AX
	XORL    BX, BX
	XORL    CX, CX
	XORL    DX, DX

#define digitLane(off) \
	MOVWLZX off(SI), R11; \
	MOVL    CX, R12; \
	ANDL    R11, R12; \
	ORL     R12, DX; \
	MOVL    BX, R12; \
	ANDL    R11, R12; \
	ORL     R12, CX; \
	MOVL    AX, R12; \
	ANDL    R11, R12; \
	ORL     R12, BX; \
	ORL     R11, AX

	digitLane(2)
	digitLane(4)
	digitLane(6)
	digitLane(8)
	digitLane(10)
#undef digitLane
	MOVL CX, R12
	NOTL R12
	ANDL BX, R12 // two &^ three
	JNZ  pick
	MOVL DX, R12
	NOTL R12
	ANDL CX, R12 // three &^ four
	JNZ  pick
	MOVL DX, R12

pick:
	MOVL R12, CX
	NEGL CX
	ANDL R12, CX // the digit: the lowest bit

	// the configurations that hold it (R13, bit i: lane i)
	XORL R13, R13

#define withLane(off) \
	XORL  R12, R12; \
	TESTW CX, off(SI); \
	SETNE R12B; \
	LEAL  (R12)(R13*2), R13

	withLane(10)
	withLane(8)
	withLane(6)
	withLane(4)
	withLane(2)
	withLane(0)
#undef withLane
	MOVL R13, DX
	NEGL DX
	ANDL R13, DX  // first
	XORL DX, R13  // the others
	MOVQ R9, 480(DI)
	MOVQ CX, 488(DI)
	MOVQ DX, 496(DI)
	INCQ 40(SP)

	// the next slot: a copy of this one, the digit assigned to the first
	// configuration there (the others eliminated)
	VMOVDQU 0(DI), Y0
	VMOVDQU 32(DI), Y1
	VMOVDQU 64(DI), Y2
	VMOVDQU 96(DI), Y3
	VMOVDQU 128(DI), Y4
	VMOVDQU 160(DI), Y5
	VMOVDQU 192(DI), Y6
	VMOVDQU 224(DI), Y7
	VMOVDQU 256(DI), Y8
	VMOVDQU 288(DI), Y9
	VMOVDQU 320(DI), Y10
	VMOVDQU 352(DI), Y11
	VMOVDQU 384(DI), Y12
	VMOVDQU 416(DI), Y13
	VMOVDQU 448(DI), Y14
	ADDQ    $512, DI
	CMPQ    DI, 80(SP)
	JAE     spent
	VMOVDQU Y0, 0(DI)
	VMOVDQU Y1, 32(DI)
	VMOVDQU Y2, 64(DI)
	VMOVDQU Y3, 96(DI)
	VMOVDQU Y4, 128(DI)
	VMOVDQU Y5, 160(DI)
	VMOVDQU Y6, 192(DI)
	VMOVDQU Y7, 224(DI)
	VMOVDQU Y8, 256(DI)
	VMOVDQU Y9, 288(DI)
	VMOVDQU Y10, 320(DI)
	VMOVDQU Y11, 352(DI)
	VMOVDQU Y12, 384(DI)
	VMOVDQU Y13, 416(DI)
	VMOVDQU Y14, 448(DI)
	MOVL    R13, DX

// guess eliminates digit CX from the configurations DX of band R9 of the
// slot at DI and propagates, as asmGuess does, and goes on to the node
// there unless that finds a contradiction. The elimination always has
// work (each configuration in DX holds the digit), so asmGuess's test
// for it is left out.
#define guess \
	VMOVD        CX, X0; \
	VPBROADCASTW X0, Y0; \
	GUESS_LANES; \
	MOVQ         R9, AX; \
	SHLQ         $5, AX; \
	VPOR         (DI)(AX*1), Y0, Y0; \
	VMOVDQU      Y0, (DI)(AX*1); \
	XORL         R8, R8; \
	XORL         CX, CX; \
	MOVL         $1, BX; \
	FIXPOINT; \
	TESTL        AX, AX; \
	JNZ          node

	guess
	SUBQ $512, DI

second:
	// the guess left in this slot: the digit eliminated from the first
	// configuration
	MOVQ 480(DI), R9
	MOVQ 488(DI), CX
	MOVQ 496(DI), DX
	guess
#undef guess

backtrack:
	CMPQ DI, 24(SP)
	JEQ  done
	SUBQ $512, DI
	JMP  second

solved:
	MOVQ 32(SP), AX
	INCQ AX
	MOVQ AX, 32(SP)
	CMPQ AX, $1
	JNE  counted
	MOVQ 72(SP), CX
	TESTQ CX, CX
	JZ   counted
	MOVQ DI, 88(SP)
	LEAQ 192(DI), DX
	MOVQ DX, 0(SP)
	MOVQ CX, 8(SP)
	CALL ·asmGrid(SB)
	MOVQ 88(SP), DI
	MOVQ 32(SP), AX

counted:
	CMPQ AX, 56(SP)
	JLT  backtrack

done:
	MOVQ 32(SP), AX
	MOVQ AX, count+32(FP)
	MOVQ 40(SP), AX
	MOVQ AX, guesses+40(FP)
	MOVQ 48(SP), AX
	MOVQ AX, nodes+48(FP)
	VZEROUPPER
	RET

spent:
	MOVQ $-1, 32(SP) // the count: given up, the search done again in Go
	JMP  done
