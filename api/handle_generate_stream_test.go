package api

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"go.uber.org/zap/zaptest"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/generate"
	"github.com/sudokuhq/sudoku/engine/rating"
	"github.com/sudokuhq/sudoku/internal/apikey"
	"github.com/sudokuhq/sudoku/service"
)

// streamServer serves svc with keys "bulk" (scope generate:bulk, rate
// limit bulkRate per minute, 0: none) and "plain" on a loopback listener.
func streamServer(t *testing.T, svc Service, bulkRate int) (*httptest.Server, map[string]string) {
	t.Helper()
	ring, secrets := testKeys(t, map[string][]apikey.Scope{"bulk": {apikey.GenerateBulk}, "plain": nil}, map[string]int{"bulk": bulkRate})
	reg := prometheus.NewRegistry()
	h := NewServer(zaptest.NewLogger(t), NewMetrics(reg, reg), svc, Config{Keys: ring, RateLimit: 1000, RateWindow: time.Minute})
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts, secrets
}

// getStream sends GET path asking for NDJSON with the secret as bearer.
func getStream(t *testing.T, ctx context.Context, url, secret string) *http.Response {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept", mediaNDJSON)
	if secret != "" {
		req.Header.Set("Authorization", "Bearer "+secret)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// streamLine is any line of a stream.
type streamLine struct {
	Kind     string  `json:"kind"`
	Seed     string  `json:"seed"`
	Puzzle   string  `json:"puzzle"`
	Token    string  `json:"token"`
	Count    int     `json:"count"`
	NextSeed string  `json:"next_seed"`
	Problem  Problem `json:"problem"`
}

func readLines(t *testing.T, res *http.Response) []streamLine {
	t.Helper()
	defer res.Body.Close()
	var out []streamLine
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		var l streamLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("line %d %q: %v", len(out)+1, sc.Text(), err)
		}
		out = append(out, l)
	}
	return out
}

func TestGenerateStream(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Hard, Puzzle: engine.MustParse(puzzleEasy), Fresh: true}}
	ts, secrets := streamServer(t, f, 0)

	res := getStream(t, t.Context(), ts.URL+"/generate?level=hard&count=250&seed=7", secrets["bulk"])
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != mediaNDJSON {
		t.Fatalf("stream: status %d, Content-Type %q; want 200, %s", res.StatusCode, res.Header.Get("Content-Type"), mediaNDJSON)
	}
	lines := readLines(t, res)
	if len(lines) != 251 {
		t.Fatalf("stream of 250 wrote %d lines, want 250 puzzles and an end line", len(lines))
	}
	for i, l := range lines[:250] {
		if l.Kind != kindPuzzle || l.Seed != fmt.Sprint(7+i) || l.Puzzle != puzzleEasy || l.Token != "token:"+puzzleEasy[:9] {
			t.Fatalf("line %d = %+v, want the puzzle of seed %d with its token", i+1, l, 7+i)
		}
	}
	if end := lines[250]; end.Kind != "end" || end.Count != 250 || end.NextSeed != "257" {
		t.Errorf("last line = %+v, want kind end, count 250, next_seed 257", end)
	}
	if f.genReq.Count != 250 || f.genReq.Level != rating.Hard {
		t.Errorf("service asked for %+v, want 250 hard", f.genReq)
	}

	// Scope: a stream needs generate:bulk whatever its count.
	for _, tt := range []struct {
		name, secret string
		want         int
	}{{"anonymous", "", 401}, {"no scope", secrets["plain"], 403}} {
		res := getStream(t, t.Context(), ts.URL+"/generate?level=hard&count=2", tt.secret)
		res.Body.Close()
		if res.StatusCode != tt.want || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/problem+json") {
			t.Errorf("%s stream = %d %s, want %d problem+json", tt.name, res.StatusCode, res.Header.Get("Content-Type"), tt.want)
		}
	}

	// format=json wins over the Accept header: a plain batch.
	res = getStream(t, t.Context(), ts.URL+"/generate?level=hard&count=3&format=json", secrets["bulk"])
	var batch batchJSON
	if err := json.NewDecoder(res.Body).Decode(&batch); err != nil || batch.Kind != kindBatch || len(batch.Puzzles) != 3 {
		t.Errorf("format=json with Accept ndjson = %+v, %v; want a batch of 3", batch, err)
	}
	res.Body.Close()
}

func TestGenerateStreamErrors(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Hard, Fresh: true}, genErr: engine.ErrOverloaded}
	ts, secrets := streamServer(t, f, 0)
	res := getStream(t, t.Context(), ts.URL+"/generate?level=hard&count=5", secrets["bulk"])
	res.Body.Close()
	if res.StatusCode != 503 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/problem+json") {
		t.Errorf("stream refused before its first puzzle = %d %s, want 503 problem+json", res.StatusCode, res.Header.Get("Content-Type"))
	}

	f.mu.Lock()
	f.genErr, f.streamErr, f.streamOK = nil, generate.ErrGenerationFailed, 2
	f.mu.Unlock()
	res = getStream(t, t.Context(), ts.URL+"/generate?level=hard&count=5", secrets["bulk"])
	lines := readLines(t, res)
	if len(lines) != 3 || lines[2].Kind != "error" || lines[2].Count != 2 || lines[2].Problem.Status != 422 || lines[2].Problem.Code == "" {
		t.Errorf("stream failing after 2 puzzles = %+v, want 2 puzzles and an error line with its problem", lines)
	}
}

