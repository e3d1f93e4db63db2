package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/labels"
)

// restrictedViolations checks a pod spec against the "restricted" Pod
// Security Standard (https://kubernetes.io/docs/concepts/security/pod-security-standards/,
// the baseline and restricted policies, version latest) and returns what
// it breaks. It also requires a read-only root filesystem, which the
// standard leaves out and this service needs no writes for.
func restrictedViolations(spec corev1.PodSpec) []string {
	var v []string
	bad := func(format string, args ...any) { v = append(v, fmt.Sprintf(format, args...)) }
	if spec.HostNetwork || spec.HostPID || spec.HostIPC {
		bad("host namespaces")
	}
	pod := spec.SecurityContext
	if pod == nil {
		pod = &corev1.PodSecurityContext{}
	}
	for _, s := range pod.Sysctls {
		bad("sysctl %s", s.Name)
	}
	if pod.RunAsUser != nil && *pod.RunAsUser == 0 {
		bad("pod runAsUser 0")
	}
	if pod.SeccompProfile != nil && !allowedSeccomp(pod.SeccompProfile) {
		bad("pod seccompProfile %s", pod.SeccompProfile.Type)
	}
	if pod.SELinuxOptions != nil && (pod.SELinuxOptions.User != "" || pod.SELinuxOptions.Role != "") {
		bad("pod seLinuxOptions user/role")
	}
	for _, vol := range spec.Volumes {
		switch {
		case vol.ConfigMap != nil, vol.CSI != nil, vol.DownwardAPI != nil, vol.EmptyDir != nil,
			vol.Ephemeral != nil, vol.PersistentVolumeClaim != nil, vol.Projected != nil, vol.Secret != nil:
		default:
			bad("volume %s of a type restricted forbids", vol.Name)
		}
	}
	containers := append(append([]corev1.Container(nil), spec.InitContainers...), spec.Containers...)
	if len(containers) == 0 {
		bad("no containers")
	}
	for _, c := range containers {
		sc := c.SecurityContext
		if sc == nil {
			sc = &corev1.SecurityContext{}
		}
		for _, p := range c.Ports {
			if p.HostPort != 0 {
				bad("%s: hostPort %d", c.Name, p.HostPort)
			}
		}
		if sc.Privileged != nil && *sc.Privileged {
			bad("%s: privileged", c.Name)
		}
		if sc.AllowPrivilegeEscalation == nil || *sc.AllowPrivilegeEscalation {
			bad("%s: allowPrivilegeEscalation must be false", c.Name)
		}
		if sc.ProcMount != nil && *sc.ProcMount != corev1.DefaultProcMount {
			bad("%s: procMount %s", c.Name, *sc.ProcMount)
		}
		nonRoot := sc.RunAsNonRoot
		if nonRoot == nil {
			nonRoot = pod.RunAsNonRoot
		}
		if nonRoot == nil || !*nonRoot {
			bad("%s: runAsNonRoot must be true", c.Name)
		}
		if sc.RunAsUser != nil && *sc.RunAsUser == 0 {
			bad("%s: runAsUser 0", c.Name)
		}
		// A numeric user: the kubelet cannot check runAsNonRoot against a
		// named image user (CreateContainerConfigError).
		if sc.RunAsUser == nil && pod.RunAsUser == nil {
			bad("%s: no numeric runAsUser", c.Name)
		}
		seccomp := sc.SeccompProfile
		if seccomp == nil {
			seccomp = pod.SeccompProfile
		}
		if seccomp == nil || !allowedSeccomp(seccomp) {
			bad("%s: seccompProfile must be RuntimeDefault or Localhost", c.Name)
		}
		caps := sc.Capabilities
		if caps == nil || !hasCap(caps.Drop, "ALL") {
			bad("%s: capabilities must drop ALL", c.Name)
		}
		if caps != nil {
			for _, a := range caps.Add {
				if a != "NET_BIND_SERVICE" {
					bad("%s: adds capability %s", c.Name, a)
				}
			}
		}
		if sc.ReadOnlyRootFilesystem == nil || !*sc.ReadOnlyRootFilesystem {
			bad("%s: readOnlyRootFilesystem must be true", c.Name)
		}
	}
	return v
}

func allowedSeccomp(p *corev1.SeccompProfile) bool {
	return p.Type == corev1.SeccompProfileTypeRuntimeDefault || p.Type == corev1.SeccompProfileTypeLocalhost
}

