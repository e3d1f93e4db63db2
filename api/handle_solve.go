package api

import (
	"net/http"

	"go.uber.org/zap"
)

// solveRequest is the body of POST /solve.
type solveRequest struct {
	puzzleInput
	// Algorithm names the solver; empty means the fastest.
	Algorithm string `json:"algorithm,omitempty"`
}

// solveResponse is the answer of POST /solve.
type solveResponse struct {
	Puzzle   string `json:"puzzle"`
	Solution string `json:"solution"`
	// SolutionGrid is the solution as rows, sent when the puzzle came as
	// rows.
	SolutionGrid [][]int `json:"solution_grid,omitempty"`
	// Unique is true when the solution is proven unique: Solutions is 1
	// and the algorithm is exhaustive.
	Unique bool `json:"unique"`
	// Exhaustive tells whether the algorithm proves its count; a
	// stochastic one finds a solution and proves nothing more.
	Exhaustive bool `json:"exhaustive"`
	// Solutions is 1 (unique) or 2 (more than one; Solution is one of
	// them). A puzzle without solution is a 422.
	Solutions int    `json:"solutions"`
	Algorithm string `json:"algorithm"`
	Guesses   int    `json:"guesses"`
	Nodes     int    `json:"nodes"`
}

// handleSolve serves POST /solve: it solves the puzzle and says whether
// the solution is unique.
func handleSolve(s solver, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req solveRequest
		g, err := decodePuzzle(r, &req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		sol, err := s.Solve(r.Context(), g, req.Algorithm)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		resp := solveResponse{
			Puzzle:     g.String(),
			Solution:   sol.Solution.String(),
			Unique:     sol.Count == 1 && sol.Exhaustive,
			Exhaustive: sol.Exhaustive,
			Solutions:  sol.Count,
			Algorithm:  sol.Algorithm,
			Guesses:    sol.Guesses,
			Nodes:      sol.Nodes,
		}
		if req.Grid != nil {
			resp.SolutionGrid = sol.Solution.Rows()
		}
		encode(w, r, http.StatusOK, "", resp)
	})
}
