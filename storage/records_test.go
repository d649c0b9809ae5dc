package storage

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"spindle/games"
)

func TestLobbyBindingLifecycle(t *testing.T) {
	cat := catalog(t)
	s, _ := open(t)
	lobby := Binding{Game: "toy", Guild: "g1", Channel: "c1", Thread: "th1", LobbyMessage: "m0", Host: "u1",
		Users: []string{"u1", "u2"}, Created: t0, Updated: t0, Options: games.Options{"pace": "fast"},
		Clock: json.RawMessage(`{"turn":"24h"}`)}
	id, err := s.CreateLobby(lobby)
	if err != nil || id != 1 {
		t.Fatalf("CreateLobby = %d, %v", id, err)
	}
	b, err := s.GetBinding(id)
	if err != nil {
		t.Fatal(err)
	}
	if b.Table != id || b.Status != StatusLobby || !slices.Equal(b.Users, lobby.Users) || string(b.Clock) != `{"turn":"24h"}` || !b.Created.Equal(t0) {
		t.Fatalf("lobby binding = %+v", b)
	}
	if _, err := s.Load(cat, id); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a lobby has a table: %v", err)
	}
	// Lobbies and tables share one id sequence.
	other, _, _, err := s.Create(cat, "toy", nil, 2, meta(1))
	if err != nil || other != 2 {
		t.Fatalf("Create after a lobby = %d, %v; want id 2", other, err)
	}
	if _, _, err := s.CreateAt(cat, 3, "toy", nil, 2, meta(2)); !errors.Is(err, ErrNotFound) {
		t.Fatalf("CreateAt an unreserved id: %v", err)
	}
	if _, _, err := s.CreateAt(cat, other, "toy", nil, 2, meta(3)); !errors.Is(err, ErrExists) {
		t.Fatalf("CreateAt over a table: %v", err)
	}

	tab, steps, err := s.CreateAt(cat, id, "toy", b.Options, 2, meta(4))
	if err != nil || tab.Version() != 1 || len(steps) != 1 {
		t.Fatalf("CreateAt = %v, %v, %v", tab, steps, err)
	}
	if tab2, _, err := s.CreateAt(cat, id, "toy", nil, 2, meta(4)); !errors.Is(err, ErrDuplicate) || tab2 == nil {
		t.Fatalf("repeated CreateAt = %v, %v", tab2, err)
	}
	if b, _ = s.GetBinding(id); b.Status != StatusActive || !b.Updated.Equal(meta(4).At) {
		t.Fatalf("binding after start = %+v", b)
	}
	playOut(t, s, cat, id, 10)
	if b, _ = s.GetBinding(id); b.Status != StatusFinished {
		t.Fatalf("binding after the end = %+v", b)
	}
	// An abandoned binding stays abandoned whatever the table does.
	b.Table, b.Status = other, StatusAbandoned
	if err := s.PutBinding(b); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.Concede(cat, other, 0, 1, meta(50)); err != nil {
		t.Fatal(err)
	}
	if b, _ = s.GetBinding(other); b.Status != StatusAbandoned {
		t.Fatalf("abandoned binding became %q", b.Status)
	}
	if err := s.PutBinding(Binding{}); err == nil {
		t.Fatal("PutBinding without an id succeeded")
	}
	if _, err := s.GetBinding(99); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetBinding of a missing id: %v", err)
	}
}

func TestChannelsIndex(t *testing.T) {
	s, _ := open(t)
	if _, err := s.Active("c1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Active of an empty channel: %v", err)
	}
	if err := s.SetActive("c1", 7); err != nil {
		t.Fatal(err)
	}
	if err := s.SetActive("c2", 300); err != nil {
		t.Fatal(err)
	}
	if id, err := s.Active("c1"); err != nil || id != 7 {
		t.Fatalf("Active(c1) = %d, %v", id, err)
	}
	if err := s.SetActive("c1", 8); err != nil {
		t.Fatal(err)
	}
	if id, _ := s.Active("c1"); id != 8 {
		t.Fatalf("Active(c1) after replace = %d", id)
	}
	if err := s.ClearActive("c1"); err != nil {
		t.Fatal(err)
	}
	if err := s.ClearActive("c1"); err != nil {
		t.Fatalf("clearing twice: %v", err)
	}
	if _, err := s.Active("c1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("Active after clear: %v", err)
	}
	if id, _ := s.Active("c2"); id != 300 {
		t.Fatalf("Active(c2) = %d", id)
	}
	if err := s.SetActive("", 1); err == nil {
		t.Fatal("SetActive without a channel succeeded")
	}
}

func TestGuildSettings(t *testing.T) {
	s, _ := open(t)
	type settings struct {
		Notify  bool   `json:"notify"`
		Channel string `json:"channel"`
	}
	var got settings
	if err := s.GetGuild("g1", &got); !errors.Is(err, ErrNotFound) {
		t.Fatalf("GetGuild of a new guild: %v", err)
	}
	if err := s.PutGuild("g1", settings{Notify: true, Channel: "c9"}); err != nil {
		t.Fatal(err)
	}
	if err := s.GetGuild("g1", &got); err != nil || got != (settings{true, "c9"}) {
		t.Fatalf("GetGuild = %+v, %v", got, err)
	}
	if err := s.PutGuild("g2", func() {}); err == nil {
		t.Fatal("PutGuild of an unencodable value succeeded")
	}
	if err := s.PutGuild("", settings{}); err == nil {
		t.Fatal("PutGuild without a guild succeeded")
	}
}
