package main

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"
)

// soakCall is one kind of request of the soak's mix: the weight it is
// drawn with, its group in the report, and the statuses that are its
// right answers (a bad request's 4xx is right, not an error).
type soakCall struct {
	name   string
	group  string // "cheap", "expensive" or "bad"
	weight int
	want   []int
	next   func(base string, rnd *rand.Rand) (*http.Request, error)
}

// soakMix is the soak's traffic: the everyday calls, expensive ones (fresh
// and seeded generation, batches, slow solvers, explanations, far daily
// dates), and bad ones that must get their specific 4xx.
func soakMix(puzzles []string) []soakCall {
	get := func(path string) func(string, *rand.Rand) (*http.Request, error) {
		return func(base string, _ *rand.Rand) (*http.Request, error) {
			return http.NewRequest(http.MethodGet, base+path, nil)
		}
	}
	post := func(path, ctype string, body func(rnd *rand.Rand) string) func(string, *rand.Rand) (*http.Request, error) {
		return func(base string, rnd *rand.Rand) (*http.Request, error) {
			req, err := http.NewRequest(http.MethodPost, base+path, strings.NewReader(body(rnd)))
			if err == nil && ctype != "" {
				req.Header.Set("Content-Type", ctype)
			}
			return req, err
		}
	}
	puzzle := func(rnd *rand.Rand) string { return puzzles[rnd.IntN(len(puzzles))] }
	body := func(rnd *rand.Rand) string { return `{"puzzle":"` + puzzle(rnd) + `"}` }
	json := "application/json"
	ok := []int{http.StatusOK}
	return []soakCall{
		{"generate", "cheap", 30, ok, func(base string, rnd *rand.Rand) (*http.Request, error) {
			return http.NewRequest(http.MethodGet, base+"/generate?level="+[]string{"easy", "medium", "hard", "evil"}[rnd.IntN(4)], nil)
		}},
		{"solve", "cheap", 25, ok, post("/solve", json, body)},
		{"rate", "cheap", 10, ok, post("/rate", json, body)},
		{"daily today", "cheap", 10, ok, get("/daily?level=medium")},
		{"healthz", "cheap", 5, ok, get("/healthz")},
		{"generate fresh evil", "expensive", 2, []int{200, 503, 504}, get("/generate?level=evil&fresh=true")},
		{"generate seeded batch", "expensive", 1, []int{200, 503, 504}, func(base string, rnd *rand.Rand) (*http.Request, error) {
			return http.NewRequest(http.MethodGet, fmt.Sprintf("%s/generate?level=hard&count=10&seed=%d", base, rnd.Uint32()), nil)
		}},
		// A date after today in UTC+14 needs an API key (401 without).
		{"daily far date", "expensive", 2, []int{200, 401, 503, 504}, func(base string, rnd *rand.Rand) (*http.Request, error) {
			day := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC).AddDate(0, 0, rnd.IntN(36500))
			return http.NewRequest(http.MethodGet, base+"/daily?level=hard&date="+day.Format(time.DateOnly), nil)
		}},
		{"solve brute", "expensive", 1, []int{200, 422, 503}, post("/solve", json, func(rnd *rand.Rand) string {
			return `{"puzzle":"` + puzzle(rnd) + `","algorithm":"brute"}`
		})},
		{"rate explain", "expensive", 2, ok, post("/rate?explain=true", json, body)},
		{"bad json", "bad", 2, []int{400}, post("/solve", json, func(*rand.Rand) string { return `{"puzzle":` })},
		{"bad member case", "bad", 1, []int{400}, post("/solve", json, func(rnd *rand.Rand) string { return `{"PUZZLE":"` + puzzle(rnd) + `"}` })},
		{"bad level", "bad", 1, []int{400}, get("/generate?level=expert")},
		{"bad content type", "bad", 1, []int{415}, post("/solve", "text/plain", body)},
		{"bad puzzle", "bad", 2, []int{422}, post("/solve", json, func(*rand.Rand) string { return `{"puzzle":"12x"}` })},
		{"body too large", "bad", 1, []int{413}, post("/solve", json, func(*rand.Rand) string { return `{"puzzle":"` + strings.Repeat(" ", 70_000) + `"}` })},
		{"unknown path", "bad", 1, []int{404}, get("/nope")},
		{"wrong method", "bad", 1, []int{405}, post("/healthz", "", func(*rand.Rand) string { return "" })},
		{"not acceptable", "bad", 1, []int{406}, func(base string, _ *rand.Rand) (*http.Request, error) {
			req, err := http.NewRequest(http.MethodGet, base+"/generate?level=easy", nil)
			if err == nil {
				req.Header.Set("Accept", "text/html")
			}
			return req, err
		}},
	}
}

