package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestStartCPUProfile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name       string
		path       string
		wantFile   bool   // a non-empty profile is written to path
		wantStderr string // in stderr; "" for nothing
	}{
		{name: "unset", path: ""},
		{name: "file", path: filepath.Join(dir, "cpu.pprof"), wantFile: true},
		{name: "unwritable", path: filepath.Join(dir, "no", "such", "dir", "cpu.pprof"), wantStderr: cpuProfileEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stderr bytes.Buffer
			stop := startCPUProfile(tt.path, &stderr)
			stop()
			if tt.wantStderr == "" && stderr.Len() > 0 || !strings.Contains(stderr.String(), tt.wantStderr) {
				t.Errorf("stderr = %q, want %q", stderr.String(), tt.wantStderr)
			}
			if tt.path == "" {
				return
			}
			fi, err := os.Stat(tt.path)
			if got := err == nil && fi.Size() > 0; got != tt.wantFile {
				t.Errorf("profile written: %v (%v), want %v", got, err, tt.wantFile)
			}
		})
	}
}
