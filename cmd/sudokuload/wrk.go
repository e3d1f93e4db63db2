package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// wrkScenario describes a scenario to wrk: a method, a path and the
// request bodies it cycles through (none for GET).
type wrkScenario struct {
	method string
	path   string
	bodies []string
}

// luaScript writes a wrk script cycling through bodies; each wrk thread
// starts at its own offset. The requests are formatted once, in init (wrk
// knows the target's path by then), so that sending one costs wrk about
// what a GET without a script does: wrk shares the cores with the server,
// and formatting each request anew took it 2.7 µs more CPU per request
// than /healthz (10.8 against 8.1 µs), CPU taken from the server.
func luaScript(dir string, s wrkScenario) (string, error) {
	var b strings.Builder
	fmt.Fprintf(&b, "wrk.method = %q\nwrk.headers[\"Content-Type\"] = \"application/json\"\n", s.method)
	if len(s.bodies) > 0 {
		b.WriteString("local bodies = {\n")
		for _, body := range s.bodies {
			fmt.Fprintf(&b, "  %q,\n", body)
		}
		b.WriteString(`}
local i = 0
local counter = 0
function setup(thread)
  thread:set("start", counter * 997)
  counter = counter + 1
end
local requests = {}
function init(args)
  i = tonumber(start) or 0
  for k, body in ipairs(bodies) do
    requests[k] = wrk.format(nil, nil, nil, body)
  end
end
function request()
  i = i + 1
  return requests[(i % #requests) + 1]
end
`)
	}
	b.WriteString(`function done(summary, latency, requests)
  io.write(string.format("RESULT requests=%d errors=%d non2xx=%d p50=%d p99=%d max=%d duration=%d\n",
    summary.requests, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout,
    summary.errors.status, latency:percentile(50), latency:percentile(99), latency.max, summary.duration))
end
`)
	f := filepath.Join(dir, "scenario.lua")
	return f, os.WriteFile(f, []byte(b.String()), 0o644)
}

var resultLine = regexp.MustCompile(`RESULT requests=(\d+) errors=(\d+) non2xx=(\d+) p50=(\d+) p99=(\d+) max=(\d+) duration=(\d+)`)

// runWrk drives one scenario with wrk (2 threads, c connections, d long)
// and reads the summary its Lua done() prints. Latencies are in µs.
func runWrk(ctx context.Context, base, name string, s wrkScenario, c int, d time.Duration) (result, error) {
	dir, err := os.MkdirTemp("", "sudokuload")
	if err != nil {
		return result{}, err
	}
	defer os.RemoveAll(dir)
	script, err := luaScript(dir, s)
	if err != nil {
		return result{}, err
	}
	threads := min(2, c)
	cmd := exec.CommandContext(ctx, "wrk", "-t", strconv.Itoa(threads), "-c", strconv.Itoa(c),
		"-d", fmt.Sprintf("%ds", max(1, int(d.Seconds()))), "--timeout", "30s", "-s", script, base+s.path)
	out, err := cmd.Output()
	if err != nil {
		return result{}, fmt.Errorf("wrk %s: %w", name, err)
	}
	m := resultLine.FindStringSubmatch(string(out))
	if m == nil {
		return result{}, fmt.Errorf("wrk %s: no summary in %q", name, out)
	}
	n := func(i int) int64 { v, _ := strconv.ParseInt(m[i], 10, 64); return v }
	r := result{
		loadCPU:  cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(),
		name:     name,
		conns:    c,
		requests: int(n(1)),
		errors:   int(n(2) + n(3)),
		elapsed:  time.Duration(n(7)) * time.Microsecond,
		p50:      time.Duration(n(4)) * time.Microsecond,
		p99:      time.Duration(n(5)) * time.Microsecond,
		max:      time.Duration(n(6)) * time.Microsecond,
	}
	if r.errors > 0 {
		r.firstErr = fmt.Sprintf("%d socket errors, %d non-2xx", n(2), n(3))
	}
	return r, nil
}
