package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"spindle/storage"
)

// runBackup writes a consistent copy of the database to FILE. When no bot
// holds the file, it copies directly; while a bot is running (bbolt's lock
// allows one process), it asks that bot's loopback admin listener, which
// copies inside a read transaction, so the backup is online; that needs
// the admin token (admin.token or SPINDLE_ADMIN_TOKEN), the same as the
// bot's.
func runBackup(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		fmt.Fprintln(stderr, "usage: spindle [--config FILE] backup FILE")
		return errUsage
	}
	dst := args[0]
	if cfg.Storage.PostgresURL != "" {
		return fmt.Errorf("backup: the store is in PostgreSQL (storage.postgres_url or %s): back it up with PostgreSQL's own tools, "+
			"pg_dump --format=custom --table='spindle_*' --file=%s \"$%s\" (restore: pg_restore --dbname=URL %s), "+
			"or copy it to a bbolt file with `spindle migrate --from postgres:URL --to bolt:FILE` while no bot runs", postgresEnv, dst, postgresEnv, dst)
	}
	store, err := storage.Open(cfg.Data.DB, storage.Options{Timeout: cfg.Data.OpenTimeout, ReadOnly: true})
	switch {
	case err == nil:
		defer store.Close()
		if err := store.BackupFile(dst); err != nil {
			return err
		}
	case errors.Is(err, storage.ErrInUse) && cfg.Admin.Addr != "":
		if err := backupOnline(ctx, cfg.Admin.Addr, adminToken(cfg.Admin), cfg.Data.DB, dst); err != nil {
			return fmt.Errorf("backup: %s is in use and the running bot could not copy it: %w", cfg.Data.DB, err)
		}
	default:
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s\n", dst)
	return nil
}

// backupOnline asks the admin listener at addr for a copy of the database
// db (by absolute path: the process there may serve another one), sending
// token as its bearer token, and writes it to dst once it opens as a
// database.
func backupOnline(ctx context.Context, addr, token, db, dst string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	u := url.URL{Scheme: "http", Host: addr, Path: "/backup", RawQuery: url.Values{"db": {absPath(db)}}.Encode()}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode == http.StatusConflict {
		why, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("the process on %s is not the one using %s: %s", addr, absPath(db), strings.TrimSpace(string(why)))
	}
	if resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden {
		why, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return fmt.Errorf("admin listener answered %s: %s", resp.Status, strings.TrimSpace(string(why)))
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("admin listener answered %s", resp.Status)
	}
	if got := resp.Header.Get("X-Spindle-DB"); got != "" && !samePath(got, db) {
		return fmt.Errorf("the process on %s copied %s, not %s", addr, got, absPath(db))
	}
	tmp, err := os.CreateTemp(filepath.Dir(dst), ".backup-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := io.Copy(tmp, resp.Body); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	// The copy must open as a database before it replaces anything.
	check, err := storage.Open(tmp.Name(), storage.Options{Timeout: time.Second, ReadOnly: true})
	if err != nil {
		return fmt.Errorf("the copy does not open: %w", err)
	}
	check.Close()
	return os.Rename(tmp.Name(), dst)
}
