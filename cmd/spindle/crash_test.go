package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"

	"spindle/commands"
	"spindle/games"
	"spindle/games/gametest"
	"spindle/imaging"
	"spindle/storage"
)

// The crash harness: a child process (this test binary, run as
// TestCrashChild) plays many tables of every game, with turn clocks,
// through the real handlers on a real bbolt file, recording every move the
// handlers acknowledged; the parent kills it with SIGKILL at random
// moments, plays the restarted bot's start-up (the announcements a crash
// left unshown), and checks the file after every kill.

const (
	crashDirEnv   = "SPINDLE_CRASH_DIR"
	crashTables   = 12 // three of each game
	crashWorkers  = 4
	crashKillsMin = 50
)

var crashGames = []string{"warpweft", "threadcount", "stitchcraft", "archravels"}

// crashWorld is what the child and the parent share: the database, the
// acknowledged moves and the posted messages, under dir.
type crashWorld struct {
	dir   string
	store *storage.Store
	app   *commands.App
	post  *filePoster
}

func openCrashWorld(t testing.TB, dir string) *crashWorld {
	t.Helper()
	store, err := storage.Open(filepath.Join(dir, "crash.db"), storage.Options{Timeout: 5 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		t.Fatal(err)
	}
	tiny := func(imaging.Kind, any, imaging.Options) ([]byte, error) { return []byte("\x89PNG tiny"), nil }
	app := &commands.App{Store: store, Catalog: cat, Log: zerolog.Nop(), Render: tiny}
	post, err := newFilePoster(filepath.Join(dir, "posts.log"))
	if err != nil {
		t.Fatal(err)
	}
	return &crashWorld{dir: dir, store: store, app: app, post: post}
}

func (w *crashWorld) close() {
	w.store.Close()
	w.post.f.Close()
}

// filePoster appends every message to a file (a killed process loses
// nothing the kernel has: no fsync is needed for SIGKILL).
type filePoster struct {
	mu sync.Mutex
	f  *os.File
	n  int
}

func newFilePoster(path string) (*filePoster, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	return &filePoster{f: f, n: int(time.Now().UnixNano() % 1e9)}, nil
}

func (p *filePoster) Post(_ context.Context, ch string, m commands.Message) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.n++
	id := fmt.Sprintf("m%d-%d", os.Getpid(), p.n)
	fmt.Fprintf(p.f, "%s\t%s\t%s\n", ch, id, strings.ReplaceAll(m.Content, "\n", " "))
	return id, nil
}
func (p *filePoster) Edit(context.Context, string, string, commands.Message) error { return nil }
func (p *filePoster) Delete(context.Context, string, string) error                 { return nil }
func (p *filePoster) Thread(context.Context, string, string) (string, error) {
	return "", errors.New("no threads here")
}
func (p *filePoster) DM(context.Context, string, commands.Message) error { return nil }

// EditReply drops the edit of an interaction reply (a panel following the
// game): the crash harness checks the channel, not private panels.
func (p *filePoster) EditReply(context.Context, string, commands.Message) error { return nil }

// user is the i-th player of channel ch.
func crashUser(ch, i int) commands.User {
	return commands.User{ID: fmt.Sprintf("%d", 1000+ch*10+i), Name: fmt.Sprintf("p%d-%d", ch, i)}
}

// do sends one interaction through the handlers.
func (w *crashWorld) do(req commands.Request) (commands.Response, error) {
	req.Guild = "g"
	req.At = time.Now()
	return w.app.Handle(context.Background(), req, w.post)
}

// startGame opens, fills and starts a two-player lobby of game in channel
// ch, with a turn clock; it carries on from wherever a kill left it.
func (w *crashWorld) startGame(run string, ch int, game string) error {
	channel := fmt.Sprintf("c%d", ch)
	id, err := w.store.Active(channel)
	if errors.Is(err, storage.ErrNotFound) {
		if _, err := w.do(commands.Request{ID: run + "-new-" + channel, Kind: commands.Command, Channel: channel,
			User: crashUser(ch, 0), Command: "game new", Options: map[string]string{"game": game}}); err != nil {
			return err
		}
		if id, err = w.store.Active(channel); err != nil {
			return err
		}
	} else if err != nil {
		return err
	}
	b, err := w.store.GetBinding(id)
	if err != nil || b.Status != storage.StatusLobby {
		return err
	}
	lobby := func(arg string) string { return commands.CustomID{Route: 'l', Table: id, Arg: arg}.MustEncode() }
	click := func(u commands.User, custom string, values ...string) error {
		_, err := w.do(commands.Request{ID: fmt.Sprintf("%s-%s-%s-%d", run, channel, custom, len(values)), Kind: commands.Component,
			Channel: channel, User: u, CustomID: custom, Values: values, Message: b.LobbyMessage})
		return err
	}
	if err := click(crashUser(ch, 0), lobby("opt/clock"), "live-5m:auto"); err != nil {
		return err
	}
	if len(b.Users) < 2 {
		if err := click(crashUser(ch, 1), lobby("join")); err != nil {
			return err
		}
	}
	return click(crashUser(ch, 0), lobby("start"))
}

