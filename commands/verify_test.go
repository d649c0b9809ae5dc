package commands

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"spindle/games"
)

// seedForms are the ways a seed could be spelled in a message: each word
// in decimal and hex, and the whole as SeedHex.
func seedForms(seed [2]uint64) []string {
	forms := []string{games.SeedHex(seed)}
	for _, w := range seed {
		for _, f := range []string{strconv.FormatUint(w, 10), fmt.Sprintf("%x", w), fmt.Sprintf("%X", w), fmt.Sprintf("%016x", w)} {
			if len(f) >= 8 { // a short form could turn up by chance
				forms = append(forms, f)
			}
		}
	}
	return forms
}

// noSeed fails when any message posted, edited, sent by DM or answered so
// far spells the seed, but for the result, which reveals it.
func noSeed(t *testing.T, h *harness, seed [2]uint64, resps ...Response) {
	t.Helper()
	var msgs []Message
	h.rec.mu.Lock()
	for _, ps := range h.rec.posts {
		for _, p := range ps {
			msgs = append(msgs, p.msg)
		}
	}
	for _, p := range append(h.rec.dms, h.rec.replies...) {
		msgs = append(msgs, p.msg)
	}
	h.rec.mu.Unlock()
	for _, r := range resps {
		if r.Message != nil {
			msgs = append(msgs, *r.Message)
		}
	}
	for _, m := range msgs {
		if len(m.Embeds) > 0 && strings.HasSuffix(m.Embeds[0].Title, "— final result") {
			continue
		}
		text := fmt.Sprintf("%+v", m)
		for _, f := range seedForms(seed) {
			if strings.Contains(text, f) {
				t.Fatalf("a message during the game spells the seed as %q: %s", f, text)
			}
		}
	}
}

// TestVerifyThroughHandlers: every board of a game in play shows the
// table's commitment and no message spells its seed; /game verify refuses
// the game while it runs; the result reveals the seed and the full
// commitment; then /game verify, by anyone in the server and by default
// for the channel's last finished game, replays it and attaches a record
// that verifies on its own.
func TestVerifyThroughHandlers(t *testing.T) {
	h := newHarness(t)
	id := h.startGame()
	raw, err := h.store.Envelope(id)
	if err != nil {
		t.Fatal(err)
	}
	env, err := games.ParseEnvelope(raw)
	if err != nil {
		t.Fatal(err)
	}
	seed, commit := env.Seed, games.Commitment(env.Seed, id)
	short := commit[:games.CommitmentShort]

	r, err := h.command(carol, "game verify", map[string]string{"table": fmt.Sprint(id)})
	if err == nil || !strings.Contains(r.Message.Content, "still being played") {
		t.Fatalf("verify of a game in play: %v %+v", err, r.Message)
	}
	r2, err := h.command(carol, "game verify", nil)
	if err == nil || !strings.Contains(r2.Message.Content, "no finished game in this channel") {
		t.Fatalf("verify with nothing finished: %v %+v", err, r2.Message)
	}
	resps := []Response{r, r2}
	players := []User{alice, bob}
	for turn := range 24 {
		if f := h.lastTable().msg.Embeds[0].Footer; !strings.Contains(f, "seed commitment "+short) || strings.Contains(f, commit) {
			t.Fatalf("turn %d: the board's footer %q does not show the commitment's %d digits", turn, f, games.CommitmentShort)
		}
		resps = append(resps, h.move(players[turn%2]))
		noSeed(t, h, seed, resps...)
	}
	tbl, err := h.store.Load(h.app.Catalog, id)
	if err != nil || !tbl.Over() {
		t.Fatalf("the game is not over: %v", err)
	}
	final := h.rec.last("c1").msg
	fair := final.Embeds[0].Fields[len(final.Embeds[0].Fields)-1]
	if fair.Name != "Fair play" || !strings.Contains(fair.Value, games.SeedHex(seed)) || !strings.Contains(fair.Value, commit) {
		t.Fatalf("the result does not reveal the seed: %+v", final.Embeds[0].Fields)
	}

	// A new game in the channel: /game verify still finds the finished one
	// and refuses the new one.
	id2 := h.startGame()
	if r, err := h.command(alice, "game verify", map[string]string{"table": fmt.Sprint(id2)}); err == nil || !strings.Contains(r.Message.Content, "still being played") {
		t.Fatalf("verify of the new game: %v %+v", err, r.Message)
	}
	resp, err := h.command(carol, "game verify", nil)
	if err != nil {
		t.Fatal(err)
	}
	m := resp.Message
	want := fmt.Sprintf("verified: %d chance outcomes match, commitment matches", chanceSteps(t, h, id))
	if !m.Ephemeral || len(m.Embeds) != 1 || !strings.Contains(m.Embeds[0].Title, fmt.Sprintf("table #%d — verified", id)) ||
		!strings.Contains(strings.ToLower(m.Embeds[0].Description), want) {
		t.Fatalf("verify reply %+v, want %q", m, want)
	}
	if len(m.Files) != 1 || m.Files[0].Name != fmt.Sprintf("table-%d.json", id) {
		t.Fatalf("verify files %+v", m.Files)
	}
	var rec games.Record
	if err := json.Unmarshal(m.Files[0].Data, &rec); err != nil {
		t.Fatal(err)
	}
	if rec.Seed != games.SeedHex(seed) || rec.Commitment != commit {
		t.Fatalf("attached record %+v", rec)
	}
	if _, err := h.app.Catalog.Verify(rec); err != nil {
		t.Fatalf("the attached record does not verify: %v", err)
	}
	other, err := h.do(Request{Kind: Command, User: carol, Command: "game verify", Guild: "g2", Options: map[string]string{"table": fmt.Sprint(id)}})
	if err == nil || !strings.Contains(other.Message.Content, "no table") {
		t.Fatalf("verify from another server: %v %+v", err, other.Message)
	}
}

// chanceSteps counts table id's logged chance outcomes.
func chanceSteps(t *testing.T, h *harness, id uint64) int {
	t.Helper()
	log, err := h.store.Log(id)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range log {
		if e.Seat == games.Chance {
			n++
		}
	}
	return n
}
