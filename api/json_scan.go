package api

// stringMembers is a request type that can take its members from
// scanStringObject, the fast path of decode for the usual request body: a
// flat object of plain strings such as {"puzzle":"..."}.
type stringMembers interface {
	// setMember stores the string member named key, spelt exactly as the
	// JSON tag, and reports false for any other key (decode then falls
	// back to encoding/json, which applies its own rules or refuses it).
	setMember(key, value string) bool
}

// maxScanMembers bounds the members of the fast path: request bodies have
// at most three.
const maxScanMembers = 4

// scanStringObject scans body as one JSON object whose members are all
// strings without escapes or non-ASCII characters, with distinct keys and
// nothing but whitespace around it, and hands them to v. It reports false,
// having stored nothing, for any body outside that shape, and for any key
// v does not take, having maybe stored some members: every member stored
// is one the body holds, so encoding/json, decoding the same body into v
// afterwards, overwrites each and leaves v as it would have alone.
func scanStringObject(body []byte, v stringMembers) bool {
	var members [maxScanMembers][2][]byte
	n := 0
	i := skipSpace(body, 0)
	if i >= len(body) || body[i] != '{' {
		return false
	}
	i = skipSpace(body, i+1)
	if i < len(body) && body[i] == '}' {
		i++
	} else {
		for {
			var key, value []byte
			var ok bool
			if key, i, ok = scanPlainString(body, i); !ok {
				return false
			}
			if i = skipSpace(body, i); i >= len(body) || body[i] != ':' {
				return false
			}
			if value, i, ok = scanPlainString(body, skipSpace(body, i+1)); !ok {
				return false
			}
			if n == maxScanMembers {
				return false
			}
			for _, m := range members[:n] {
				if string(m[0]) == string(key) {
					return false // a repeated key: encoding/json's last-wins rule applies
				}
			}
			members[n] = [2][]byte{key, value}
			n++
			if i = skipSpace(body, i); i >= len(body) {
				return false
			}
			if body[i] == '}' {
				i++
				break
			}
			if body[i] != ',' {
				return false
			}
			i = skipSpace(body, i+1)
		}
	}
	if skipSpace(body, i) != len(body) {
		return false
	}
	for _, m := range members[:n] {
		if !v.setMember(string(m[0]), string(m[1])) {
			return false
		}
	}
	return true
}

// scanPlainString scans a JSON string starting at body[i] whose content is
// printable ASCII without escapes, and returns the content and the index
// after the closing quote.
func scanPlainString(body []byte, i int) ([]byte, int, bool) {
	if i >= len(body) || body[i] != '"' {
		return nil, i, false
	}
	for j := i + 1; j < len(body); j++ {
		switch c := body[j]; {
		case c == '"':
			return body[i+1 : j], j + 1, true
		case c < 0x20 || c == '\\' || c >= 0x80:
			return nil, i, false
		}
	}
	return nil, i, false
}

// skipSpace returns the index of the first byte at or after i that is not
// JSON whitespace.
func skipSpace(body []byte, i int) int {
	for i < len(body) {
		switch body[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

func (p *puzzleInput) setMember(key, value string) bool {
	if key != "puzzle" {
		return false
	}
	p.Puzzle = &value
	return true
}

func (s *solveRequest) setMember(key, value string) bool {
	if key == "algorithm" {
		s.Algorithm = value
		return true
	}
	return s.puzzleInput.setMember(key, value)
}

func (h *hintRequest) setMember(key, value string) bool {
	if key == "current" {
		h.Current = &value
		return true
	}
	return h.puzzleInput.setMember(key, value)
}
