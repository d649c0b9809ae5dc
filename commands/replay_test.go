package commands

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"spindle/games"
	"spindle/imaging"
	"spindle/storage"
)

func TestReplayCuts(t *testing.T) {
	e := func(seat games.Seat) storage.Entry { return storage.Entry{Step: games.Step{Seat: seat}} }
	c := games.Chance
	for _, tc := range []struct {
		log  []storage.Entry
		want []int
	}{
		{nil, []int{0}},
		{[]storage.Entry{e(c)}, []int{1}},
		{[]storage.Entry{e(c), e(0), e(1), e(0)}, []int{1, 2, 3, 4}},
		{[]storage.Entry{e(c), e(c), e(0), e(c), e(1), e(c), e(c)}, []int{2, 4, 7}},
		{[]storage.Entry{e(0), e(1)}, []int{0, 1, 2}},
	} {
		if got := replayCuts(tc.log); !slices.Equal(got, tc.want) {
			t.Errorf("replayCuts(%v) = %v, want %v", tc.log, got, tc.want)
		}
	}
}

func TestReplaySteps(t *testing.T) {
	h := newHarness(t)
	// Watching a replay of a running game is refused.
	running := h.startGame()
	h.move(alice)
	resp, err := h.command(carol, "game replay", map[string]string{"id": fmt.Sprint(running)})
	if err == nil || !strings.Contains(resp.Message.Content, "still being played") {
		t.Fatalf("replay of a running game: %v %+v", err, resp.Message)
	}
	if _, err := h.command(alice, "game abandon", nil); err != nil {
		t.Fatal(err)
	}
	resp, err = h.command(carol, "game replay", map[string]string{"id": fmt.Sprint(running)})
	if err == nil || !strings.Contains(resp.Message.Content, "abandoned") {
		t.Fatalf("replay of an abandoned game: %v %+v", err, resp.Message)
	}

	id, _ := h.finishGame()
	log, err := h.store.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	moves := len(replayCuts(log)) - 1
	// Rendering gets only the public view, at every position.
	var views []any
	h.app.Render = func(_ imaging.Kind, v any, _ imaging.Options) ([]byte, error) {
		views = append(views, v)
		return []byte("png"), nil
	}
	resp, err = h.command(carol, "game replay", map[string]string{"id": fmt.Sprint(id)})
	if err != nil {
		t.Fatal(err)
	}
	footer := func(r Response) string { return r.Message.Embeds[0].Footer }
	if !resp.Message.Ephemeral || !strings.HasPrefix(footer(resp), fmt.Sprintf("move 0 of %d", moves)) ||
		!strings.Contains(resp.Message.Embeds[0].Description, "opening position") {
		t.Fatalf("first position: %+v", resp.Message)
	}
	first := button(t, *resp.Message, "⏮ First")
	if !resp.Message.Rows[0].Buttons[0].Disabled || !resp.Message.Rows[0].Buttons[1].Disabled || resp.Message.Rows[0].Buttons[2].Disabled {
		t.Fatalf("buttons at the start: %+v", resp.Message.Rows)
	}
	next, err := h.click(carol, "replay", button(t, *resp.Message, "Next ▶"))
	if err != nil || !next.Update || !strings.HasPrefix(footer(next), fmt.Sprintf("move 1 of %d", moves)) ||
		!strings.Contains(next.Message.Embeds[0].Description, "Move 1, by <@"+alice.ID+">") {
		t.Fatalf("next: %v %+v", err, next.Message)
	}
	back, err := h.click(carol, "replay", button(t, *next.Message, "◀ Back"))
	if err != nil || !strings.HasPrefix(footer(back), "move 0 of") {
		t.Fatalf("back: %v %+v", err, back.Message)
	}
	last, err := h.click(carol, "replay", button(t, *next.Message, "Last ⏭"))
	if err != nil || !strings.HasPrefix(footer(last), fmt.Sprintf("move %d of %d", moves, moves)) ||
		!strings.Contains(last.Message.Embeds[0].Description, "Final position") || !last.Message.Rows[0].Buttons[2].Disabled {
		t.Fatalf("last: %v %+v", err, last.Message)
	}
	again, err := h.click(carol, "replay", first)
	if err != nil || !strings.HasPrefix(footer(again), "move 0 of") {
		t.Fatalf("first: %v %+v", err, again.Message)
	}
	// The final replayed position is the stored final table.
	tbl, _ := h.store.Load(h.app.Catalog, id)
	// Going back to a position drawn before costs no render.
	if len(views) != 3 {
		t.Fatalf("%d renders for three distinct positions", len(views))
	}
	if fmt.Sprint(views[2]) != fmt.Sprint(tbl.View(games.Spectator)) {
		t.Fatalf("the last replayed view differs from the final table")
	}
	for _, v := range views {
		if fmt.Sprintf("%T", v) != fmt.Sprintf("%T", tbl.View(games.Spectator)) {
			t.Fatalf("replay rendered a %T", v)
		}
	}
	// Forged steps are clamped; another server's table is unknown; a bad id is refused.
	forged := CustomID{Route: 'v', Table: id, Version: 99999, Arg: "next"}.MustEncode()
	if r, err := h.click(carol, "replay", forged); err != nil || !strings.HasPrefix(footer(r), fmt.Sprintf("move %d of", moves)) {
		t.Fatalf("forged step: %v %+v", err, r.Message)
	}
	other, err := h.do(Request{Kind: Command, User: carol, Command: "game replay", Guild: "g2", Options: map[string]string{"id": fmt.Sprint(id)}})
	if err == nil || !strings.Contains(other.Message.Content, "no table") {
		t.Fatalf("replay from another server: %v %+v", err, other.Message)
	}
	if r, err := h.command(carol, "game replay", map[string]string{"id": "twelve"}); err == nil || !strings.Contains(r.Message.Content, "table number") {
		t.Fatalf("a bad id: %v %+v", err, r.Message)
	}
}

