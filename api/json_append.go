package api

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// jsonAppender is a response type that writes its own JSON: the answers of
// the hot endpoints (/solve, /generate, the probes), which encoding/json's
// reflection would otherwise cost a few microseconds each. The output is
// byte for byte what encoding/json writes with SetEscapeHTML(false), minus
// the trailing newline; TestAppendJSONMatchesEncodingJSON holds every
// implementation to that over random values, so a field added to the
// struct but not to appendJSON fails it.
type jsonAppender interface {
	// appendJSON appends the value's JSON to b. It fails only where
	// encoding/json fails (a NaN or infinite float).
	appendJSON(b []byte) ([]byte, error)
}

// jsonObject appends the members of one JSON object; the first call to a
// member method opens it and close ends it.
type jsonObject struct {
	b    []byte
	err  error
	open bool
}

func (o *jsonObject) key(k string) {
	if o.open {
		o.b = append(o.b, ',')
	} else {
		o.b = append(o.b, '{')
		o.open = true
	}
	o.b = appendJSONString(o.b, k)
	o.b = append(o.b, ':')
}

func (o *jsonObject) str(k, v string) {
	o.key(k)
	o.b = appendJSONString(o.b, v)
}

func (o *jsonObject) int(k string, v int) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, int64(v), 10)
}

func (o *jsonObject) bool(k string, v bool) {
	o.key(k)
	o.b = strconv.AppendBool(o.b, v)
}

func (o *jsonObject) float(k string, v float64) {
	o.key(k)
	var err error
	if o.b, err = appendJSONFloat(o.b, v); err != nil && o.err == nil {
		o.err = err
	}
}

// raw appends a member whose value is already JSON.
func (o *jsonObject) raw(k string, value func([]byte) ([]byte, error)) {
	o.key(k)
	var err error
	if o.b, err = value(o.b); err != nil && o.err == nil {
		o.err = err
	}
}

func (o *jsonObject) close() ([]byte, error) {
	if !o.open {
		o.b = append(o.b, '{')
	}
	return append(o.b, '}'), o.err
}

// appendJSONString appends s as a JSON string the way encoding/json does
// without HTML escaping: '"', '\\' and control characters escaped, invalid
// UTF-8 replaced by U+FFFD, U+2028 and U+2029 escaped for JavaScript.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendJSONFloat appends f as encoding/json writes a float64: the
// shortest representation, in exponent form only for very small or large
// magnitudes, and an error for NaN and infinities, which JSON lacks.
func appendJSONFloat(b []byte, f float64) ([]byte, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return b, &json.UnsupportedValueError{Str: strconv.FormatFloat(f, 'g', -1, 64)}
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-07 → e-7, as encoding/json does.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b, nil
}

// appendJSONIntRows appends rows of integers, a nil row as null.
func appendJSONIntRows(b []byte, rows [][]int) []byte {
	if rows == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, row := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		if row == nil {
			b = append(b, "null"...)
			continue
		}
		b = append(b, '[')
		for j, v := range row {
			if j > 0 {
				b = append(b, ',')
			}
			b = strconv.AppendInt(b, int64(v), 10)
		}
		b = append(b, ']')
	}
	return append(b, ']')
}
