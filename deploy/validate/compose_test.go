package validate

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/compose-spec/compose-go/v2/cli"
)

// TestComposeStack loads deploy/compose.yaml with compose-go, the loader
// of docker compose (the Compose Specification's schema: an unknown or
// misplaced key fails), then checks that every file it builds from or
// mounts exists, that the images are fully qualified, and that promtool
// accepts the Prometheus configuration (and so the rules it loads).
func TestComposeStack(t *testing.T) {
	dir, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	opts, err := cli.NewProjectOptions([]string{filepath.Join(dir, "compose.yaml")}, cli.WithWorkingDirectory(dir), cli.WithOsEnv)
	if err != nil {
		t.Fatal(err)
	}
	project, err := opts.LoadProject(context.Background())
	if err != nil {
		t.Fatalf("compose.yaml: %v", err)
	}
	for _, name := range []string{"sudokud", "prometheus", "grafana"} {
		if _, ok := project.Services[name]; !ok {
			t.Errorf("no service %s", name)
		}
	}
	exists := func(what, path string) {
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	for name, s := range project.Services {
		if s.Build != nil {
			exists(name+" build context", s.Build.Context)
			exists(name+" Dockerfile", filepath.Join(s.Build.Context, s.Build.Dockerfile))
		} else if first := strings.SplitN(s.Image, "/", 2)[0]; !strings.Contains(first, ".") || !strings.Contains(s.Image, ":") {
			t.Errorf("%s: image %q is not registry/name:tag", name, s.Image)
		}
		for _, v := range s.Volumes {
			if v.Type == "bind" {
				exists(name+" volume", v.Source)
			}
		}
	}
	// The puzzles of the day are keyed (docs/publishing.md, "Embargo") and
	// receipts signed (docs/receipts.md) by secrets that sudokud reads from
	// compose secrets, taken from the user's environment: no secret value
	// is written in the file (a public one would let anyone read future
	// puzzles or forge receipts).
	if s, ok := project.Services["sudokud"]; ok {
		files := map[string]string{"SUDOKU_DAILY_SECRET_FILE": "", "SUDOKU_RECEIPT_SECRET_FILE": ""}
		for _, ref := range s.Secrets {
			for name := range files {
				if f := s.Environment[name]; f != nil && *f == "/run/secrets/"+ref.Source {
					files[name] = ref.Source
				}
			}
		}
		for name, source := range files {
			if source == "" {
				t.Errorf("sudokud: %s is not the file of one of its secrets %v", name, s.Secrets)
			} else if sec, ok := project.Secrets[source]; !ok || sec.Environment == "" {
				t.Errorf("sudokud's secret %s is not read from the environment: %+v", source, sec)
			}
		}
		for name, v := range s.Environment {
			if strings.Contains(name, "SECRET") && !strings.HasSuffix(name, "_FILE") && v != nil {
				t.Errorf("sudokud: %s is given a value in compose.yaml; take it from a compose secret", name)
			}
		}
	}
	out, err := exec.Command(promtool(t), "check", "config", filepath.Join(dir, "prometheus", "prometheus.yml")).CombinedOutput()
	if err != nil {
		t.Errorf("promtool check config: %v\n%s", err, out)
	}
}

// promtool returns the path of promtool. Outside CI it skips the test when
// promtool is missing; under CI=true it fails.
func promtool(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("promtool")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("promtool is not installed; .ci/run installs Debian's prometheus package")
		}
		t.Skip("promtool is not installed (apt-get install prometheus)")
	}
	return p
}

// TestAlertRuleUnitTests runs the rules' unit tests: a firing and a
// quiet case for every alert.
func TestAlertRuleUnitTests(t *testing.T) {
	out, err := exec.Command(promtool(t), "test", "rules", filepath.Join("..", "prometheus", "alerts_test.yaml")).CombinedOutput()
	if err != nil {
		t.Errorf("promtool test rules: %v\n%s", err, out)
	}
	// Every alert of the rules file has a test.
	tests, err := os.ReadFile(filepath.Join("..", "prometheus", "alerts_test.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range alerts(t) {
		if !strings.Contains(string(tests), "alertname: "+a.Alert+"\n") {
			t.Errorf("alerts_test.yaml has no test of %s", a.Alert)
		}
	}
}
