package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"spindle/games"
	"spindle/storage"
)

// runVerify checks a finished game against its revealed seed: the table's
// record (header, seed, commitment, log) is read from the database, or
// from the JSON that /game verify attaches, and games.Catalog.Verify
// replays it, drawing every chance outcome again from the seed. It prints
// "verified: N chance outcomes match, commitment matches" or fails naming
// the step that differs.
func runVerify(cfg Config, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	table := fs.Uint64("table", 0, "the table number, as in \"table #12\" (required with the database)")
	db := fs.String("db", cfg.Data.DB, "the database `FILE`; while the bot runs it holds the file, so verify a copy made with spindle backup")
	jsonFile := fs.String("json", "", "read the record from this JSON `FILE` (as /game verify attaches it; - for stdin) instead of the database")
	commitment := fs.String("commitment", "", "the commitment the boards showed, `HEX` (16 or more digits), checked too")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spindle [--config FILE] verify --table N [--db FILE] [--commitment HEX]\n       spindle verify --json FILE [--commitment HEX]")
		fs.PrintDefaults()
	}
	if done, err := parseArgs(fs, args); done {
		return err
	}
	if fs.NArg() > 0 || (*jsonFile == "" && *table == 0) {
		fs.Usage()
		return errUsage
	}
	cat, err := buildCatalog(nil)
	if err != nil {
		return err
	}
	var rec games.Record
	if *jsonFile != "" {
		rec, err = readRecord(*jsonFile, stdin)
		if err == nil && *table != 0 && rec.Table != *table {
			err = fmt.Errorf("verify: %s is the record of table #%d, not #%d", *jsonFile, rec.Table, *table)
		}
	} else {
		rec, err = storedRecord(cat, cfg, *db, *table)
	}
	if err != nil {
		return err
	}
	if c := strings.TrimSpace(*commitment); c != "" {
		// The commitment the player saw must be the record's own, and the
		// record's must match its seed (Verify checks that).
		if !strings.HasPrefix(rec.Commitment, strings.ToLower(c)) || len(c) < games.CommitmentShort {
			return fmt.Errorf("verify: table #%d: the record's commitment %s does not start with %s", rec.Table, rec.Commitment, c)
		}
	}
	v, err := cat.Verify(rec)
	if err != nil {
		return fmt.Errorf("verify: table #%d does not verify: %w", rec.Table, err)
	}
	fmt.Fprintf(stdout, "table #%d (%s, %d seats, %d logged actions): %s\nseed        %s\ncommitment  %s\n",
		rec.Table, rec.Game, rec.Seats, v.Actions, v, rec.Seed, v.Commitment)
	return nil
}

// readRecord decodes a record written by /game verify.
func readRecord(path string, stdin io.Reader) (games.Record, error) {
	var r io.Reader = stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return games.Record{}, fmt.Errorf("verify: %w", err)
		}
		defer f.Close()
		r = f
	}
	var rec games.Record
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return games.Record{}, fmt.Errorf("verify: %s is not a game record: %w", path, err)
	}
	return rec, nil
}

// storedRecord reads table id's record from the database at path, opened
// read-only, and refuses a game still in play.
func storedRecord(cat *games.Catalog, cfg Config, path string, id uint64) (games.Record, error) {
	if _, err := os.Stat(path); err != nil {
		return games.Record{}, fmt.Errorf("verify: %w", err)
	}
	store, err := storage.Open(path, storage.Options{Timeout: cfg.Data.OpenTimeout, ReadOnly: true})
	if errors.Is(err, storage.ErrInUse) {
		return games.Record{}, fmt.Errorf("verify: %s is in use by the bot; verify a copy from `spindle backup FILE`: %w", path, err)
	}
	if err != nil {
		return games.Record{}, fmt.Errorf("verify: %w", err)
	}
	defer store.Close()
	t, err := store.Load(cat, id)
	if err != nil {
		return games.Record{}, fmt.Errorf("verify: %w", err)
	}
	if !t.Over() {
		return games.Record{}, fmt.Errorf("verify: table #%d is still in play; its seed stays secret until the game ends", id)
	}
	rec, err := store.Record(id)
	if err != nil {
		return games.Record{}, fmt.Errorf("verify: %w", err)
	}
	return rec, nil
}
