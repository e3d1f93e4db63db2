package receipt

import (
	"encoding/json"
	"strconv"
)

// appendTokenJSON appends p as json.Marshal writes it (the members in
// tokenPayload's order, d and sol left out when empty and false), without
// reflection: a token is signed on every puzzle /generate and /daily
// serve, and encoding/json's reflection was about a third of the signing.
// A string that JSON must escape (a quote, a backslash, a control byte,
// <, > or &, anything beyond ASCII) is written by json.Marshal itself,
// so the bytes are always encoding/json's (TestAppendTokenJSON,
// FuzzAppendTokenJSON).
func appendTokenJSON(dst []byte, p tokenPayload) []byte {
	dst = append(dst, `{"id":`...)
	dst = appendJSONString(dst, p.ID)
	dst = append(dst, `,"p":`...)
	dst = appendJSONString(dst, p.Puzzle)
	dst = append(dst, `,"l":`...)
	dst = appendJSONString(dst, p.Level)
	dst = append(dst, `,"src":`...)
	dst = appendJSONString(dst, p.Source)
	if p.Date != "" {
		dst = append(dst, `,"d":`...)
		dst = appendJSONString(dst, p.Date)
	}
	if p.Solution {
		dst = append(dst, `,"sol":true`...)
	}
	dst = append(dst, `,"iat":`...)
	dst = strconv.AppendInt(dst, p.Issued, 10)
	dst = append(dst, `,"exp":`...)
	dst = strconv.AppendInt(dst, p.Expires, 10)
	return append(dst, '}')
}

// appendJSONString appends s as a JSON string, as json.Marshal writes it.
func appendJSONString(dst []byte, s string) []byte {
	for i := range len(s) {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			b, _ := json.Marshal(s) // a string always marshals
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
