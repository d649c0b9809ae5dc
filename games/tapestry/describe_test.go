package tapestry

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
)

// walkData calls f on every effect ({do: …} map) of every data file,
// nested ones included, and on every "this era" hook of the tapestry
// cards, with the file it came from.
func walkData(t *testing.T, effect func(file string, e Effect), hook func(file string, h Hook)) {
	t.Helper()
	files, err := fs.Glob(dataFS, "data/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no data files: %v", err)
	}
	for _, f := range files {
		b, err := dataFS.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var doc any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var walk func(v any)
		walk = func(v any) {
			switch x := v.(type) {
			case map[string]any:
				_, isEffect := x["do"]
				_, isHook := x["when"]
				_, isRule := x["rule"]
				if isEffect || isHook || isRule {
					raw, _ := json.Marshal(x)
					if isEffect {
						var e Effect
						if err := json.Unmarshal(raw, &e); err != nil {
							t.Fatalf("%s: effect %s: %v", f, raw, err)
						}
						effect(f, e)
					} else {
						var h Hook
						if err := json.Unmarshal(raw, &h); err != nil {
							t.Fatalf("%s: hook %s: %v", f, raw, err)
						}
						hook(f, h)
					}
				}
				for _, y := range x {
					walk(y)
				}
			case []any:
				for _, y := range x {
					walk(y)
				}
			}
		}
		walk(doc)
	}
}

// TestDescribeCoversEveryEffect: every primitive, parameter value,
// bespoke routine and "this era" hook in the data files (civilizations and
// the Automa included) has its own words; none falls back to a raw name.
func TestDescribeCoversEveryEffect(t *testing.T) {
	effects, hooks := 0, 0
	dos := map[string]bool{}
	walkData(t, func(file string, e Effect) {
		effects++
		dos[e.Do] = true
		for _, long := range []bool{false, true} {
			s, ok := phrase(e, long)
			if !ok {
				raw, _ := json.Marshal(e)
				t.Errorf("%s: no words for %s", file, raw)
				return
			}
			checkWords(t, file, s)
		}
		checkWords(t, file, Describe([]Effect{e}))
		checkWords(t, file, Explain([]Effect{e}))
		// A choice of a "choose one" or of an "in any order" list is a
		// button of its own (view.go optionText): it must fit a label.
		for _, o := range e.Options {
			if l := capital(Describe(o)); len(l) > 80 {
				t.Errorf("%s: option label %q has %d characters", file, l, len(l))
			}
		}
		if e.Do == "any_order" {
			for _, x := range e.Effects {
				if l := capital(describe(x)) + " first"; len(l) > 80 {
					t.Errorf("%s: order label %q has %d characters", file, l, len(l))
				}
			}
		}
	}, func(file string, h Hook) {
		hooks++
		s, ok := hookPhrase(h)
		if !ok {
			t.Errorf("%s: no words for hook %+v", file, h)
			return
		}
		checkWords(t, file, s)
	})
	if effects < 400 || hooks < 30 || len(dos) < 30 {
		t.Fatalf("walked only %d effects (%d primitives) and %d hooks", effects, len(dos), hooks)
	}
	// Every bespoke routine named in the data has a sentence, and no
	// sentence is left over for a routine the data no longer names.
	used := map[string]bool{}
	walkData(t, func(_ string, e Effect) {
		if e.Do == "bespoke" {
			used[e.ID] = true
		}
	}, func(string, Hook) {})
	for id := range bespokeText {
		if !used[id] {
			t.Errorf("bespokeText has %q, which no data file uses", id)
		}
	}
	for id := range bespokeShort {
		if bespokeText[id] == "" {
			t.Errorf("bespokeShort has %q, which bespokeText lacks", id)
		}
	}
}

// checkWords fails on text that still shows a data name or a template.
func checkWords(t *testing.T, file, s string) {
	t.Helper()
	if s == "" || strings.Contains(s, "_") || strings.Contains(s, "{{") || strings.Contains(s, "%!") || strings.Contains(s, ") (") {
		t.Errorf("%s: bad words %q", file, s)
	}
	ws := strings.Fields(s)
	for i := 1; i < len(ws); i++ {
		if ws[i] == ws[i-1] {
			t.Errorf("%s: %q repeats %q", file, s, ws[i])
		}
	}
}

// TestDescribeFallback: an unknown primitive is reported as unknown and
// still gets a readable fallback.
func TestDescribeFallback(t *testing.T) {
	e := Effect{Do: "made_up_thing"}
	if _, ok := phrase(e, true); ok {
		t.Fatal("an unknown primitive has words")
	}
	if got := describe(e); got != "made up thing" {
		t.Fatalf("fallback = %q", got)
	}
	if _, ok := phrase(Effect{Do: "bespoke", ID: "nope"}, false); ok {
		t.Fatal("an unknown bespoke routine has words")
	}
	if _, ok := hookPhrase(Hook{When: "never"}); ok {
		t.Fatal("an unknown trigger has words")
	}
}

// TestDescribeWords pins a few sentences of both registers: plurals,
// articles, repeats and the merged Renaissance advances.
func TestDescribeWords(t *testing.T) {
	renaissance := TapCards[TapIndex("Renaissance")].Effects
	for _, c := range []struct {
		effs        []Effect
		short, long string
	}{
		{[]Effect{{Do: "gain", Res: &Res{2, 1, 0, 0}}}, "gain 2 coins and 1 worker", ""},
		{[]Effect{{Do: "gain", Res: &Res{1, 1, 1, 1}}}, "gain 1 of each resource", ""},
		{[]Effect{{Do: "building", Type: "armory"}}, "gain an armory", ""},
		{[]Effect{{Do: "territory_tiles", N: 1}, {Do: "explore"}}, "draw 1 territory tile, then explore",
			"draw 1 territory tile, then explore (a territory tile next to a territory you control)"},
		{[]Effect{{Do: "invent"}, {Do: "invent"}}, "twice: invent a tech card", ""},
		{[]Effect{{Do: "vp_per", Per: "track_position", Track: "science", Each: 1}}, "score 1 VP per space your science token has reached", ""},
		{[]Effect{{Do: "advance", Tracks: []string{"exploration", "military"}, Benefit: true, Bonus: "pay"}},
			"advance once on exploration or military (with benefit; may pay bonus)",
			"advance once on exploration or military and gain the benefit (you may pay for the bonus)"},
		{renaissance, "advance once on each of exploration, science, technology and military in any order (no benefit; free bonus)",
			"advance once on each of exploration, science, technology and military, in the order you like, with no benefit, but each bonus for free if you want it"},
	} {
		if c.long == "" {
			c.long = c.short
		}
		if got := Describe(c.effs); got != c.short {
			t.Errorf("Describe = %q, want %q", got, c.short)
		}
		if got := Explain(c.effs); got != c.long {
			t.Errorf("Explain = %q, want %q", got, c.long)
		}
	}
}
