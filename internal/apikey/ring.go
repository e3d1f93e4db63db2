package apikey

import (
	"bytes"
	"fmt"
	"os"
	"sync/atomic"
)

// Ring holds the current key Set, swapped whole on reload, so a request
// sees the old keys or the new ones, never a mix. The zero Ring holds no
// key; it is safe for concurrent use.
type Ring struct {
	set atomic.Pointer[Set]
}

// Lookup looks secret up in the current set (see Set.Lookup).
func (r *Ring) Lookup(secret string) (Key, bool) {
	s := r.set.Load()
	if s == nil {
		return Key{}, false
	}
	return s.Lookup(secret)
}

// Set returns the current key set (an empty one before the first Store).
func (r *Ring) Set() *Set {
	if s := r.set.Load(); s != nil {
		return s
	}
	return &Set{}
}

// Store makes s the current key set.
func (r *Ring) Store(s *Set) { r.set.Store(s) }

// File is a key file and what was last read from it, for reloading only
// when it changed.
type File struct {
	Path    string
	last    []byte // the content of the keys in use
	lastBad []byte // the content last refused, reported once
}

// Reload reads the file and, if its content changed since the last
// successful reload (or force is set), parses it and stores the new set
// in ring. changed reports whether it stored one. On a read or parse error
// the ring keeps its keys and the error says why (with the line numbers of
// bad lines), once: the same bad content is not reported again until it
// changes (or force is set).
func (f *File) Reload(ring *Ring, force bool) (changed bool, err error) {
	b, err := os.ReadFile(f.Path)
	if err != nil {
		return false, fmt.Errorf("key file: %w", err)
	}
	if !force && ((f.last != nil && bytes.Equal(b, f.last)) || (f.lastBad != nil && bytes.Equal(b, f.lastBad))) {
		return false, nil
	}
	set, err := Parse(bytes.NewReader(b))
	if err != nil {
		f.lastBad = b
		return false, fmt.Errorf("key file %s: %w", f.Path, err)
	}
	f.lastBad = nil
	ring.Store(set)
	f.last = b
	return true, nil
}
