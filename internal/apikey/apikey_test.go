package apikey

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestNewParseLookup(t *testing.T) {
	secretA, lineA, err := New("acme-print", []Scope{DailyAhead, Publish}, 1200)
	if err != nil {
		t.Fatal(err)
	}
	secretB, lineB, err := New("game.studio", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(secretA, "sudoku_") || len(secretA) != len("sudoku_")+43 || secretA == secretB {
		t.Fatalf("secrets %q, %q: want two different sudoku_ + 43 characters", secretA, secretB)
	}
	if strings.Contains(lineA, secretA[7:]) {
		t.Fatalf("key line %q contains the secret", lineA)
	}
	set, err := Parse(strings.NewReader("# keys\n\n" + lineA + "\n  " + lineB + "  \n"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		secret    string
		wantName  string
		wantScope Scope
		wantRate  int
	}{
		{secretA, "acme-print", Publish, 1200},
		{secretB, "game.studio", "", 0},
		{secretA + "x", "", "", 0},
		{"", "", "", 0},
	}
	for _, tt := range tests {
		k, ok := set.Lookup(tt.secret)
		if ok != (tt.wantName != "") || k.Name != tt.wantName || k.RateLimit != tt.wantRate {
			t.Errorf("Lookup(%.12q) = %+v, %t; want name %q rate %d", tt.secret, k, ok, tt.wantName, tt.wantRate)
		}
		if tt.wantScope != "" && !k.Has(tt.wantScope) {
			t.Errorf("key %s lacks %s", k.Name, tt.wantScope)
		}
	}
	if k, _ := set.Lookup(secretB); k.Has(DailyAhead) || k.Has(Publish) || k.Has(GenerateBulk) {
		t.Errorf("key without scopes has %v", k.Scopes)
	}
	if got := strings.Join(set.Names(), ","); got != "acme-print,game.studio" || set.Len() != 2 {
		t.Errorf("Names = %s", got)
	}
}

func TestParseBadLines(t *testing.T) {
	const hash = "sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	const hash2 = "sha256=0f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"
	tests := []struct {
		name, file, want string
	}{
		{"no equals", "name=a " + hash + " publish", `field "publish" is not NAME=VALUE`},
		{"unknown field", "name=a " + hash + " color=red", `unknown field "color"`},
		{"unknown scope", "name=a scopes=publish,admin " + hash, `unknown scope "admin"`},
		{"bad rate", "name=a rate=-1 " + hash, `rate "-1"`},
		{"bad name", "name=Acme " + hash, `name "Acme"`},
		{"missing hash", "name=a scopes=publish", "missing field sha256"},
		{"missing name", hash, "missing field name"},
		{"short hash", "name=a sha256=abcd", "64 hex digits"},
		{"secret pasted", "name=a sha256=sudoku_abcdefghijklmnopqrstuvwxyz", "64 hex digits"},
		{"field twice", "name=a name=b " + hash, "field name given twice"},
		{"name twice", "name=a " + hash + "\nname=a " + hash2, `line 2: key name "a" is used twice`},
		{"hash twice", "name=a " + hash + "\nname=b " + hash, "line 2: the hash of key"},
		{"good then bad", "name=a " + hash + "\n# c\nname=b scopes=root " + hash2, "line 3: "},
		{"bad created", "name=a created=yesterday " + hash, `created "yesterday"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set, err := Parse(strings.NewReader(tt.file))
			var le *LineError
			if err == nil || !strings.Contains(err.Error(), tt.want) || !errors.As(err, &le) {
				t.Fatalf("Parse = %v, %v; want a *LineError containing %q", set, err, tt.want)
			}
			if strings.Contains(err.Error(), "sudoku_abc") {
				t.Errorf("error %q quotes a secret", err)
			}
		})
	}
}

func TestNewRefusesBadInput(t *testing.T) {
	if _, _, err := New("Bad Name", nil, 0); err == nil {
		t.Error("New with a bad name succeeded")
	}
	if _, _, err := New("ok", []Scope{"admin"}, 0); err == nil {
		t.Error("New with an unknown scope succeeded")
	}
	if _, _, err := New("ok", nil, -5); err == nil {
		t.Error("New with a negative rate succeeded")
	}
}

func FuzzParse(f *testing.F) {
	f.Add("name=a scopes=publish rate=5 sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n")
	f.Add("# comment\n\nname=x\n")
	f.Fuzz(func(t *testing.T, file string) {
		set, err := Parse(strings.NewReader(file))
		if err == nil {
			for _, k := range set.keys {
				if !validName(k.Name) {
					t.Fatalf("accepted name %q", k.Name)
				}
			}
		}
	})
}

func TestRevoke(t *testing.T) {
	const file = "# keys\nname=a sha256=1\n\nname=ab scopes=publish sha256=2\n  name=b sha256=3\nbroken line name=c\n"
	tests := []struct {
		name, want string
		ok         bool
	}{
		{"a", "# keys\n\nname=ab scopes=publish sha256=2\n  name=b sha256=3\nbroken line name=c\n", true},
		{"b", "# keys\nname=a sha256=1\n\nname=ab scopes=publish sha256=2\nbroken line name=c\n", true},
		{"c", "# keys\nname=a sha256=1\n\nname=ab scopes=publish sha256=2\n  name=b sha256=3\n", true},
		{"keys", file, false},
		{"x", file, false},
	}
	for _, tt := range tests {
		got, err := Revoke(file, tt.name)
		if got != tt.want || (err == nil) != tt.ok {
			t.Errorf("Revoke(%q) = %q, %v; want %q, ok %t", tt.name, got, err, tt.want, tt.ok)
		}
	}
}

// TestRevokeLastKeyLeavesAFileThatParses: revoking the only key must
// drop it on the servers, so the file left is not blank (a blank file is
// refused as a truncated write, which would keep the revoked key).
func TestRevokeLastKeyLeavesAFileThatParses(t *testing.T) {
	secret, line, err := New("only", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	text, err := Revoke(line+"\n", "only")
	if err != nil {
		t.Fatal(err)
	}
	set, err := Parse(strings.NewReader(text))
	if err != nil {
		t.Fatalf("Parse of the file left by revoking the last key (%q): %v", text, err)
	}
	if _, ok := set.Lookup(secret); ok || set.Len() != 0 {
		t.Errorf("the revoked key is still in the set read from %q", text)
	}
}

func TestCreatedListed(t *testing.T) {
	_, line, err := New("a", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	set, err := Parse(strings.NewReader(line + "\nname=b sha256=9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08\n"))
	if err != nil {
		t.Fatal(err)
	}
	keys := set.Keys()
	if len(keys) != 2 || time.Since(keys[0].Created) > time.Minute || !keys[1].Created.IsZero() {
		t.Errorf("Keys = %+v, want a's creation time (now) and none for b", keys)
	}
}
