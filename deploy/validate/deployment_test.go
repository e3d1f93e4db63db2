package validate

import (
	"fmt"
	"net/netip"
	"slices"
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

// env returns the value of the container's environment variable name,
// failing if it has none.
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
// once a drain past its timeout cancels them. listenerStop bounds
// api.Listener.Stop (answering the clients queued past the connection
// cap) and keepAliveGrace is cmd/sudokud's wait for kept-alive clients.
const (
	cancelGrace    = time.Second
	listenerStop   = 2 * time.Second
	keepAliveGrace = time.Second
)

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
	// On the admin listener: clients holding the API's connection slots
	// would time the probes out on the API's port.
	for _, pr := range []*corev1.Probe{ready, live} {
		if pr.HTTPGet.Port.String() != "admin" {
			t.Errorf("probe of %s on port %q, want the admin listener's port \"admin\"", pr.HTTPGet.Path, pr.HTTPGet.Port.String())
		}
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
	exit := drainDelay + listenerStop + keepAliveGrace + shutdown + cancelGrace
	grace := sec(int32(*p.TerminationGracePeriodSeconds))
	if grace <= exit {
		t.Errorf("terminationGracePeriodSeconds %v <= drain delay + listener stop + keep-alive grace + shutdown timeout + cancel grace = %v: SIGKILL before the drain ends", grace, exit)
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
		// The salt and the receipt secret: the same on every replica, and
		// never in the manifests.
		for _, name := range []string{"SUDOKU_DAILY_SALT", "SUDOKU_RECEIPT_SECRET"} {
			var fromSecret bool
			for _, e := range c.Env {
				fromSecret = fromSecret || (e.Name == name && e.ValueFrom != nil && e.ValueFrom.SecretKeyRef != nil && e.Value == "")
			}
			if !fromSecret {
				t.Errorf("%s: %s must come from a Secret", overlay, name)
			}
		}
	}
}

// TestDailySecretFromASecret: every overlay keys the puzzles of the day
// (the embargo of docs/publishing.md): SUDOKU_DAILY_SECRET_FILE names a
// file on a read-only mount of the Secret sudokud's key daily-secret,
// required (no optional: a pod without it does not start) and readable
// by the container's group only. The publishing component's key file
// mounts beside it, not over it.
func TestDailySecretFromASecret(t *testing.T) {
	for overlay := range overlays {
		spec := one[*appsv1.Deployment](t, render(t, overlay)).Spec.Template.Spec
		c := spec.Containers[0]
		path := env(t, c, "SUDOKU_DAILY_SECRET_FILE")
		dir, file := path[:strings.LastIndex(path, "/")], path[strings.LastIndex(path, "/")+1:]
		var mount *corev1.VolumeMount
		for i, m := range c.VolumeMounts {
			if m.MountPath == dir {
				mount = &c.VolumeMounts[i]
			}
		}
		if mount == nil || !mount.ReadOnly {
			t.Errorf("%s: no read-only mount at %s for SUDOKU_DAILY_SECRET_FILE %s", overlay, dir, path)
			continue
		}
		var vol *corev1.Volume
		for i, v := range spec.Volumes {
			if v.Name == mount.Name {
				vol = &spec.Volumes[i]
			}
		}
		if vol == nil || vol.Secret == nil || vol.Secret.SecretName != "sudokud" {
			t.Errorf("%s: volume %s is not the Secret sudokud", overlay, mount.Name)
			continue
		}
		s := vol.Secret
		if (s.Optional != nil && *s.Optional) || len(s.Items) != 1 || s.Items[0].Key != "daily-secret" || s.Items[0].Path != file {
			t.Errorf("%s: volume %s = %+v, want the required key daily-secret at %s", overlay, vol.Name, s, file)
		}
		if s.DefaultMode == nil || *s.DefaultMode&0o037 != 0 {
			t.Errorf("%s: daily secret mode %v, want owner and group read only (0440)", overlay, s.DefaultMode)
		}
		if overlay == "publishing" {
			var names []string
			for _, v := range spec.Volumes {
				names = append(names, v.Name)
			}
			if strings.Join(names, " ") != "daily-secret api-keys" {
				t.Errorf("%s: volumes %v, want the daily secret and the API keys", overlay, names)
			}
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
	checkAdminPort(t, d, svc, sm, r)
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

// TestTrustedProxiesFollowTheIngress: where an Ingress fronts the pods,
// SUDOKU_TRUSTED_PROXIES names the proxies by address or CIDR (never the
// deprecated hop count, with which a client reaching sudokud directly
// names any address and dodges its rate limit); where clients reach the
// Service directly, it is 0.
func TestTrustedProxiesFollowTheIngress(t *testing.T) {
	for overlay := range overlays {
		r := render(t, overlay)
		ingress := slices.Contains(r.kinds, "Ingress")
		c := one[*appsv1.Deployment](t, r).Spec.Template.Spec.Containers[0]
		v := env(t, c, "SUDOKU_TRUSTED_PROXIES")
		if !ingress {
			if v != "0" {
				t.Errorf("%s: SUDOKU_TRUSTED_PROXIES=%s without an Ingress, want 0", overlay, v)
			}
			continue
		}
		for part := range strings.SplitSeq(v, ",") {
			part = strings.TrimSpace(part)
			if _, err := netip.ParsePrefix(part); err == nil {
				continue
			}
			if _, err := netip.ParseAddr(part); err != nil {
				t.Errorf("%s: SUDOKU_TRUSTED_PROXIES %q behind the Ingress: %q is neither an address nor a CIDR (a number is the deprecated hop count)", overlay, v, part)
			}
		}
	}
}

// checkAdminPort: the admin listener (probes, /metrics) listens on the
// container port named admin, the Service maps it, the ServiceMonitor
// scrapes it, and the NetworkPolicies open it to the monitoring namespace
// alone: /metrics names every API key's client.
func checkAdminPort(t *testing.T, d *appsv1.Deployment, svc *corev1.Service, sm *monitoringv1.ServiceMonitor, r rendered) {
	t.Helper()
	c := d.Spec.Template.Spec.Containers[0]
	var port int32
	for _, p := range c.Ports {
		if p.Name == "admin" {
			port = p.ContainerPort
		}
	}
	if addr := env(t, c, "SUDOKU_ADMIN_ADDR"); port == 0 || !strings.HasSuffix(addr, fmt.Sprintf(":%d", port)) {
		t.Errorf("SUDOKU_ADMIN_ADDR %q, container port admin %d: want the admin listener on the named port", addr, port)
	}
	var mapped bool
	for _, p := range svc.Spec.Ports {
		mapped = mapped || (p.Name == sm.Spec.Endpoints[0].Port && p.TargetPort.String() == "admin")
	}
	if sm.Spec.Endpoints[0].Port != "admin" || !mapped || sm.Spec.Endpoints[0].Path != "/metrics" {
		t.Errorf("the ServiceMonitor scrapes port %q path %q, want the Service's port admin (target admin), /metrics",
			sm.Spec.Endpoints[0].Port, sm.Spec.Endpoints[0].Path)
	}
	for _, o := range r.objects {
		np, ok := o.(*networkingv1.NetworkPolicy)
		if !ok {
			continue
		}
		for _, rule := range np.Spec.Ingress {
			var admin bool
			for _, p := range rule.Ports {
				admin = admin || (p.Port != nil && p.Port.String() == "admin")
			}
			if !admin {
				continue
			}
			for _, from := range rule.From {
				if from.PodSelector != nil || from.NamespaceSelector == nil ||
					from.NamespaceSelector.MatchLabels["kubernetes.io/metadata.name"] != "monitoring" {
					t.Errorf("NetworkPolicy %s opens the admin port to %+v, want the monitoring namespace only", np.Name, from)
				}
			}
		}
	}
}

// TestEnvNamesUnique: no overlay sets a variable twice. A component that
// patches the environment by index replaces whatever entry sits there, so
// an entry inserted above it would be lost and the patched one doubled
// (Kubernetes keeps the last).
func TestEnvNamesUnique(t *testing.T) {
	for overlay := range overlays {
		c := one[*appsv1.Deployment](t, render(t, overlay)).Spec.Template.Spec.Containers[0]
		seen := map[string]bool{}
		for _, e := range c.Env {
			if seen[e.Name] {
				t.Errorf("%s: %s is set twice", overlay, e.Name)
			}
			seen[e.Name] = true
		}
	}
}
