package api

import (
	"net/http"

	"go.uber.org/zap"

	"github.com/sudokuhq/sudoku/engine"
	"github.com/sudokuhq/sudoku/engine/rating"
)

// ratingJSON is rating.Rating as the API writes it.
type ratingJSON struct {
	Level       string         `json:"level"`
	Score       float64        `json:"score"`
	Steps       float64        `json:"steps"`
	WNEF        float64        `json:"wnef"`
	Hardest     string         `json:"hardest"`
	HardestTier int            `json:"hardest_tier"`
	Level1      bool           `json:"level1"`
	Givens      int            `json:"givens"`
	Counts      map[string]int `json:"counts"`
}

func newRatingJSON(r rating.Rating) ratingJSON {
	return ratingJSON{
		Level: r.Level.String(), Score: r.Score, Steps: r.Steps, WNEF: r.WNEF,
		Hardest: r.Hardest, HardestTier: r.HardestTier, Level1: r.Level1,
		Givens: r.Givens, Counts: r.Counts.Map(),
	}
}

// cellJSON is a digit in a cell: a placement or an eliminated candidate.
type cellJSON struct {
	Cell  int    `json:"cell"`
	Name  string `json:"name"`
	Digit int    `json:"digit"`
}

// stepJSON is rating.Step as the API writes it.
type stepJSON struct {
	Technique    string     `json:"technique"`
	Tier         int        `json:"tier"`
	Placements   []cellJSON `json:"placements"`
	Eliminations []cellJSON `json:"eliminations"`
	Cells        []int      `json:"cells"`
	Text         string     `json:"text"`
}

func newStepJSON(s rating.Step) stepJSON {
	j := stepJSON{
		Technique:    s.Technique,
		Tier:         s.Tier,
		Placements:   make([]cellJSON, len(s.Placements)),
		Eliminations: make([]cellJSON, len(s.Eliminations)),
		Cells:        s.Cells,
		Text:         s.Text,
	}
	for i, p := range s.Placements {
		j.Placements[i] = cellJSON{Cell: p.Cell, Name: engine.CellName(p.Cell), Digit: p.Digit}
	}
	for i, c := range s.Eliminations {
		j.Eliminations[i] = cellJSON{Cell: c.Cell, Name: engine.CellName(c.Cell), Digit: c.Digit}
	}
	if j.Cells == nil {
		j.Cells = []int{}
	}
	return j
}

// rateResponse is the answer of POST /rate.
type rateResponse struct {
	Puzzle string `json:"puzzle"`
	ratingJSON
	// Path is the solving path, with ?explain=true.
	Path []stepJSON `json:"path,omitempty"`
}

// handleRate serves POST /rate: the puzzle's level, score, the papers' metrics
// and technique counts, and with ?explain=true the solving path.
func handleRate(s rater, log *zap.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		q, err := queryParams(r)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		explain, err := q.boolean("explain")
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		var req puzzleInput
		g, err := decodePuzzle(r, &req)
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		var (
			rt   rating.Rating
			path []rating.Step
		)
		if explain {
			rt, path, err = s.Explain(r.Context(), g)
		} else {
			rt, err = s.Rate(r.Context(), g)
		}
		if err != nil {
			writeError(w, r, log, err)
			return
		}
		resp := rateResponse{Puzzle: g.String(), ratingJSON: newRatingJSON(rt)}
		if explain {
			resp.Path = make([]stepJSON, len(path))
			for i, st := range path {
				resp.Path[i] = newStepJSON(st)
			}
		}
		encode(w, r, http.StatusOK, "", resp)
	})
}
