package games_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"spindle/games"
	"spindle/games/gametest/toy"
)

// TestEnvelopeMarshalIsJSONMarshal checks that the driver's envelope, whose
// state Marshal copies without scanning it again, encodes to exactly the
// bytes json.Marshal writes, at every version of a toy game; and that an envelope built by hand (its state not
// the driver's) is still compacted.
func TestEnvelopeMarshalIsJSONMarshal(t *testing.T) {
	tb, _, err := games.Bind(toy.Game{}).New(nil, 3, seed)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 40 && !tb.Over(); i++ {
		env, err := tb.Envelope()
		if err != nil {
			t.Fatal(err)
		}
		got, err := env.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(env)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("version %d:\n got %s\nwant %s", tb.Version(), got, want)
		}
		if _, err := games.ParseEnvelope(got); err != nil {
			t.Fatalf("version %d: %v", tb.Version(), err)
		}
		seat := tb.ToAct()[0]
		if _, err := tb.Play(seat, tb.Version(), tb.Legal(seat)[0].Key); err != nil {
			t.Fatal(err)
		}
	}
	hand := games.Envelope{Schema: games.Schema, Game: "toy", State: json.RawMessage("{ \"a\" : [1, 2] }")}
	b, err := hand.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(b, []byte(`"state":{"a":[1,2]}`)) {
		t.Fatalf("a hand-built envelope's state was not compacted: %s", b)
	}
}
