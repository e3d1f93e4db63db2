//go:build amd64 && !purego

package engine

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"
)

// TestTriadTableOffsets checks the offsets that solve_asm_amd64.s reads
// the tables at (solve_asm_amd64.h) against the fields of triadTables.
func TestTriadTableOffsets(t *testing.T) {
	var x triadTables
	want := map[string]uintptr{
		"T_rotateRows1":     unsafe.Offsetof(x.rotateRows1),
		"T_cell3x3Mask":     unsafe.Offsetof(x.cell3x3Mask),
		"T_rowRotate3x3_1":  unsafe.Offsetof(x.rowRotate3x3_1),
		"T_rowRotate3x3_2":  unsafe.Offsetof(x.rowRotate3x3_2),
		"T_boxMinimums":     unsafe.Offsetof(x.boxMinimums),
		"T_splitTriads":     unsafe.Offsetof(x.splitTriads),
		"T_configsToTriads": unsafe.Offsetof(x.configsToTriads),
		"T_elimA":           unsafe.Offsetof(x.elimA),
		"T_elimB":           unsafe.Offsetof(x.elimB),
		"T_elimC":           unsafe.Offsetof(x.elimC),
		"T_elimD":           unsafe.Offsetof(x.elimD),
		"T_all3":            unsafe.Offsetof(x.all3),
		"T_triadsToCands":   unsafe.Offsetof(x.triadsToCands),
		"T_cellAssign":      unsafe.Offsetof(x.cellAssign),
		"T_initBand":        unsafe.Offsetof(x.initBand),
		"T_digitBits":       unsafe.Offsetof(x.digitBits),
		"T_boxBands":        unsafe.Offsetof(x.boxBands),
		"T_boxMsg":          unsafe.Offsetof(x.boxMsg),
		"T_cellPlace":       unsafe.Offsetof(x.cellPlace),
		"T_peerSteps":       unsafe.Offsetof(x.peerSteps),
		"T_kAllAtTriads":    unsafe.Offsetof(x.kAllAtTriads),
		"T_pendingBits":     unsafe.Offsetof(x.pendingBits),
		"T_popLookup":       unsafe.Offsetof(x.popLookup),
		"T_low4":            unsafe.Offsetof(x.low4),
	}
	f, err := os.Open("solve_asm_amd64.h")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || fields[0] != "#define" {
			continue
		}
		name := fields[1]
		got, err := strconv.ParseUint(fields[2], 10, 32)
		w, ok := want[name]
		switch {
		case err != nil || !ok:
			t.Errorf("solve_asm_amd64.h: #define %s %s: no such field offset known to this test", name, fields[2])
		case uintptr(got) != w:
			t.Errorf("solve_asm_amd64.h: %s = %d, want %d (unsafe.Offsetof)", name, got, w)
		}
		seen[name] = true
	}
	for name := range want {
		if !seen[name] {
			t.Errorf("solve_asm_amd64.h defines no %s", name)
		}
	}
	if got := unsafe.Offsetof(simdState{}.boxen); got != 192 {
		t.Errorf("simdState.boxen at offset %d, the assembly reads it at 192", got)
	}
}

// TestCPUFeatures checks the processor checks of the assembly port's two
// bodies against /proc/cpuinfo where there is one: the flags avx512f,
// avx512bw, avx512vl and avx512_bitalg for the AVX-512 body, avx2 and
// bmi1 for the AVX2 one.
func TestCPUFeatures(t *testing.T) {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		t.Skip("no /proc/cpuinfo to compare with")
	}
	var flags map[string]bool
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "flags" {
			flags = map[string]bool{}
			for _, f := range strings.Fields(v) {
				flags[f] = true
			}
			break
		}
	}
	if flags == nil {
		t.Skip("no flags line in /proc/cpuinfo")
	}
	avx512 := flags["avx512f"] && flags["avx512bw"] && flags["avx512vl"] && flags["avx512_bitalg"]
	avx2 := flags["avx2"] && flags["bmi1"]
	for _, c := range []struct {
		name      string
		got, want bool
	}{
		{"asmAVX512Supported()", asmAVX512Supported(), avx512},
		{"asmAVX2Supported()", asmAVX2Supported(), avx2},
		{"asmSupported()", asmSupported(), avx512 || avx2},
		{"asmAVX2Body", asmAVX2Body, avx2 && !avx512},
	} {
		if c.got != c.want {
			t.Errorf("%s = %v, /proc/cpuinfo says %v", c.name, c.got, c.want)
		}
	}
}
