// The body of fixpoint (solve_asm_amd64.s says what it does and with
// which registers), included into two TEXT blocks: fixpoint<> with the
// AVX-512 definitions of the macros below and fixpointAVX2<> with the
// AVX2 ones, so that both bodies run the same instructions in the same
// order but for these:
//
//	LOAD_CONSTANTS                  the box loop's constants to registers
//	ROTATE_ROWS, ROW_ROTATE_1, _2   shuffle controls: a register or memory
//	AND_CELL_MASK(src, dst)         dst = src & cell3x3Mask
//	POPCOUNT9(src, dst, t1, t2)     dst = the bits of each lane of src
//	                                (below 512); t1, t2 scratch
//	OR3(a, b, dst)                  dst |= a | b; b clobbered
//	SPLIT_TRIADS(src, dst, t)       dst = the horizontal triads of src
//	                                (lanes 3, 7, 11) in lanes 12-14;
//	                                t scratch
//	ANDNOT_OR(a, b, dst)            dst &^= a | b; b clobbered
//	ROW_TWICE(a, dst, t1, t2, t3, t4)
//	                                dst = the bits of a's lanes set in
//	                                at least two lanes of their row (of
//	                                the lanes x, x+2, x+1, x+3: VPSHUFD
//	                                $0xb1 and ROTATE_ROWS); t1-t4 scratch
//	COLUMN_TWICE(a, dst, t1, t2, t3, t4)
//	                                the same in their column (the rows
//	                                r, r^1, r^2, r^3: VPSHUFD $0x4e and
//	                                VPERMQ $0x4e)
//	ASSERT(w, c2, y1, y7, y6)       y7 &^= w & c2, y6 = y1 &^ (w & c2);
//	                                w clobbered
//	KEEP(y7, x, dst, t)             dst &= y7 | ^x; t scratch
//	KEEP_COLUMN_BOX(y7, c, r, y4, dst, t1, t2, t)
//	                                KEEP(y7, c, dst, t) and
//	                                KEEP(y7, across the box, dst, t),
//	                                the box's other columns' c by
//	                                ROW_ROTATE_1, _2; y4 |= r | c; c
//	                                clobbered, t1, t2 scratch
//	COLUMN_OR(a, dst, t1, t2)       dst = a ORed over each column (the
//	                                rows r, r^1, r^2, r^3); t1, t2
//	                                scratch
//
// It is not a Go file nor a macro: labels are local to each TEXT block,
// so the one text serves both.

	LEAQ    ·triadT(SB), R11
	LOAD_CONSTANTS
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
	POPCOUNT9(Y2, Y3, Y4, Y5)
	VPCMPEQW   T_all3(R11), Y3, Y4
	VPAND      Y2, Y4, Y4
	VPSHUFB    T_elimA(R11), Y4, Y5
	VPSHUFB    T_elimB(R11), Y4, Y6
	VPSHUFB    T_elimC(R11), Y4, Y7
	VPSHUFB    T_elimD(R11), Y4, Y8
	OR3(Y7, Y6, Y5)
	VPOR       Y8, Y5, Y5
	VPERMQ     $0x4e, Y5, Y6
	ANDNOT_OR(Y6, Y5, Y1) // cfg &^= Y5 | Y6
	VMOVDQA    X1, X0            // the low half, the high one zero
	VMOVDQU    Y0, (SI)

	// the band's positive triads, then its three boxes restricted to them
	VPSHUFB T_configsToTriads(R11), Y1, Y14
	VPSHUFB T_configsToTriads+32(R11), Y1, Y3
	OR3(T_kAllAtTriads(R11), Y3, Y14)
	JMP     peer

resume:
	// the triads again, from the band as it is now
	MOVQ    R9, SI
	SHLQ    $5, SI
	ADDQ    DI, SI
	VPERMQ  $0x44, (SI), Y1
	VPSHUFB T_configsToTriads(R11), Y1, Y14
	VPSHUFB T_configsToTriads+32(R11), Y1, Y3
	OR3(T_kAllAtTriads(R11), Y3, Y14)

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
	VPTEST  Y1, Y0 // CF: no cell loses a candidate
	JCS     nextpeer
	VPAND   Y0, Y1, Y1
	VPXOR   Y3, Y3, Y3
	VPXOR   Y4, Y4, Y4

boxloop:
	// Y1: the cells. The counts: the lanes at their minimum (Y12), and
	// Y5 kept for the contradiction check after the loop
	POPCOUNT9(Y1, Y5, Y6, Y7)
	VPCMPEQW Y15, Y5, Y12

	// the candidates found at least twice in their row: Y9, from the
	// lanes x, x+2, x+1 and x+3 of the row
	ROW_TWICE(Y1, Y9, Y6, Y7, Y8, Y10)
	VPANDN  Y9, Y12, Y9 // and not in a lane at its minimum

	// at least twice in their column: Y10, from the rows r, r^1, r^2
	// and r^3
	COLUMN_TWICE(Y1, Y10, Y6, Y7, Y8, Y11)

	// assertions: the candidates alone in their row or column, and the
	// lanes with as few candidates as they can have: Y6, and in the
	// cells alone Y7
	AND_CELL_MASK(Y1, Y7)
	ASSERT(Y9, Y10, Y1, Y7, Y6) // Y7 &^= Y9 & Y10, Y6 = Y1 &^ (Y9 & Y10)
	VPOR    Y6, Y3, Y3

	// the eliminations they imply: the cells' assertions ORed over each
	// column (Y8), over each row with the lanes asserted (Y12) in Y10,
	// and over the box from the columns, each removed from the cells
	// (Y2) but for the assertions themselves (the lanes asserted in the
	// rows' reach only the cell lanes of Y4, which no band message reads)
	COLUMN_OR(Y7, Y8, Y9, Y10) // across the columns
	VPCMPGTW Y13, Y7, Y12 // the lanes asserted
	VPSHUFB  ROTATE_ROWS, Y7, Y9
	VPOR     Y7, Y9, Y9
	VPSHUFD  $0xb1, Y9, Y10
	OR3(Y12, Y9, Y10) // across the rows, and the lanes asserted
	VMOVDQA  Y1, Y2
	KEEP(Y7, Y10, Y2, Y11) // Y2 &= Y7 | ^Y10
	KEEP_COLUMN_BOX(Y7, Y8, Y10, Y4, Y2, Y9, Y12, Y11)
	VPTEST   Y1, Y2 // CF: no cell lost a candidate
	VMOVDQA  Y2, Y1
	JCC      boxloop

	// a lane below its minimum: the cells only lose candidates, so the
	// counts of the last pass (Y5, of the cells as they are) tell
	VPCMPGTW Y5, Y15, Y6
	VPTEST   Y6, Y6
	JNE      fail
	VMOVDQU  Y1, (BX)

	// the band eliminations: the horizontal band's from the horizontal
	// triads, moved to lanes 4-6 of both halves, the vertical band's
	// from the vertical ones; DX: bit 0 (1) the horizontal band has
	// eliminations pending, bit 1 (2) the vertical one
	XORL    DX, DX
	SPLIT_TRIADS(Y3, Y5, Y6)
	SPLIT_TRIADS(Y4, Y6, Y7)
	MOVWQZX T_boxMsg+0(R11)(R13*8), AX
	MOVWQZX T_boxMsg+4(R11)(R13*8), CX
	VPSHUFB (R11)(CX*1), Y5, Y10
	VPSHUFB 32(R11)(CX*1), Y6, Y8
	VPSHUFB 64(R11)(CX*1), Y6, Y9
	OR3(Y9, Y8, Y10)
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
	OR3(Y9, Y8, Y11)
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
