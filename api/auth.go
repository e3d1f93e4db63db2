package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
)

// Keys resolves the secret a client sends to its API key;
// *apikey.Ring satisfies it.
type Keys interface {
	Lookup(secret string) (apikey.Key, bool)
}

// APIKeyHeader is the header a client may send its key in instead of
// Authorization: Bearer.
const APIKeyHeader = "X-API-Key"

// authRealm names the protection space in WWW-Authenticate.
const authRealm = "sudoku"

// anonymous is the client label of requests without a key.
const anonymous = "anonymous"

// clientInfo is filled in by withAuth for the access log and metrics of
// withObserve, which runs outside it and so cannot see the context it
// derives.
type clientInfo struct{ name string }

type clientInfoKey struct{}
type clientKeyKey struct{}

// clientKey returns the API key of the request, if it sent a valid one.
func clientKey(ctx context.Context) (apikey.Key, bool) {
	k, ok := ctx.Value(clientKeyKey{}).(apikey.Key)
	return k, ok
}

// authError is the refusal of a request without the key or the scope it
// needs: 401 or 403, with a WWW-Authenticate challenge. It is answered by
// the middleware or handler that finds it, never passed on as an error.
type authError struct {
	status     int
	scope      apikey.Scope // the scope needed, if any
	invalidKey bool         // a key was sent, and is not known
	reason     string
}

// problem is the 401 or 403 of e, with its challenge (RFC 6750).
func (e *authError) problem() Problem {
	p := Problem{Status: e.status, Detail: e.reason}
	challenge := `Bearer realm="` + authRealm + `"`
	switch e.status {
	case http.StatusUnauthorized:
		p.Code, p.Title = "unauthorized", "API key missing or invalid"
		if e.invalidKey {
			challenge += `, error="invalid_token"`
		}
	default:
		p.Code, p.Title = "insufficient-scope", "API key lacks a scope"
		challenge += `, error="insufficient_scope"`
	}
	if e.scope != "" {
		challenge += `, scope="` + string(e.scope) + `"`
		p.Allowed = []string{string(e.scope)}
	}
	p.wwwAuthenticate = challenge
	return p
}

// presentedSecret returns the key the request sends, from Authorization:
// Bearer or X-API-Key, and whether it sent one; a malformed Authorization
// header counts as a bad key.
func presentedSecret(r *http.Request) (secret string, sent bool) {
	if v := r.Header.Get("Authorization"); v != "" {
		scheme, token, _ := strings.Cut(v, " ")
		if !strings.EqualFold(scheme, "Bearer") {
			return "", true
		}
		return strings.TrimSpace(token), true
	}
	if v := r.Header.Get(APIKeyHeader); v != "" {
		return strings.TrimSpace(v), true
	}
	return "", false
}

// withAuth resolves the request's API key. A request without one goes on
// as anonymous; one with a key that is not known (or a malformed
// Authorization header) goes on marked, to be refused with 401 by
// refuseBadKey after the rate limit has charged its address, whatever the
// route, so a client with a revoked or mistyped key learns at once and a
// flood of bad keys is limited like any anonymous traffic. The key's name,
// never its secret, is recorded for the access log and the client label.
// A key with scope daily:ahead carries the service's read-ahead grant
// (service.WithReadAhead): the one place the embargo is lifted.
func withAuth(keys Keys) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			secret, sent := presentedSecret(r)
			if !sent {
				next.ServeHTTP(w, r)
				return
			}
			var k apikey.Key
			ok := false
			if keys != nil && secret != "" {
				k, ok = keys.Lookup(secret)
			}
			if !ok {
				next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), badKeyKey{}, true)))
				return
			}
			if ci, ok := r.Context().Value(clientInfoKey{}).(*clientInfo); ok {
				ci.name = k.Name
			}
			ctx := context.WithValue(r.Context(), clientKeyKey{}, k)
			if k.Has(apikey.DailyAhead) {
				ctx = service.WithReadAhead(ctx)
			}
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// badKeyKey marks a request whose API key withAuth could not accept.
type badKeyKey struct{}

// refuseBadKey answers 401 to a request withAuth marked as sending a bad
// key; it runs after the rate limit, which charged the request to its
// address.
func refuseBadKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if bad, _ := r.Context().Value(badKeyKey{}).(bool); bad {
			writeProblem(w, r, (&authError{status: http.StatusUnauthorized, invalidKey: true,
				reason: "invalid API key: it is unknown, revoked or malformed"}).problem())
			return
		}
		next.ServeHTTP(w, r)
	})
}

// requireScope returns nil when the request's key carries scope, else the
// refusal to answer: 401 without a key, 403 with a key lacking it. what
// says what the scope is needed for.
func requireScope(r *http.Request, scope apikey.Scope, what string) *authError {
	k, ok := clientKey(r.Context())
	switch {
	case !ok:
		return &authError{status: http.StatusUnauthorized, scope: scope,
			reason: what + " needs an API key with scope " + string(scope) + ": send it as Authorization: Bearer <key>"}
	case !k.Has(scope):
		return &authError{status: http.StatusForbidden, scope: scope,
			reason: what + " needs scope " + string(scope) + ", which key " + k.Name + " lacks"}
	}
	return nil
}

// withScope refuses requests whose key lacks scope (see requireScope).
func withScope(scope apikey.Scope, what string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if ae := requireScope(r, scope, what); ae != nil {
				writeProblem(w, r, ae.problem())
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}
