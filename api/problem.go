package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/service"
)

// ProblemTypeBase prefixes every problem type: the anchors are the error
// table of docs/service.md, so a type URI leads to its explanation.
const ProblemTypeBase = "https://github.com/sudokuhq/sudoku/blob/main/docs/service.md#"

// Problem is an RFC 9457 problem details body, served as
// application/problem+json. Beside the standard members it carries a few
// extensions that say where the input is wrong.
type Problem struct {
	Type     string `json:"type"`
	Title    string `json:"title"`
	Status   int    `json:"status"`
	Detail   string `json:"detail,omitempty"`
	Instance string `json:"instance,omitempty"`

	// Code is a stable machine-readable name, the fragment of Type.
	Code string `json:"code"`
	// RequestID is the request's X-Request-ID, to find its log line.
	RequestID string `json:"request_id,omitempty"`
	// Parameter names the query parameter or body member at fault.
	Parameter string `json:"parameter,omitempty"`
	// Position of a bad character in the puzzle text (bad-char).
	Offset *int   `json:"offset,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Char   string `json:"char,omitempty"`
	// Found is the number of cells, rows or values found (cell-count,
	// row-count, row-length).
	Found *int `json:"found,omitempty"`
	// Cells names the cells at fault ("r1c1"): the bad value, or the two
	// conflicting givens.
	Cells []string `json:"cells,omitempty"`
	// Digit and Unit describe a conflict: the digit given twice and the
	// row, column or box holding it ("row 1", "box 5").
	Digit int    `json:"digit,omitempty"`
	Unit  string `json:"unit,omitempty"`
	// Allowed lists the accepted values of Parameter, when they are few.
	Allowed []string `json:"allowed,omitempty"`
	// Solutions is 0 on a no-solution problem, so that a /solve client
	// reads the count from either answer.
	Solutions *int `json:"solutions,omitempty"`
	// RetryAfter is the advised wait in seconds (429, 503), also sent as
	// the Retry-After header.
	RetryAfter int `json:"retry_after,omitempty"`
}

// paramError is a bad query parameter or body member: 400.
type paramError struct {
	name    string
	reason  string
	allowed []string
}

func (e *paramError) Error() string { return "invalid parameter " + e.name + ": " + e.reason }

// fieldError is an error about one member of the request body other than
// the puzzle (the player's grid of /hint): its problem names the member.
type fieldError struct {
	field string
	err   error
}

func (e *fieldError) Error() string { return e.field + ": " + e.err.Error() }
func (e *fieldError) Unwrap() error { return e.err }

// decodeError is a request body that could not be read as the expected
// JSON: 400, 415 for the wrong content type, or 408 when the body did not
// arrive within the server's read timeout.
type decodeError struct {
	status int
	reason string
	err    error
}

func (e *decodeError) Error() string {
	if e.err != nil {
		return e.reason + ": " + e.err.Error()
	}
	return e.reason
}

func (e *decodeError) Unwrap() error { return e.err }

// statusClientClosed is logged when the client went away before the
// answer (nginx's convention); the client never sees it.
const statusClientClosed = 499

// problemFor maps an error of the api, service or engine to its problem.
// It is the one place where errors become statuses; anything it does not
// know is a 500 whose detail stays in the log.
func problemFor(err error) Problem {
	if fe, ok := errors.AsType[*fieldError](err); ok {
		p := problemFor(fe.err)
		p.Parameter = fe.field
		return p
	}
	var (
		maxBytes *http.MaxBytesError
		decode   *decodeError
		param    *paramError
		level    *engine.UnknownLevelError
		algo     *engine.UnknownAlgorithmError
		parse    *engine.ParseError
		conflict *engine.ConflictError
		batch    *service.BatchError
		date     *service.DateError
		symmetry *engine.UnknownSymmetryError
		options  *engine.OptionsError
	)
	switch {
	case errors.As(err, &maxBytes):
		return Problem{Status: http.StatusRequestEntityTooLarge, Code: "body-too-large", Title: "Request body too large",
			Detail: "the request body is larger than " + strconv.FormatInt(maxBytes.Limit, 10) + " bytes"}
	case errors.As(err, &decode):
		switch decode.status {
		case http.StatusUnsupportedMediaType:
			return Problem{Status: decode.status, Code: "unsupported-media-type", Title: "Unsupported media type", Detail: decode.Error()}
		case http.StatusRequestTimeout:
			return Problem{Status: decode.status, Code: "request-timeout", Title: "Request timeout", Detail: decode.reason}
		}
		return Problem{Status: http.StatusBadRequest, Code: "malformed-json", Title: "Malformed JSON body", Detail: decode.Error()}
	case errors.As(err, &param):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: param.Error(),
			Parameter: param.name, Allowed: param.allowed}
	case errors.As(err, &level):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: level.Error(),
			Parameter: "level", Allowed: levelNames()}
	case errors.As(err, &algo):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: algo.Error(),
			Parameter: "algorithm", Allowed: algo.Valid}
	case errors.Is(err, engine.ErrBudgetExceeded):
		return Problem{Status: http.StatusUnprocessableEntity, Code: "budget-exceeded", Title: "Search budget exceeded",
			Detail: err.Error() + "; try the default algorithm", Parameter: "algorithm"}
	case errors.As(err, &parse):
		return parseProblem(parse)
	case errors.As(err, &conflict):
		return Problem{Status: http.StatusUnprocessableEntity, Code: "conflict", Title: "Conflicting givens", Detail: conflict.Error(),
			Digit: conflict.Digit, Unit: engine.UnitName(conflict.Unit),
			Cells: []string{engine.CellName(conflict.Cells[0]), engine.CellName(conflict.Cells[1])}}
	case errors.Is(err, engine.ErrNoSolution):
		zero := 0
		return Problem{Status: http.StatusUnprocessableEntity, Code: "no-solution", Title: "Puzzle has no solution", Detail: err.Error(), Solutions: &zero}
	case errors.Is(err, engine.ErrMultipleSolutions):
		return Problem{Status: http.StatusUnprocessableEntity, Code: "multiple-solutions", Title: "Puzzle has more than one solution",
			Detail: err.Error() + "; this operation needs a puzzle with exactly one"}
	case errors.As(err, &batch):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: batch.Error(), Parameter: "count"}
	case errors.As(err, &date):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: date.Error(), Parameter: "date"}
	case errors.As(err, &symmetry):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: symmetry.Error(),
			Parameter: "symmetry", Allowed: symmetryNames()}
	case errors.As(err, &options):
		return Problem{Status: http.StatusBadRequest, Code: "bad-parameter", Title: "Invalid parameter", Detail: options.Error(),
			Parameter: strings.ToLower(options.Field)}
	case errors.Is(err, engine.ErrGenerationFailed):
		return Problem{Status: http.StatusUnprocessableEntity, Code: "generation-failed", Title: "No puzzle meets the options",
			Detail: err.Error() + "; try another symmetry or level"}
	case errors.Is(err, service.ErrOverloaded), errors.Is(err, engine.ErrOverloaded):
		return Problem{Status: http.StatusServiceUnavailable, Code: "overloaded", Title: "Service overloaded", Detail: err.Error(), RetryAfter: 1}
	case errors.Is(err, service.ErrNotReady), errors.Is(err, engine.ErrPoolClosed):
		return Problem{Status: http.StatusServiceUnavailable, Code: "not-ready", Title: "Service not ready", Detail: err.Error(), RetryAfter: 1}
	case errors.Is(err, context.DeadlineExceeded):
		return Problem{Status: http.StatusGatewayTimeout, Code: "deadline", Title: "Deadline exceeded",
			Detail: "the answer was not ready within the request deadline"}
	case errors.Is(err, context.Canceled):
		return Problem{Status: statusClientClosed, Code: "canceled", Title: "Request canceled"}
	}
	return internalProblem()
}

func internalProblem() Problem {
	return Problem{Status: http.StatusInternalServerError, Code: "internal", Title: "Internal server error",
		Detail: "the error was logged; quote the request ID when reporting it"}
}

func parseProblem(e *engine.ParseError) Problem {
	p := Problem{Status: http.StatusUnprocessableEntity, Code: e.Code.String(), Title: "Invalid puzzle", Detail: e.Error(), Parameter: "puzzle"}
	switch e.Code {
	case engine.ErrBadChar:
		off := e.Offset
		p.Offset, p.Line, p.Column, p.Char = &off, e.Line, e.Column, string(e.Char)
	case engine.ErrCellCount:
		found := e.Found
		p.Found = &found
	case engine.ErrRowCount, engine.ErrRowLength:
		found := e.Found
		p.Found, p.Parameter = &found, "grid"
	case engine.ErrValue:
		p.Parameter, p.Cells = "grid", []string{engine.CellName(9*e.Row + e.Col)}
	}
	return p
}

func levelNames() []string {
	names := make([]string, len(engine.Levels()))
	for i, l := range engine.Levels() {
		names[i] = l.String()
	}
	return names
}

// writeError answers the request with the problem for err. Server faults
// (5xx but the expected 503 and 504) are logged with the error; client
// faults are not: the access log line already records them.
func writeError(w http.ResponseWriter, r *http.Request, log *zap.Logger, err error) {
	p := problemFor(err)
	if p.Status == http.StatusInternalServerError {
		requestLogger(r.Context(), log).Error("request failed", zap.Error(err))
	}
	writeProblem(w, r, p)
}

// writeProblem writes p as application/problem+json, filling in its type,
// instance and request ID.
func writeProblem(w http.ResponseWriter, r *http.Request, p Problem) {
	p.Type = ProblemTypeBase + p.Code
	p.Instance = r.URL.Path
	p.RequestID = RequestID(r.Context())
	if p.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(p.RetryAfter))
	}
	encode(w, r, p.Status, "application/problem+json", p)
}
