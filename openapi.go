// Package sudoku holds what belongs to the repository as a whole: the
// OpenAPI document of the HTTP service, embedded so the binary serves the
// very file that the contract tests check.
package sudoku

import _ "embed"

// OpenAPI is the content of openapi.yaml, the HTTP service's OpenAPI 3.0
// description, served at /openapi.yaml.
//
//go:embed openapi.yaml
var OpenAPI []byte