func hasCap(cs []corev1.Capability, c corev1.Capability) bool {
	for _, x := range cs {
		if x == c {
			return true
		}
	}
	return false
}

func TestDeploymentMeetsRestrictedPodSecurity(t *testing.T) {
	for overlay := range overlays {
		d := one[*appsv1.Deployment](t, render(t, overlay))
		if v := restrictedViolations(d.Spec.Template.Spec); len(v) > 0 {
			t.Errorf("overlays/%s: the pod breaks the restricted Pod Security Standard: %s", overlay, strings.Join(v, "; "))
		}
	}
}

// TestRestrictedCheckCatchesViolations breaks the real pod one rule at a
// time: the check must report each.
func TestRestrictedCheckCatchesViolations(t *testing.T) {
	base := one[*appsv1.Deployment](t, render(t, "minimal")).Spec.Template.Spec
	tests := []struct {
		name   string
		mutate func(*corev1.PodSpec)
		want   string
	}{
		{"no runAsNonRoot", func(p *corev1.PodSpec) {
			p.SecurityContext.RunAsNonRoot = nil
			p.Containers[0].SecurityContext.RunAsNonRoot = nil
		}, "runAsNonRoot"},
		{"named user only", func(p *corev1.PodSpec) {
			p.SecurityContext.RunAsUser = nil
			p.Containers[0].SecurityContext.RunAsUser = nil
		}, "numeric runAsUser"},
		{"root", func(p *corev1.PodSpec) { p.Containers[0].SecurityContext.RunAsUser = ptr[int64](0) }, "runAsUser 0"},
		{"no seccomp", func(p *corev1.PodSpec) {
			p.SecurityContext.SeccompProfile = nil
			p.Containers[0].SecurityContext.SeccompProfile = nil
		}, "seccompProfile"},
		{"unconfined", func(p *corev1.PodSpec) {
			p.Containers[0].SecurityContext.SeccompProfile = &corev1.SeccompProfile{Type: corev1.SeccompProfileTypeUnconfined}
		}, "seccompProfile"},
		{"escalation", func(p *corev1.PodSpec) { p.Containers[0].SecurityContext.AllowPrivilegeEscalation = nil }, "allowPrivilegeEscalation"},
		{"capabilities kept", func(p *corev1.PodSpec) { p.Containers[0].SecurityContext.Capabilities = nil }, "drop ALL"},
		{"capability added", func(p *corev1.PodSpec) {
			p.Containers[0].SecurityContext.Capabilities.Add = []corev1.Capability{"SYS_ADMIN"}
		}, "SYS_ADMIN"},
		{"privileged", func(p *corev1.PodSpec) { p.Containers[0].SecurityContext.Privileged = ptr(true) }, "privileged"},
		{"writable root", func(p *corev1.PodSpec) { p.Containers[0].SecurityContext.ReadOnlyRootFilesystem = ptr(false) }, "readOnlyRootFilesystem"},
		{"host network", func(p *corev1.PodSpec) { p.HostNetwork = true }, "host namespaces"},
		{"host port", func(p *corev1.PodSpec) { p.Containers[0].Ports[0].HostPort = 8080 }, "hostPort"},
		{"hostPath", func(p *corev1.PodSpec) {
			p.Volumes = append(p.Volumes, corev1.Volume{Name: "h", VolumeSource: corev1.VolumeSource{HostPath: &corev1.HostPathVolumeSource{Path: "/"}}})
		}, "volume h"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := *base.DeepCopy()
			tt.mutate(&p)
			v := strings.Join(restrictedViolations(p), "; ")
			if !strings.Contains(v, tt.want) {
				t.Errorf("violations %q, want one about %q", v, tt.want)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// TestPodUserMatchesImage: the pod's numeric user is the Dockerfile's USER.
func TestPodUserMatchesImage(t *testing.T) {
	df, err := os.ReadFile(filepath.Join("..", "..", "Dockerfile"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^USER (\d+):(\d+)$`).FindStringSubmatch(string(df))
	if m == nil {
		t.Fatal("the Dockerfile has no numeric USER uid:gid")
	}
	sc := one[*appsv1.Deployment](t, render(t, "minimal")).Spec.Template.Spec.SecurityContext
	if got := fmt.Sprintf("%d:%d", *sc.RunAsUser, *sc.RunAsGroup); got != m[1]+":"+m[2] {
		t.Errorf("pod runs as %s, the image as %s:%s", got, m[1], m[2])
	}
}

// env returns the container's environment variable name, failing if it
// is not set by value.
func env(t *testing.T, c corev1.Container, name string) string {
	t.Helper()
	for _, e := range c.Env {
		if e.Name == name {
			return e.Value
		}
	}
	t.Fatalf("container %s has no %s", c.Name, name)
	return ""
}

func duration(t *testing.T, c corev1.Container, name string) time.Duration {
	t.Helper()
	d, err := time.ParseDuration(env(t, c, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return d
}

// cancelGrace is cmd/sudokud's cancelGrace: how long handlers get to answer
// once a drain past its timeout cancels them.
const cancelGrace = time.Second

// TestProbeAndDrainArithmetic checks the shutdown timeline written in
// deploy/kubernetes/base/deployment.yaml.
func TestProbeAndDrainArithmetic(t *testing.T) {
	d := one[*appsv1.Deployment](t, render(t, "production"))
	p := d.Spec.Template.Spec
	c := p.Containers[0]
	sec := func(s int32) time.Duration { return time.Duration(s) * time.Second }
	ready, live := c.ReadinessProbe, c.LivenessProbe
	if ready == nil || live == nil || ready.HTTPGet == nil || live.HTTPGet == nil {
		t.Fatal("want HTTP readiness and liveness probes")
	}
	if ready.HTTPGet.Path != "/readyz" || live.HTTPGet.Path != "/healthz" {
		t.Errorf("probes on %s and %s, want /readyz and /healthz", ready.HTTPGet.Path, live.HTTPGet.Path)
	}
	drainDelay := duration(t, c, "SUDOKU_DRAIN_DELAY")
	shutdown := duration(t, c, "SUDOKU_SHUTDOWN_TIMEOUT")
	request := duration(t, c, "SUDOKU_REQUEST_TIMEOUT")
	notReady := sec(ready.FailureThreshold*ready.PeriodSeconds + ready.TimeoutSeconds)
	if drainDelay < notReady {
		t.Errorf("drain delay %v < %v, the time the readiness probe takes to see /readyz fail (failureThreshold %d x period %ds + timeout %ds)",
			drainDelay, notReady, ready.FailureThreshold, ready.PeriodSeconds, ready.TimeoutSeconds)
	}
	if shutdown <= request {
		t.Errorf("shutdown timeout %v <= request timeout %v: requests in flight would be cut", shutdown, request)
	}
	exit := drainDelay + shutdown + cancelGrace
	grace := sec(int32(*p.TerminationGracePeriodSeconds))
	if grace <= exit {
		t.Errorf("terminationGracePeriodSeconds %v <= drain delay + shutdown timeout + cancel grace = %v: SIGKILL before the drain ends", grace, exit)
	}
	if restart := sec(live.FailureThreshold * live.PeriodSeconds); restart <= exit {
		t.Errorf("liveness restarts after %v, within the %v shutdown", restart, exit)
	}
}

// TestResourcesAndImage: requests and limits set, the heap's soft limit
// under the memory limit, the image pinned and fully qualified.
func TestResourcesAndImage(t *testing.T) {
	for overlay := range overlays {
		c := one[*appsv1.Deployment](t, render(t, overlay)).Spec.Template.Spec.Containers[0]
		for _, r := range []corev1.ResourceName{corev1.ResourceCPU, corev1.ResourceMemory} {
			req, lim := c.Resources.Requests[r], c.Resources.Limits[r]
			if req.IsZero() || lim.IsZero() || req.Cmp(lim) > 0 {
				t.Errorf("%s: %s request %v, limit %v: want both, request <= limit", overlay, r, req.String(), lim.String())
			}
		}
		memLimit := c.Resources.Limits[corev1.ResourceMemory]
		gomem := resource.MustParse(strings.TrimSuffix(env(t, c, "GOMEMLIMIT"), "B"))
		if gomem.Cmp(memLimit) >= 0 {
			t.Errorf("%s: GOMEMLIMIT %v not under the memory limit %v", overlay, gomem.String(), memLimit.String())
		}
		name, tag, _ := strings.Cut(c.Image, ":")
		if !strings.Contains(strings.SplitN(name, "/", 2)[0], ".") || tag == "" || tag == "latest" {
			t.Errorf("%s: image %q, want registry/name:tag with a tag other than latest", overlay, c.Image)
		}
		if c.ImagePullPolicy == "" {
			t.Errorf("%s: no imagePullPolicy", overlay)
		}
		var salt bool
		for _, e := range c.Env {
			salt = salt || (e.Name == "SUDOKU_DAILY_SALT" && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil && e.Value == "")
		}
		if !salt {
			t.Errorf("%s: SUDOKU_DAILY_SALT must come from a Secret", overlay)
		}
	}
}

// TestSelectorsMatchThePods: the Service, PDB, NetworkPolicy and
// ServiceMonitor select what they mean to, and the HPA scales the
// Deployment.
func TestSelectorsMatchThePods(t *testing.T) {
	r := render(t, "production")
	d := one[*appsv1.Deployment](t, r)
	pod := labels.Set(d.Spec.Template.Labels)
	sel, err := metav1.LabelSelectorAsSelector(d.Spec.Selector)
	if err != nil || !sel.Matches(pod) {
		t.Fatalf("the Deployment's selector does not match its pods: %v", err)
	}
	svc := one[*corev1.Service](t, r)
	if !labels.SelectorFromSet(svc.Spec.Selector).Matches(pod) {
		t.Error("the Service does not select the pods")
	}
	pdb := one[*policyv1.PodDisruptionBudget](t, r)
	if s, err := metav1.LabelSelectorAsSelector(pdb.Spec.Selector); err != nil || !s.Matches(pod) {
		t.Error("the PodDisruptionBudget does not select the pods")
	}
	for _, o := range r.objects {
		if np, ok := o.(*networkingv1.NetworkPolicy); ok {
			if s, err := metav1.LabelSelectorAsSelector(&np.Spec.PodSelector); err != nil || !s.Matches(pod) {
				t.Errorf("NetworkPolicy %s does not select the pods", np.Name)
			}
		}
	}
	sm := one[*monitoringv1.ServiceMonitor](t, r)
	if s, err := metav1.LabelSelectorAsSelector(&sm.Spec.Selector); err != nil || !s.Matches(labels.Set(svc.Labels)) {
		t.Error("the ServiceMonitor does not select the Service")
	}
	if sm.Spec.Endpoints[0].Port != svc.Spec.Ports[0].Name {
		t.Errorf("the ServiceMonitor scrapes port %q, the Service names %q", sm.Spec.Endpoints[0].Port, svc.Spec.Ports[0].Name)
	}
	hpa := one[*autoscalingv2.HorizontalPodAutoscaler](t, r)
	if ref := hpa.Spec.ScaleTargetRef; ref.Kind != "Deployment" || ref.Name != d.Name {
		t.Errorf("the HPA scales %s %s, want Deployment %s", ref.Kind, ref.Name, d.Name)
	}
	if d.Spec.Replicas != nil {
		t.Error("the Deployment sets replicas, which fights the HPA on every apply")
	}
	if hpa.Spec.MinReplicas == nil || *hpa.Spec.MinReplicas < 2 {
		t.Error("the HPA must keep at least 2 replicas, or the PDB blocks every drain")
	}
	if len(hpa.Spec.Metrics) == 0 || hpa.Spec.Metrics[0].Resource == nil || hpa.Spec.Metrics[0].Resource.Name != corev1.ResourceCPU {
		t.Error("the HPA must scale on CPU")
	}
}

// TestTrustedProxiesFollowTheIngress: SUDOKU_TRUSTED_PROXIES is 1 where an
// Ingress fronts the pods, 0 where clients reach the Service directly.
func TestTrustedProxiesFollowTheIngress(t *testing.T) {
	for overlay := range overlays {
		r := render(t, overlay)
		want := "0"
		for _, k := range r.kinds {
			if k == "Ingress" {
				want = "1"
			}
		}
		c := one[*appsv1.Deployment](t, r).Spec.Template.Spec.Containers[0]
		if got := env(t, c, "SUDOKU_TRUSTED_PROXIES"); got != want {
			t.Errorf("%s: SUDOKU_TRUSTED_PROXIES=%s, want %s", overlay, got, want)
		}
	}
}
