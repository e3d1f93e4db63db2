// Offsets of the fields of triadTables (solve_triad_tables_amd64.go) that
// solve_asm_amd64.s reads; TestTriadTableOffsets checks each against
// unsafe.Offsetof.
#define T_rotateRows1 0
#define T_cell3x3Mask 32
#define T_rowRotate3x3_1 64
#define T_rowRotate3x3_2 96
#define T_boxMinimums 128
#define T_splitTriads 160
#define T_configsToTriads 192
#define T_elimA 256
#define T_elimB 288
#define T_elimC 320
#define T_elimD 352
#define T_all3 384
#define T_triadsToCands 448
#define T_cellAssign 2816
#define T_pendingBits 7424
#define T_initBand 7648
#define T_popLookup 7680
#define T_low4 7712
#define T_digitBits 7808
#define T_boxBands 8096
#define T_boxMsg 8114
#define T_cellPlace 8186
#define T_peerSteps 9482
#define T_kAllAtTriads 10506
#define T_splitIndex 10538
