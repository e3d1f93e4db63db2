//go:build goexperiment.simd && amd64

package simdprobe

import (
	"simd/archsimd"
	"testing"
)

// The three benchmarks run the same loop, two shifts (or rotations) of a
// 16-lane vector and an OR, so that their times compare the instructions
// the compiler picks: ShiftAllLeft and ShiftAllRight move their count into
// an XMM register with a legacy SSE instruction, which after AVX-512 code
// is slow on some machines; ShiftLeft and ShiftRight take a vector of
// counts, RotateAllLeft and RotateAllRight an immediate.

func needAVX512(b *testing.B) {
	if !archsimd.X86.AVX512() {
		b.Skip("no AVX-512 on this machine")
	}
}

func start() archsimd.Uint32x16 {
	var x [16]uint32
	for i := range x {
		x[i] = uint32(i) * 0x01234567
	}
	return archsimd.LoadUint32x16(&x)
}

func BenchmarkShiftAll(b *testing.B) {
	needAVX512(b)
	a := start()
	for b.Loop() {
		a = a.ShiftAllRight(1).Or(a.ShiftAllLeft(2))
	}
	var out [16]uint32
	a.Store(&out)
}

func BenchmarkShiftByVector(b *testing.B) {
	needAVX512(b)
	a := start()
	one, two := archsimd.BroadcastUint32x16(1), archsimd.BroadcastUint32x16(2)
	for b.Loop() {
		a = a.ShiftRight(one).Or(a.ShiftLeft(two))
	}
	var out [16]uint32
	a.Store(&out)
}

func BenchmarkRotateAll(b *testing.B) {
	needAVX512(b)
	a := start()
	for b.Loop() {
		a = a.RotateAllRight(1).Or(a.RotateAllLeft(2))
	}
	var out [16]uint32
	a.Store(&out)
}