// TestCrashChild is the child process of TestCrashRestarts: it plays until
// it is killed (or for a few seconds), appending each acknowledged move to
// acks.log.
func TestCrashChild(t *testing.T) {
	dir := os.Getenv(crashDirEnv)
	if dir == "" {
		t.Skip("the crash harness's child process")
	}
	w := openCrashWorld(t, dir)
	defer w.close()
	run := strconv.FormatInt(time.Now().UnixNano(), 36)
	acks, err := os.OpenFile(filepath.Join(dir, "acks.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	go w.app.RunTimers(ctx, w.post, 20*time.Millisecond)
	var wg sync.WaitGroup
	var ackMu sync.Mutex
	for k := range crashWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(k)))
			for n := 0; ctx.Err() == nil; n++ {
				ch := k + crashWorkers*rng.IntN(crashTables/crashWorkers) // each worker owns its channels
				if err := w.playOne(run, ch, n, rng, func(id string) {
					ackMu.Lock()
					fmt.Fprintln(acks, id)
					ackMu.Unlock()
				}); err != nil {
					t.Errorf("channel %d: %v", ch, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// playOne plays one move at channel ch's table (starting a game there when
// it has none running) and reports the interaction id once the handlers
// acknowledged the move.
func (w *crashWorld) playOne(run string, ch, n int, rng *rand.Rand, ack func(string)) error {
	channel := fmt.Sprintf("c%d", ch)
	id, err := w.store.Active(channel)
	if errors.Is(err, storage.ErrNotFound) {
		return w.startGame(run, ch, crashGames[ch%len(crashGames)])
	}
	if err != nil {
		return err
	}
	b, err := w.store.GetBinding(id)
	if err != nil {
		return err
	}
	if b.Status == storage.StatusLobby {
		return w.startGame(run, ch, b.Game)
	}
	t, err := w.store.Load(w.app.Catalog, id)
	if err != nil || t.Over() {
		return err
	}
	seats := slices.DeleteFunc(slices.Clone(t.ToAct()), func(s games.Seat) bool { return s < 0 })
	if len(seats) == 0 {
		return nil
	}
	seat := seats[rng.IntN(len(seats))]
	legal := t.Legal(seat)
	key := legal[games.PickWeighted(t.Weights(seat), len(legal), rng.IntN)].Key
	iid := fmt.Sprintf("%s-%d-%d-%d", run, ch, n, t.Version())
	resp, err := w.do(commands.Request{ID: iid, Kind: commands.Component, Channel: b.Channel,
		User: commands.User{ID: b.Users[seat], Name: "p"}, Message: "panel",
		CustomID: commands.CustomID{Route: 't', Table: id, Version: t.Version(), Undos: b.Undos, Arg: key}.MustEncode()})
	if err != nil {
		if commands.Expected(err) {
			return nil // a clock played for the seat meanwhile: a polite refusal
		}
		return err
	}
	if resp.Message != nil && strings.Contains(resp.Message.Content, "⚠️") && !strings.Contains(resp.Message.Content, "Your move is saved") {
		return nil
	}
	ack(iid)
	return nil
}

// crashTally is what the checks found over all kills.
type crashTally struct {
	kills, acked, lost, doubled, tables, clocks, redelivered int
}

// TestCrashRestarts kills the child at random moments, at least
// crashKillsMin times, and after each kill checks the file as a restarted
// bot would find it. Soak only: it runs for a minute or two.
func TestCrashRestarts(t *testing.T) {
	if !gametest.Soak() {
		t.Skip("the crash harness runs with " + gametest.SoakEnv + "=1")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(7, 7))
	var tally crashTally
	for tally.kills < crashKillsMin {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
		cmd.Env = append(os.Environ(), crashDirEnv+"="+dir)
		out := &strings.Builder{}
		cmd.Stdout, cmd.Stderr = out, out
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(150+rng.IntN(450)) * time.Millisecond)
		_ = cmd.Process.Signal(syscall.SIGKILL)
		err := cmd.Wait()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
			t.Fatalf("the child ended before the kill (%v):\n%s", err, out)
		}
		tally.kills++
		checkAfterCrash(t, dir, &tally)
	}
	t.Logf("crash harness: %d kills, %d moves acknowledged, %d lost, %d doubled; %d running tables checked, %d clocks armed; %d announcements recovered at restart",
		tally.kills, tally.acked, tally.lost, tally.doubled, tally.tables, tally.clocks, tally.redelivered)
	if tally.acked == 0 {
		t.Fatal("no move was acknowledged: the harness tested nothing")
	}
}

// checkAfterCrash opens the file as the restarted bot does, shows what the
// crash left unshown, and checks every invariant.
func checkAfterCrash(t *testing.T, dir string, tally *crashTally) {
	t.Helper()
	w := openCrashWorld(t, dir)
	defer w.close()
	n, err := w.app.Redeliver(context.Background(), w.post, 0)
	if err != nil {
		t.Fatal(err)
	}
	tally.redelivered += n
	if left, err := w.store.Unannounced(0); err != nil || len(left) != 0 {
		t.Fatalf("after the start-up redelivery %d tables still have unshown moves (%v)", len(left), err)
	}
	// Every move's interaction, as the log holds it.
	seen := map[string]int{}
	due, err := w.store.Due(time.Now().Add(365*24*time.Hour), 100000)
	if err != nil {
		t.Fatal(err)
	}
	for id, misses := uint64(1), 0; misses < 20; id++ {
		b, err := w.store.GetBinding(id)
		if errors.Is(err, storage.ErrNotFound) {
			misses++
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		misses = 0
		if b.Status == storage.StatusLobby {
			continue
		}
		tbl, err := w.store.Load(w.app.Catalog, id)
		if err != nil {
			t.Fatalf("table %d does not load after a crash: %v", id, err)
		}
		re, err := w.store.Replay(w.app.Catalog, id)
		if err != nil {
			t.Fatalf("table %d does not replay: %v", id, err)
		}
		a, _ := tbl.StateJSON()
		r, _ := re.StateJSON()
		if string(a) != string(r) {
			t.Fatalf("table %d: the snapshot and the replayed log differ", id)
		}
		log, err := w.store.Log(id)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range log {
			if e.Seat >= 0 && e.Interaction != "" {
				seen[e.Interaction]++
			}
		}
		if b.Status != storage.StatusActive || tbl.Over() {
			continue
		}
		tally.tables++
		for _, u := range b.Users {
			if ids, err := w.store.Playing(u); err != nil || !slices.Contains(ids, id) {
				t.Fatalf("table %d is missing from %s's games (%v)", id, u, err)
			}
		}
		var clock struct {
			Pace      string      `json:"pace"`
			Deadlines []time.Time `json:"deadlines"`
		}
		if err := json.Unmarshal(b.Clock, &clock); err != nil || clock.Pace == "none" {
			t.Fatalf("table %d has no clock (%v)", id, err)
		}
		for _, s := range tbl.ToAct() {
			if s < 0 {
				continue
			}
			if int(s) >= len(clock.Deadlines) || clock.Deadlines[s].IsZero() {
				t.Fatalf("table %d: seat %d is to act with no deadline", id, s)
			}
			dl := clock.Deadlines[s]
			if !slices.ContainsFunc(due, func(tm storage.Timer) bool {
				return tm.Table == id && tm.Seat == s && tm.Kind == "expire" && tm.Deadline.Equal(dl)
			}) {
				t.Fatalf("table %d: seat %d is to act with no expiry timer", id, s)
			}
			tally.clocks++
		}
	}
	acks, err := os.Open(filepath.Join(dir, "acks.log"))
	if errors.Is(err, os.ErrNotExist) {
		return
	}
	if err != nil {
		t.Fatal(err)
	}
	defer acks.Close()
	tally.acked, tally.lost, tally.doubled = 0, 0, 0
	sc := bufio.NewScanner(acks)
	for sc.Scan() {
		id := sc.Text()
		if id == "" {
			continue // a line cut by the kill
		}
		tally.acked++
		switch seen[id] {
		case 0:
			tally.lost++
			t.Errorf("acknowledged move %s is not in any log", id)
		case 1:
		default:
			tally.doubled++
			t.Errorf("acknowledged move %s is in the logs %d times", id, seen[id])
		}
	}
	for id, k := range seen {
		if k > 1 {
			t.Errorf("move %s was applied %d times", id, k)
		}
	}
}
