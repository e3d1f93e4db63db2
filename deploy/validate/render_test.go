package validate

import (
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	monitoringv1 "github.com/prometheus-operator/prometheus-operator/pkg/apis/monitoring/v1"
	appsv1 "k8s.io/api/apps/v1"
	autoscalingv2 "k8s.io/api/autoscaling/v2"
	corev1 "k8s.io/api/core/v1"
	networkingv1 "k8s.io/api/networking/v1"
	policyv1 "k8s.io/api/policy/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	sigsjson "sigs.k8s.io/json"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
	"sigs.k8s.io/yaml"
)

// kubernetesDir is deploy/kubernetes, seen from this package.
var kubernetesDir = filepath.Join("..", "kubernetes")

// overlays are every overlay under deploy/kubernetes/overlays, each with the
// kinds it must render.
var overlays = map[string][]string{
	"minimal":    {"ServiceAccount", "Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy"},
	"production": {"ServiceAccount", "Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy", "Ingress", "ServiceMonitor", "PrometheusRule"},
	"publishing": {"ServiceAccount", "Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "NetworkPolicy", "Ingress", "ServiceMonitor", "PrometheusRule"},
}

// newObject returns an empty object of the API type that apiVersion and
// kind name: only the types the manifests are meant to hold.
func newObject(apiVersion, kind string) (metav1.Object, error) {
	switch apiVersion + " " + kind {
	case "v1 ServiceAccount":
		return &corev1.ServiceAccount{}, nil
	case "v1 Service":
		return &corev1.Service{}, nil
	case "apps/v1 Deployment":
		return &appsv1.Deployment{}, nil
	case "autoscaling/v2 HorizontalPodAutoscaler":
		return &autoscalingv2.HorizontalPodAutoscaler{}, nil
	case "policy/v1 PodDisruptionBudget":
		return &policyv1.PodDisruptionBudget{}, nil
	case "networking.k8s.io/v1 NetworkPolicy":
		return &networkingv1.NetworkPolicy{}, nil
	case "networking.k8s.io/v1 Ingress":
		return &networkingv1.Ingress{}, nil
	case "monitoring.coreos.com/v1 ServiceMonitor":
		return &monitoringv1.ServiceMonitor{}, nil
	case "monitoring.coreos.com/v1 PrometheusRule":
		return &monitoringv1.PrometheusRule{}, nil
	}
	return nil, fmt.Errorf("unexpected %s %s", apiVersion, kind)
}

// rendered is one overlay built by kustomize and decoded.
type rendered struct {
	objects []metav1.Object
	kinds   []string
}

// render builds an overlay with kustomize's own library (the engine of
// `kustomize build` and `kubectl kustomize`, pinned by go.mod) and decodes
// every object strictly: a field the API type does not have, a duplicate
// key or a malformed value fails.
func render(t *testing.T, overlay string) rendered {
	t.Helper()
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	m, err := k.Run(filesys.MakeFsOnDisk(), filepath.Join(kubernetesDir, "overlays", overlay))
	if err != nil {
		t.Fatalf("kustomize build overlays/%s: %v", overlay, err)
	}
	var r rendered
	for _, res := range m.Resources() {
		b, err := res.AsYAML()
		if err != nil {
			t.Fatal(err)
		}
		var tm metav1.TypeMeta
		if err := yaml.Unmarshal(b, &tm); err != nil {
			t.Fatal(err)
		}
		obj, err := newObject(tm.APIVersion, tm.Kind)
		if err != nil {
			t.Errorf("overlays/%s: %v", overlay, err)
			continue
		}
		if err := decodeStrict(b, obj); err != nil {
			t.Errorf("overlays/%s: %s %s does not decode strictly: %v", overlay, tm.Kind, res.GetName(), err)
			continue
		}
		r.objects = append(r.objects, obj)
		r.kinds = append(r.kinds, tm.Kind)
	}
	return r
}

// one returns the only object of type T in r.
func one[T metav1.Object](t *testing.T, r rendered) T {
	t.Helper()
	var found []T
	for _, o := range r.objects {
		if v, ok := o.(T); ok {
			found = append(found, v)
		}
	}
	if len(found) != 1 {
		var zero T
		t.Fatalf("%d objects of type %T, want 1", len(found), zero)
	}
	return found[0]
}

func TestOverlaysRenderAndDecodeStrictly(t *testing.T) {
	for overlay, want := range overlays {
		t.Run(overlay, func(t *testing.T) {
			r := render(t, overlay)
			count := map[string]int{}
			for _, k := range r.kinds {
				count[k]++
			}
			for _, k := range want {
				if count[k] == 0 {
					t.Errorf("no %s rendered", k)
				}
			}
			if len(count) != len(want) {
				t.Errorf("rendered kinds %v, want exactly %v", count, want)
			}
			for _, o := range r.objects {
				if o.GetNamespace() != "sudoku" {
					t.Errorf("%T %s in namespace %q, want sudoku", o, o.GetName(), o.GetNamespace())
				}
			}
		})
	}
}

// decodeStrict decodes a YAML document into obj as the API server's
// strict field validation does: field names match case-sensitively, and
// an unknown or duplicate field is an error.
func decodeStrict(doc []byte, obj any) error {
	j, err := yaml.YAMLToJSONStrict(doc)
	if err != nil {
		return err
	}
	strictErrs, err := sigsjson.UnmarshalStrict(j, obj, sigsjson.DisallowDuplicateFields, sigsjson.DisallowUnknownFields)
	if err != nil {
		return err
	}
	return errors.Join(strictErrs...)
}

// TestStrictDecodingRefusesUnknownFields shows that decodeStrict can fail.
func TestStrictDecodingRefusesUnknownFields(t *testing.T) {
	tests := []struct {
		name string
		doc  string
		obj  any
	}{
		{"unknown field", "apiVersion: apps/v1\nkind: Deployment\nspec:\n  replica: 2\n", &appsv1.Deployment{}},
		{"wrong case", "apiVersion: v1\nkind: Service\nspec:\n  ports:\n    - {port: 80, targetport: 8080}\n", &corev1.Service{}},
		{"duplicate key", "apiVersion: v1\nkind: Service\nspec:\n  type: ClusterIP\n  type: NodePort\n", &corev1.Service{}},
		{"bad quantity", "apiVersion: apps/v1\nkind: Deployment\nspec:\n  template:\n    spec:\n      containers:\n        - {name: a, resources: {limits: {cpu: lots}}}\n", &appsv1.Deployment{}},
		{"unknown rule field", "spec:\n  groups:\n    - name: g\n      rules:\n        - {alert: A, expr: up, runbook: x}\n", &monitoringv1.PrometheusRule{}},
	}
	for _, tt := range tests {
		if err := decodeStrict([]byte(tt.doc), tt.obj); err == nil {
			t.Errorf("%s: decoded without error", tt.name)
		}
	}
}
