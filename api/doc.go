// Package api is the HTTP layer of the Sudoku service: a chi router over a
// service.Service, and nothing else. It speaks HTTP only: routes
// (routes.go, every endpoint on one screen), decoding and encoding
// (encode.go; a hand-written scanner for the flat string bodies of the hot
// POST routes, json_scan.go; encoding/json for every answer), the
// middleware (request IDs, access log, recovery, timeouts, rate limit,
// CORS), Prometheus metrics (metrics.go, which also implements the
// service's and the pool's hooks) and the health probes.
//
// Errors become answers in one place, problemFor (problem.go): domain
// errors carry an engine.Kind, and the table kindProblems maps each kind to
// a status, a problem type and a title; the error itself supplies the
// details (the parameter at fault, the allowed values, a parse position).
// Every error answer is an RFC 9457 application/problem+json body.
//
// Handlers are makers (handleSolve(s solver, log) http.Handler) that
// declare the narrow interface they consume and their request and response
// types beside them. NewServer builds the whole handler; cmd/sudokud owns
// the http.Server and its lifecycle.
package api
