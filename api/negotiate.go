package api

import (
	"strconv"
	"strings"
)

// Media types the API answers with.
const (
	mediaJSON = "application/json"
	mediaSVG  = "image/svg+xml"
	mediaPDF  = "application/pdf"
)

// negotiate returns the offer that the Accept header accept prefers (RFC
// 9110, 12.5.1), or "" when it accepts none. offers are in the server's
// order of preference, which breaks ties of quality. Each offer takes the
// quality of the most specific range matching it (type/subtype, then
// type/*, then */*); q=0 refuses it. Ranges that do not parse, and media
// type parameters other than q, are ignored; a header without any usable
// range (or none at all) accepts the first offer.
func negotiate(accept string, offers ...string) string {
	if len(offers) == 0 {
		return ""
	}
	type rng struct {
		typ, sub string
		q        float64
	}
	var ranges []rng
	for part := range strings.SplitSeq(accept, ",") {
		mt, params, _ := strings.Cut(part, ";")
		typ, sub, ok := strings.Cut(strings.ToLower(strings.TrimSpace(mt)), "/")
		if !ok || typ == "" || sub == "" || (typ == "*" && sub != "*") {
			continue
		}
		q, good := 1.0, true
		for param := range strings.SplitSeq(params, ";") {
			k, v, _ := strings.Cut(strings.TrimSpace(param), "=")
			if !strings.EqualFold(strings.TrimSpace(k), "q") {
				continue
			}
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || f > 1 {
				good = false
			}
			q = f
		}
		if good {
			ranges = append(ranges, rng{typ, sub, q})
		}
	}
	if len(ranges) == 0 {
		return offers[0]
	}
	best, bestQ := "", 0.0
	for _, o := range offers {
		typ, sub, _ := strings.Cut(o, "/")
		q, spec := 0.0, -1
		for _, r := range ranges {
			s := -1
			switch {
			case r.typ == typ && r.sub == sub:
				s = 2
			case r.typ == typ && r.sub == "*":
				s = 1
			case r.typ == "*":
				s = 0
			}
			if s > spec {
				q, spec = r.q, s
			}
		}
		if q > bestQ {
			best, bestQ = o, q
		}
	}
	return best
}

// notAcceptableError is a request whose Accept header allows none of the
// media types the endpoint can answer with: 406.
type notAcceptableError struct {
	accept string
	offers []string
}

func (e *notAcceptableError) Error() string {
	return "Accept " + strconv.Quote(e.accept) + " allows none of " + strings.Join(e.offers, ", ")
}
