// Package validate holds the tests that render deploy/'s Kubernetes
// manifests and check them: strict decoding into the Kubernetes API types,
// the restricted Pod Security Standard, the probe and drain arithmetic, and
// the agreement of the PrometheusRule with the plain rules file. It is a
// module of its own so that the service's go.mod does not carry
// Kubernetes' dependencies.
package validate
