package commands

import (
	"context"
	"fmt"

	"spindle/games"
	"spindle/storage"
)

// Standing answers to windows (reaction windows in Stitchcraft), chosen
// per player per table with /game policy. They are private: only the
// player is told which one they chose. An answer made for a player is
// flagged "auto" in the log line, as the spec asks.
const (
	policyAsk  = "ask"
	policyPass = "pass"
	policyAuto = "auto"
)

var policyText = map[string]string{
	policyAsk:  "ask me (you are pinged; the table's reaction timeout passes for you)",
	policyPass: "always pass",
	policyAuto: "react automatically when I can, otherwise pass",
}

// policyCommand is /game policy: the caller's standing answer at this
// channel's game. A window already open for them is answered at once.
func (a *App) policyCommand(ctx context.Context, req Request, p Poster) (Response, error) {
	v := req.Options["value"]
	if _, ok := policyText[v]; !ok {
		return Response{}, sorry("Choose ask, pass or auto.")
	}
	b, _, _, err := a.seatedHere(req)
	if err != nil {
		return Response{}, err
	}
	unlock := a.lock(b.Table)
	defer unlock()
	if b, err = a.Store.GetBinding(b.Table); err != nil {
		return Response{}, err
	}
	if b.Policies == nil {
		b.Policies = map[string]string{}
	}
	b.Policies[req.User.ID] = v
	if err := a.Store.PutBinding(b); err != nil {
		return Response{}, err
	}
	t, err := a.Store.Load(a.Catalog, b.Table)
	if err != nil {
		return Response{}, err
	}
	if t2, steps, err := a.autoAnswers(b, t); err != nil {
		return Response{}, err
	} else if len(steps) > 0 {
		if err := a.announce(ctx, p, &b, t2, steps); err != nil {
			return Response{}, err
		}
	}
	msg := fmt.Sprintf("Your standing answer at table #%d: **%s**. Only you can see this.", b.Table, policyText[v])
	if v != policyAsk {
		msg += "\nNote: an automatic answer comes at once, so others can see how fast you answered."
	}
	return Response{Message: &Message{Ephemeral: true, Content: msg}}, nil
}

// autoAnswers plays the standing answers of players whose window is open,
// one after another (an answer may open the next player's window), and
// returns the table and the steps with a line flagging each as automatic.
func (a *App) autoAnswers(b storage.Binding, t games.Table) (games.Table, []games.Step, error) {
	var all []games.Step
	for range 100 {
		seat, key := games.Seat(-1), ""
		for _, s := range t.ToAct() {
			if s < 0 || int(s) >= len(b.Users) || !t.InWindow(s) {
				continue
			}
			ok := false
			switch b.Policies[b.Users[s]] {
			case policyPass:
				key, ok = t.Pass(s)
			case policyAuto:
				key, ok = t.AutoRespond(s)
			}
			if ok {
				seat = s
				break
			}
		}
		if key == "" {
			return t, all, nil
		}
		meta := a.withClock(storage.Meta{At: a.now(), Interaction: fmt.Sprintf("policy:%d:%d:%d", b.Table, t.Version(), seat)}, b)
		next, steps, err := a.Store.Play(a.Catalog, b.Table, seat, t.Version(), key, meta)
		if err != nil {
			return t, all, err
		}
		all = append(all, games.Step{Seat: seat, Events: []games.Event{{Public: fmt.Sprintf("%s answered automatically (auto).", mention(b, seat))}}})
		all = append(all, steps...)
		t = next
	}
	return t, all, nil
}
