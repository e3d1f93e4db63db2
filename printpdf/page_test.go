package printpdf

import (
	"errors"
	"testing"
)

func TestPageSpec(t *testing.T) {
	a4, _ := PageSize("a4")
	letter, _ := PageSize("letter")
	tests := []struct {
		name  string
		spec  PageSpec
		pack  bool
		want  Size
		field string // the *SpecError's field; "" for none
	}{
		{"default one puzzle", PageSpec{}, false, Size{Width: DefaultWidth}, ""},
		{"default pack", PageSpec{}, true, a4, ""},
		{"named", PageSpec{Name: "letter"}, true, letter, ""},
		{"unknown name", PageSpec{Name: "b5"}, false, Size{}, "page"},
		{"name and width", PageSpec{Name: "a4", Width: "100mm"}, false, Size{}, "page"},
		{"height alone", PageSpec{Height: "100mm"}, false, Size{}, "height"},
		{"width alone fits", PageSpec{Width: "72pt"}, false, Size{Width: 72}, ""},
		{"width alone in a pack", PageSpec{Width: "72pt"}, true, Size{}, "height"},
		{"width and height", PageSpec{Width: "72pt", Height: "144pt"}, true, Size{72, 144}, ""},
		{"width without unit", PageSpec{Width: "100", Height: "144pt"}, true, Size{}, "width"},
		{"bad height", PageSpec{Width: "72pt", Height: "x"}, false, Size{}, "height"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			resolve := tt.spec.Page
			if tt.pack {
				resolve = tt.spec.PackPage
			}
			got, err := resolve()
			var se *SpecError
			if tt.field == "" {
				if err != nil || got != tt.want {
					t.Fatalf("%+v = %v, %v; want %v", tt.spec, got, err, tt.want)
				}
				return
			}
			if !errors.As(err, &se) || se.Field != tt.field {
				t.Fatalf("%+v = %v, %v; want a *SpecError of %s", tt.spec, got, err, tt.field)
			}
		})
	}
}