// Discord's documented limits for application commands.
var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

func TestDefinitionsWithinDiscordLimits(t *testing.T) {
	h := newHarness(t)
	defs := Definitions(h.app.Catalog)
	if len(defs) > 100 {
		t.Fatalf("%d commands", len(defs))
	}
	names := map[string]bool{}
	for _, c := range defs {
		if !commandName.MatchString(c.Name) || names[c.Name] {
			t.Errorf("command name %q", c.Name)
		}
		names[c.Name] = true
		total := utf8.RuneCountInString(c.Name) + checkDescription(t, c.Name, c.Description)
		total += checkOptions(t, c.Name, c.Options)
		if total > 4000 {
			t.Errorf("/%s has %d characters in all, over 4000", c.Name, total)
		}
	}
	for _, want := range []string{"leaderboard", "stats", "history"} {
		if !names[want] {
			t.Errorf("no /%s", want)
		}
	}
}

func checkDescription(t *testing.T, where, d string) int {
	t.Helper()
	if n := utf8.RuneCountInString(d); n < 1 || n > 100 {
		t.Errorf("%s: description of %d characters", where, n)
	}
	return utf8.RuneCountInString(d)
}

func checkOptions(t *testing.T, where string, opts []CommandOption) int {
	t.Helper()
	if len(opts) > 25 {
		t.Errorf("%s: %d options", where, len(opts))
	}
	total, optional := 0, false
	seen := map[string]bool{}
	for _, o := range opts {
		at := where + " " + o.Name
		if !commandName.MatchString(o.Name) || seen[o.Name] {
			t.Errorf("%s: option name %q", where, o.Name)
		}
		seen[o.Name] = true
		total += utf8.RuneCountInString(o.Name) + checkDescription(t, at, o.Description)
		if o.Type != OptSubcommand {
			if o.Required && optional {
				t.Errorf("%s: a required option after an optional one", at)
			}
			optional = optional || !o.Required
		}
		if len(o.Choices) > 25 || (len(o.Choices) > 0 && o.Autocomplete) {
			t.Errorf("%s: %d choices (autocomplete %v)", at, len(o.Choices), o.Autocomplete)
		}
		for _, ch := range o.Choices {
			if n := utf8.RuneCountInString(ch.Name); n < 1 || n > 100 || len(ch.Value) > 100 {
				t.Errorf("%s: choice %+v", at, ch)
			}
			total += utf8.RuneCountInString(ch.Name) + utf8.RuneCountInString(ch.Value)
		}
		total += checkOptions(t, at, o.Options)
	}
	return total
}
