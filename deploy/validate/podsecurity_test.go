package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
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
		if caps == nil || !slices.Contains(caps.Drop, "ALL") {
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
