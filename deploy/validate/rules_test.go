package validate

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
)

var update = flag.Bool("update", false, "rewrite the generated PrometheusRule from deploy/prometheus/alerts.yaml")

var (
	rulesFile          = filepath.Join("..", "prometheus", "alerts.yaml")
	prometheusRuleFile = filepath.Join(kubernetesDir, "components", "monitoring", "prometheusrule.yaml")
	runbookFile        = filepath.Join("..", "..", "docs", "runbook.md")
)

// prometheusRule generates the PrometheusRule from the plain rules file:
// its groups, comments and all, become the resource's spec.
func prometheusRule(rules []byte) []byte {
	var b bytes.Buffer
	b.WriteString(`# Generated from deploy/prometheus/alerts.yaml by
# "go test -run PrometheusRule -update" in deploy/validate: edit that file,
# not this one (a test fails when they differ).
apiVersion: monitoring.coreos.com/v1
kind: PrometheusRule
metadata:
  name: sudokud
spec:
`)
	lines := strings.Split(strings.TrimRight(string(rules), "\n"), "\n")
	i := 0
	for i < len(lines) && strings.HasPrefix(lines[i], "#") { // the file's own header
		i++
	}
	for _, l := range lines[i:] {
		if l != "" {
			b.WriteString("  ")
		}
		b.WriteString(l + "\n")
	}
	return b.Bytes()
}

