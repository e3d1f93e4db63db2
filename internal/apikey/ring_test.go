package apikey

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFileReloadKeepsLastGoodKeys(t *testing.T) {
	secretA, lineA, _ := New("a", []Scope{Publish}, 0)
	secretB, lineB, _ := New("b", nil, 0)
	path := filepath.Join(t.TempDir(), "keys")
	write := func(s string) {
		if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	var ring Ring
	if _, ok := ring.Lookup(secretA); ok {
		t.Fatal("empty ring found a key")
	}
	f := &File{Path: path}
	write(lineA + "\n")
	if changed, err := f.Reload(&ring, false); !changed || err != nil {
		t.Fatalf("first Reload = %t, %v", changed, err)
	}
	if changed, err := f.Reload(&ring, false); changed || err != nil {
		t.Fatalf("Reload of the same file = %t, %v; want no change", changed, err)
	}
	// A bad file is refused, once, and the keys stay.
	write(lineA + "\n" + lineB + " color=red\n")
	changed, err := f.Reload(&ring, false)
	if changed || err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("Reload of a bad file = %t, %v; want an error naming line 2", changed, err)
	}
	if _, ok := ring.Lookup(secretA); !ok {
		t.Fatal("the last good keys were dropped after a bad file")
	}
	if changed, err := f.Reload(&ring, false); changed || err != nil {
		t.Errorf("second Reload of the same bad file = %t, %v; want silence", changed, err)
	}
	if _, err := f.Reload(&ring, true); err == nil {
		t.Error("forced Reload of the bad file did not report it again")
	}
	// A blank file (a truncated write) is refused too.
	for _, content := range []string{"", "\n\n", "  \n\t\n"} {
		write(content)
		if changed, err := f.Reload(&ring, false); changed || !errors.Is(err, ErrNoKeys) {
			t.Errorf("Reload of %q = %t, %v; want ErrNoKeys", content, changed, err)
		}
		if _, ok := ring.Lookup(secretA); !ok {
			t.Fatalf("the last good keys were dropped after the key file became %q", content)
		}
	}
	// A file of comments only means no key: every key is dropped.
	write("# every key revoked\n")
	if changed, err := f.Reload(&ring, false); !changed || err != nil {
		t.Fatalf("Reload of a comment-only file = %t, %v; want no keys", changed, err)
	}
	if _, ok := ring.Lookup(secretA); ok {
		t.Error("a key is still found after a file of comments only")
	}
	// Fixed: b is in, and a rotated out.
	write(lineB + "\n")
	if changed, err := f.Reload(&ring, false); !changed || err != nil {
		t.Fatalf("Reload of the fixed file = %t, %v", changed, err)
	}
	if _, ok := ring.Lookup(secretB); !ok {
		t.Error("new key not found after reload")
	}
	if _, ok := ring.Lookup(secretA); ok {
		t.Error("removed key still found after reload")
	}
	// A missing file is an error; the keys stay.
	os.Remove(path)
	if _, err := f.Reload(&ring, false); err == nil {
		t.Error("Reload of a missing file succeeded")
	}
	if _, ok := ring.Lookup(secretB); !ok {
		t.Error("keys dropped when the file went missing")
	}
}
