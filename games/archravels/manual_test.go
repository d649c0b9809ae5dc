package archravels

import (
	"fmt"
	"strings"
	"testing"
)

// sections splits the manual at its "## " headings.
func sections(md string) map[string]string {
	out := map[string]string{}
	var title string
	var body strings.Builder
	flush := func() {
		if title != "" {
			out[title] = body.String()
		}
		body.Reset()
	}
	for line := range strings.SplitSeq(md, "\n") {
		if t, ok := strings.CutPrefix(line, "## "); ok {
			flush()
			title = strings.TrimSpace(t)
			continue
		}
		body.WriteString(line + "\n")
	}
	flush()
	return out
}

// TestManualCoversEveryCard: /rules archravels has a section for every
// character, event and special request, named as in the data, and every
// section fits a Discord embed.
func TestManualCoversEveryCard(t *testing.T) {
	secs := sections(Game{}.Info().Manual)
	var want []string
	for _, c := range Characters {
		want = append(want, fmt.Sprintf("%s (%s)", c.Name, c.TypeName))
	}
	for _, e := range Events {
		want = append(want, e.Name)
	}
	for _, r := range Requests {
		want = append(want, r.Name)
	}
	want = append(want, "Overview", "Setup", "Your turn", "Shop", "Crafting", "Scoring", "Options", "Game end")
	for _, w := range want {
		body, ok := secs[w]
		if !ok {
			t.Errorf("no section %q", w)
			continue
		}
		if strings.TrimSpace(body) == "" {
			t.Errorf("section %q is empty", w)
		}
	}
	for title, body := range secs {
		if len(body) > 3500 {
			t.Errorf("section %q has %d bytes, more than an embed shows", title, len(body))
		}
	}
	// The options section says where each yarn deck comes from.
	if o := secs["Options"]; !strings.Contains(o, "classic74") || !strings.Contains(strings.ToLower(o), "reconstruct") || !strings.Contains(o, "revised80") {
		t.Errorf("the Options section must say classic74 is reconstructed and where revised80 comes from:\n%s", o)
	}
}

// TestManualFacts: the card sections carry the data's numbers.
func TestManualFacts(t *testing.T) {
	secs := sections(Game{}.Info().Manual)
	for _, r := range Requests {
		if !strings.Contains(secs[r.Name], fmt.Sprint(r.Points)) {
			t.Errorf("section %s does not give its %d points", r.Name, r.Points)
		}
	}
	for _, e := range Events {
		if !strings.Contains(secs[e.Name], fmt.Sprint(e.Copies)) && !strings.Contains(strings.ToLower(secs[e.Name]), []string{"zero", "one", "two", "three", "four"}[e.Copies]) {
			t.Errorf("section %s does not say how many copies (%d)", e.Name, e.Copies)
		}
	}
}