func TestPrometheusRuleIsGeneratedFromRulesFile(t *testing.T) {
	rules, err := os.ReadFile(rulesFile)
	if err != nil {
		t.Fatal(err)
	}
	want := prometheusRule(rules)
	if *update {
		if err := os.WriteFile(prometheusRuleFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(prometheusRuleFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from what %s generates; run go test -run PrometheusRule -update in deploy/validate", prometheusRuleFile, rulesFile)
	}
	// The same rules, decoded: the rendered resource's spec equals the
	// plain file read as a PrometheusRule spec, strictly.
	var plain monitoringv1.PrometheusRuleSpec
	if err := decodeStrict(rules, &plain); err != nil {
		t.Fatalf("%s as a PrometheusRule spec: %v", rulesFile, err)
	}
	r := one[*monitoringv1.PrometheusRule](t, render(t, "production"))
	if !reflect.DeepEqual(r.Spec, plain) {
		t.Errorf("the rendered PrometheusRule's spec differs from %s", rulesFile)
	}
	if len(plain.Groups) == 0 || len(plain.Groups[0].Rules) == 0 {
		t.Fatal("no rules")
	}
}

// alerts returns the alerting rules of the plain rules file.
func alerts(t *testing.T) []monitoringv1.Rule {
	t.Helper()
	b, err := os.ReadFile(rulesFile)
	if err != nil {
		t.Fatal(err)
	}
	var spec monitoringv1.PrometheusRuleSpec
	if err := decodeStrict(b, &spec); err != nil {
		t.Fatal(err)
	}
	var rs []monitoringv1.Rule
	for _, g := range spec.Groups {
		for _, r := range g.Rules {
			if r.Alert != "" {
				rs = append(rs, r)
			}
		}
	}
	return rs
}

// TestEveryAlertHasARunbookSection: each alert's runbook_url points at a
// section of docs/runbook.md named for it, and each section has its alert.
func TestEveryAlertHasARunbookSection(t *testing.T) {
	doc, err := os.ReadFile(runbookFile)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^## (\w+)$`).FindAllStringSubmatch(string(doc), -1) {
		sections[m[1]] = true
	}
	const base = "https://github.com/sudokuhq/sudoku/blob/main/docs/runbook.md#"
	seen := map[string]bool{}
	for _, r := range alerts(t) {
		seen[r.Alert] = true
		if got, want := r.Annotations["runbook_url"], base+strings.ToLower(r.Alert); got != want {
			t.Errorf("%s: runbook_url %q, want %q", r.Alert, got, want)
		}
		if !sections[r.Alert] {
			t.Errorf("%s: no section '## %s' in docs/runbook.md", r.Alert, r.Alert)
		}
		if r.Annotations["summary"] == "" || r.Labels["severity"] == "" {
			t.Errorf("%s: want a summary and a severity", r.Alert)
		}
	}
	for s := range sections {
		if !seen[s] {
			t.Errorf("docs/runbook.md has a section for %s, which is no alert", s)
		}
	}
}

// TestAlertsSelectTheJobTheManifestsProduce: every selector in the rules
// names job="sudokud", the job label the ServiceMonitor gives (its jobLabel
// is the Service's app.kubernetes.io/name) and the scrape config of
// deploy/prometheus/prometheus.yml uses.
func TestAlertsSelectTheJobTheManifestsProduce(t *testing.T) {
	r := render(t, "production")
	sm := one[*monitoringv1.ServiceMonitor](t, r)
	svc := one[*corev1.Service](t, r)
	job := svc.Labels[sm.Spec.JobLabel]
	if job == "" {
		t.Fatalf("the Service has no %q label for the ServiceMonitor's jobLabel", sm.Spec.JobLabel)
	}
	cfg, err := os.ReadFile(filepath.Join("..", "prometheus", "prometheus.yml"))
	if err != nil {
		t.Fatal(err)
	}
	if !regexp.MustCompile(`(?m)^\s*- job_name: ` + regexp.QuoteMeta(job) + `$`).Match(cfg) {
		t.Errorf("prometheus.yml has no scrape job %q", job)
	}
	selector := regexp.MustCompile(`\b(sudoku_\w+|up|process_\w+|go_\w+)\{([^}]*)\}`)
	for _, a := range alerts(t) {
		expr := a.Expr.String()
		sels := selector.FindAllStringSubmatch(expr, -1)
		if len(sels) == 0 {
			t.Errorf("%s: no selector found in %q", a.Alert, expr)
		}
		for _, s := range sels {
			if !strings.Contains(s[2], `job="`+job+`"`) {
				t.Errorf("%s: %s{%s} does not select job=%q", a.Alert, s[1], s[2], job)
			}
		}
		if bare := regexp.MustCompile(`\b(sudoku_\w+|up|process_\w+|go_\w+)\b[^{\w]`).FindString(expr + " "); bare != "" {
			t.Errorf("%s: %q has no label selector", a.Alert, bare)
		}
	}
}

// TestMemoryAlertLeavesRoom: SudokuMemoryHigh's threshold lies above the
// Deployment's GOMEMLIMIT (a soft limit of the Go runtime's memory, which
// a busy healthy instance's RSS passes: BENCHMARKS.md, "Memory under
// load") and below its memory limit (the OOM kill), so it fires neither
// on a busy healthy pod nor too late.
func TestMemoryAlertLeavesRoom(t *testing.T) {
	var expr string
	for _, a := range alerts(t) {
		if a.Alert == "SudokuMemoryHigh" {
			expr = a.Expr.String()
		}
	}
	m := regexp.MustCompile(`process_resident_memory_bytes\{[^}]*\} > (\d+) \* 1024 \* 1024`).FindStringSubmatch(expr)
	if m == nil {
		t.Fatalf("SudokuMemoryHigh: %q is not RSS > N * 1024 * 1024", expr)
	}
	threshold := resource.MustParse(m[1] + "Mi")
	for overlay := range overlays {
		c := one[*appsv1.Deployment](t, render(t, overlay)).Spec.Template.Spec.Containers[0]
		gomem := resource.MustParse(strings.TrimSuffix(env(t, c, "GOMEMLIMIT"), "B"))
		limit := c.Resources.Limits[corev1.ResourceMemory]
		if threshold.Cmp(gomem) <= 0 || threshold.Cmp(limit) >= 0 {
			t.Errorf("%s: SudokuMemoryHigh at %s, want above GOMEMLIMIT %s and below the memory limit %s", overlay, threshold.String(), gomem.String(), limit.String())
		}
	}
}
