//go:build amd64 && !purego && asmavx2

package engine

// forceAVX2Body makes the assembly port run its AVX2 body wherever the
// processor has AVX2, AVX-512 or not: the build tag asmavx2 is for
// measurement only (the AVX2 body, written for AMD Zen 2/3 and Intel
// before Ice Lake, timed whole process on an AVX-512 machine as a proxy;
// docs/solver-log.md, "The AVX2 body"). Builds for users leave it out.
const forceAVX2Body = true