// soakFloods sizes the floods that run beside the soak's traffic, each a
// set of connections reopened as the server closes them.
type soakFloods struct {
	idle       int // send one /healthz, then hold the connection idle
	slowHeader int // send a header byte every slowEvery, never finishing
	slowBody   int // send headers, then the body a byte every slowEvery
}

// slowEvery is the pace of the slow clients.
const slowEvery = 500 * time.Millisecond

// soakResult is what the soak measured.
type soakResult struct {
	elapsed     time.Duration
	byClass     map[string]int             // "group|request|class" → requests
	latency     map[string][]time.Duration // group → latencies of right answers
	floodConns  int                        // connections the floods opened
	goroutines0 float64                    // server goroutines before
	goroutines1 float64                    // and after, floods gone
	peakRSS     int64                      // server VmHWM, bytes
	firstErrors []string
}

// soak runs mixed traffic from conns keep-alive clients for d, beside the
// floods, and classifies every answer.
func soak(ctx context.Context, base, admin string, pid int, mix []soakCall, floods soakFloods, conns int, d time.Duration) soakResult {
	res := soakResult{byClass: map[string]int{}, latency: map[string][]time.Duration{}}
	res.goroutines0 = scrapeGauge(admin, "go_goroutines")
	total := 0
	for _, c := range mix {
		total += c.weight
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	record := func(c soakCall, class string, lat time.Duration, errText string) {
		mu.Lock()
		defer mu.Unlock()
		res.byClass[c.group+"|"+c.name+"|"+class]++
		if class == "right answer" {
			res.latency[c.group] = append(res.latency[c.group], lat)
		} else if errText != "" && len(res.firstErrors) < 5 {
			res.firstErrors = append(res.firstErrors, errText)
		}
	}
	flood := runFloods(ctx, base, floods, &wg)
	tr := &http.Transport{MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: time.Minute}
	client := &http.Client{Transport: tr, Timeout: 30 * time.Second}
	start := time.Now()
	for w := range conns {
		wg.Go(func() {
			rnd := rand.New(rand.NewPCG(uint64(w), 12))
			for ctx.Err() == nil {
				pick := rnd.IntN(total)
				var c soakCall
				for _, c = range mix {
					if pick -= c.weight; pick < 0 {
						break
					}
				}
				req, err := c.next(base, rnd)
				if err != nil {
					record(c, "request not built", 0, err.Error())
					continue
				}
				t0 := time.Now()
				resp, err := client.Do(req.WithContext(context.WithoutCancel(ctx)))
				if err != nil {
					record(c, "transport error", 0, c.name+": "+err.Error())
					continue
				}
				_, _ = io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				lat := time.Since(t0)
				switch s := resp.StatusCode; {
				case slices.Contains(c.want, s) && s < 500:
					record(c, "right answer", lat, "")
				case s == http.StatusServiceUnavailable && slices.Contains(c.want, s):
					record(c, "503 (deliberate: overloaded)", lat, "")
				case s == http.StatusGatewayTimeout && slices.Contains(c.want, s):
					record(c, "504 (generation deadline)", lat, "")
				default:
					record(c, fmt.Sprintf("%d unexpected", s), lat, fmt.Sprintf("%s: %d", c.name, s))
				}
			}
		})
	}
	wg.Wait()
	res.elapsed = time.Since(start)
	res.floodConns = flood()
	// The floods' and the clients' connections are closed: give the
	// server a moment to see it, then count its goroutines again.
	tr.CloseIdleConnections()
	time.Sleep(3 * time.Second)
	res.goroutines1 = scrapeGauge(admin, "go_goroutines")
	if pid != 0 {
		res.peakRSS, _ = peakRSS(pid)
	}
	return res
}

// runFloods starts the floods' goroutines (counted in wg; they end with
// ctx) and returns a function that reports how many connections they
// opened, to call once wg is done.
func runFloods(ctx context.Context, base string, f soakFloods, wg *sync.WaitGroup) func() int {
	u, _ := url.Parse(base)
	var (
		mu     sync.Mutex
		opened int
	)
	loop := func(hold func(c net.Conn) error) {
		for ctx.Err() == nil {
			c, err := (&net.Dialer{Timeout: 2 * time.Second}).DialContext(ctx, "tcp", u.Host)
			if err != nil {
				select { // the server is gone or refusing: no spinning
				case <-ctx.Done():
				case <-time.After(100 * time.Millisecond):
				}
				continue
			}
			mu.Lock()
			opened++
			mu.Unlock()
			stop := context.AfterFunc(ctx, func() { c.Close() })
			_ = hold(c) // ends when the server closes the connection, or ctx
			stop()
			c.Close()
		}
	}
	trickle := func(c net.Conn, s string) error {
		for i := range len(s) {
			if _, err := c.Write([]byte{s[i]}); err != nil {
				return err
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(slowEvery):
			}
		}
		return nil
	}
	for range f.idle {
		wg.Go(func() {
			loop(func(c net.Conn) error {
				if _, err := io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: soak\r\n\r\n"); err != nil {
					return err
				}
				_, err := io.Copy(io.Discard, c) // the answer, then nothing until the idle timeout
				return err
			})
		})
	}
	for range f.slowHeader {
		wg.Go(func() {
			loop(func(c net.Conn) error {
				return trickle(c, "GET /healthz HTTP/1.1\r\nHost: soak\r\nX-Slow: "+strings.Repeat("z", 1000))
			})
		})
	}
	for range f.slowBody {
		wg.Go(func() {
			loop(func(c net.Conn) error {
				body := `{"puzzle":"` + strings.Repeat(" ", 2000) + `"}`
				if _, err := fmt.Fprintf(c, "POST /solve HTTP/1.1\r\nHost: soak\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n", len(body)); err != nil {
					return err
				}
				return trickle(c, body)
			})
		})
	}
	return func() int {
		mu.Lock()
		defer mu.Unlock()
		return opened
	}
}

