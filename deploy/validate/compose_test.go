package validate

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

// TestComposeStack checks deploy/compose.yaml: every file it builds from
// or mounts exists, the images are fully qualified, and promtool accepts
// the Prometheus configuration (and so the rules it loads).
func TestComposeStack(t *testing.T) {
	dir := filepath.Join("..")
	b, err := os.ReadFile(filepath.Join(dir, "compose.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	var c struct {
		Services map[string]struct {
			Image   string
			Build   *struct{ Context, Dockerfile string }
			Volumes []string
		}
	}
	if err := yaml.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sudokud", "prometheus", "grafana"} {
		if _, ok := c.Services[name]; !ok {
			t.Errorf("no service %s", name)
		}
	}
	exists := func(what, path string) {
		if _, err := os.Stat(filepath.Join(dir, path)); err != nil {
			t.Errorf("%s: %v", what, err)
		}
	}
	for name, s := range c.Services {
		if s.Build != nil {
			exists(name+" build context", s.Build.Context)
			exists(name+" Dockerfile", filepath.Join(s.Build.Context, s.Build.Dockerfile))
		} else if first := strings.SplitN(s.Image, "/", 2)[0]; !strings.Contains(first, ".") || !strings.Contains(s.Image, ":") {
			t.Errorf("%s: image %q is not registry/name:tag", name, s.Image)
		}
		for _, v := range s.Volumes {
			src, _, _ := strings.Cut(v, ":")
			if strings.HasPrefix(src, ".") {
				exists(name+" volume", src)
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