// TestGenerateStreamChargedPerPuzzle gives the key 5 requests a minute: the
// request costs one, each puzzle one more, so 4 puzzles come at once and
// the stream then waits for the window instead of failing.
func TestGenerateStreamChargedPerPuzzle(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Fresh: true}}
	ts, secrets := streamServer(t, f, 5)
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	res := getStream(t, ctx, ts.URL+"/generate?level=easy&count=50", secrets["bulk"])
	defer res.Body.Close()
	got := make(chan int, 1)
	go func() {
		n := 0
		sc := bufio.NewScanner(res.Body)
		for sc.Scan() {
			n++
			select {
			case <-got:
			default:
			}
			got <- n
		}
	}()
	n, deadline := 0, time.After(5*time.Second)
	for n < 4 {
		select {
		case n = <-got:
		case <-deadline:
			t.Fatalf("stream under a limit of 5 sent %d puzzles in 5 s, want 4 at once", n)
		}
	}
	select { // then nothing more while the window is spent
	case n = <-got:
		t.Errorf("stream under a limit of 5 sent %d puzzles, want it to stop at 4 and wait", n)
	case <-time.After(300 * time.Millisecond):
	}
	// The key's limit is spent: another request is refused with 429.
	res2 := getStream(t, t.Context(), ts.URL+"/generate?level=easy&count=1", secrets["bulk"])
	res2.Body.Close()
	if res2.StatusCode != 429 {
		t.Errorf("request after the stream spent the limit = %d, want 429", res2.StatusCode)
	}
}

// countingGenerate is an engine generator that counts its calls and takes
// a millisecond each.
type countingGenerate struct{ calls atomic.Int64 }

func (g *countingGenerate) generate(ctx context.Context, opt generate.Options) (generate.Puzzle, error) {
	g.calls.Add(1)
	select {
	case <-ctx.Done():
		return generate.Puzzle{}, ctx.Err()
	case <-time.After(time.Millisecond):
	}
	return generate.Puzzle{Level: opt.Level, Seed: opt.Seed, Fresh: true, Puzzle: engine.MustParse(puzzleEasy)}, nil
}

// TestGenerateStreamStopsWhenClientGoes runs the real service and pool
// (with a counting generator): a client that reads a few lines of a
// million-puzzle stream and hangs up stops the generation, and frees the
// stream's slot for the next one.
func TestGenerateStreamStopsWhenClientGoes(t *testing.T) {
	var gen countingGenerate
	pool := generate.NewPool(generate.PoolConfig{Options: generate.Options{Rater: rating.DefaultRater()}, Workers: 2, BufferSize: 1, Seed: 1, Generate: gen.generate})
	defer pool.Close()
	svc := service.New(service.Config{}, service.Deps{Pool: pool})
	ts, secrets := streamServer(t, svc, 0)

	ctx, cancel := context.WithCancel(t.Context())
	res := getStream(t, ctx, ts.URL+"/generate?level=medium&count=1000000&seed=1", secrets["bulk"])
	sc := bufio.NewScanner(res.Body)
	for i := 0; i < 3 && sc.Scan(); i++ {
	}
	cancel()
	res.Body.Close()
	// The stream's generations stop: the count settles.
	deadline := time.Now().Add(5 * time.Second)
	last := gen.calls.Load()
	for {
		time.Sleep(100 * time.Millisecond)
		n := gen.calls.Load()
		if n == last {
			break
		}
		last = n
		if time.Now().After(deadline) {
			t.Fatalf("generation goes on after the client left: %d calls", n)
		}
	}
	if last > 5000 {
		t.Errorf("%d generations for a client that read 3 puzzles", last)
	}
	// The slot is freed: a new stream is admitted (once the handler has
	// returned, a moment after the generation stopped) and completes.
	for {
		res := getStream(t, t.Context(), ts.URL+"/generate?level=medium&count=2&seed=9", secrets["bulk"])
		if res.StatusCode == http.StatusServiceUnavailable && time.Now().Before(deadline) {
			res.Body.Close()
			time.Sleep(50 * time.Millisecond)
			continue
		}
		if lines := readLines(t, res); len(lines) != 3 || lines[2].Kind != "end" {
			t.Errorf("stream after the client left = %d %+v, want 2 puzzles and an end line", res.StatusCode, lines)
		}
		break
	}
}

// TestGenerateStreamGzip asks for gzip: the stream comes compressed.
func TestGenerateStreamGzip(t *testing.T) {
	f := &fakeService{puzzle: generate.Puzzle{Level: rating.Easy, Puzzle: engine.MustParse(puzzleEasy), Fresh: true}}
	ts, secrets := streamServer(t, f, 0)
	req, _ := http.NewRequestWithContext(t.Context(), http.MethodGet, ts.URL+"/generate?level=easy&count=30&seed=1", nil)
	req.Header.Set("Accept", mediaNDJSON)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("Authorization", "Bearer "+secrets["bulk"])
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.Header.Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding = %q, want gzip", res.Header.Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	res.Body = io.NopCloser(zr)
	lines := readLines(t, res)
	if len(lines) != 31 || lines[29].Seed != "30" || lines[30].Kind != "end" {
		t.Errorf("gzipped stream = %d lines, last %+v; want 30 puzzles and an end line", len(lines), lines[len(lines)-1])
	}
}