// printSoak writes the soak's report as Markdown.
func printSoak(w io.Writer, r soakResult, mix []soakCall, floods soakFloods, conns int) {
	fmt.Fprintf(w, "Soak: %s of mixed traffic from %d keep-alive clients (%d kinds of request), beside %d idle, %d slow-header and %d slow-body connections held open and reopened (%d opened in all).\n\n",
		r.elapsed.Round(time.Second), conns, len(mix), floods.idle, floods.slowHeader, floods.slowBody, r.floodConns)
	fmt.Fprintln(w, "| group | request | answer | count |")
	fmt.Fprintln(w, "| --- | --- | --- | ---: |")
	keys := make([]string, 0, len(r.byClass))
	for k := range r.byClass {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f := strings.SplitN(k, "|", 3)
		fmt.Fprintf(w, "| %s | %s | %s | %d |\n", f[0], f[1], f[2], r.byClass[k])
	}
	fmt.Fprintln(w, "\n| group | right answers | p50 | p99 | max |")
	fmt.Fprintln(w, "| --- | ---: | ---: | ---: | ---: |")
	for _, g := range []string{"cheap", "expensive", "bad"} {
		l := r.latency[g]
		slices.Sort(l)
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s |\n", g, len(l), round(quantile(l, .5)), round(quantile(l, .99)), round(quantile(l, 1)))
	}
	fmt.Fprintf(w, "\nServer goroutines: %.0f before, %.0f after (every connection closed, 3 s later). Server peak RSS (VmHWM): %.1f MiB.\n",
		r.goroutines0, r.goroutines1, float64(r.peakRSS)/(1<<20))
	if len(r.firstErrors) > 0 {
		fmt.Fprintf(w, "First unexpected answers: %s\n", strings.Join(r.firstErrors, "; "))
	}
}

// scrapeGauge reads one unlabelled sample from the server's /metrics (0
// when absent).
func scrapeGauge(base, name string) float64 {
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, name+" "); ok {
			var f float64
			_, _ = fmt.Sscan(v, &f)
			return f
		}
	}
	return 0
}
