package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"spindle/storage"
)

// runBackup writes a consistent copy of the database to FILE. When no bot
// holds the file, it copies directly; while a bot is running (bbolt's lock
// allows one process), it asks that bot's loopback admin listener, which
// copies inside a read transaction, so the backup is online.
func runBackup(ctx context.Context, cfg Config, args []string, stdout, stderr io.Writer) error {
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		fmt.Fprintln(stderr, "usage: spindle [--config FILE] backup FILE")
		return errUsage
	}
	dst := args[0]
	store, err := storage.Open(cfg.Data.DB, storage.Options{Timeout: cfg.Data.OpenTimeout, ReadOnly: true})
	switch {
	case err == nil:
		defer store.Close()
		if err := store.BackupFile(dst); err != nil {
			return err
		}
	case errors.Is(err, storage.ErrInUse) && cfg.Admin.Addr != "":
		if err := backupOnline(ctx, cfg.Admin.Addr, dst); err != nil {
			return fmt.Errorf("backup: %s is in use and the running bot could not copy it: %w", cfg.Data.DB, err)
		}
	default:
		return err
	}
	fmt.Fprintf(stdout, "backup written to %s\n", dst)
	return nil
}

func backupOnline(ctx context.Context, addr, dst string) error {
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+addr+"/backup", nil)
	if err != nil {
		return err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("admin listener answered %s", resp.Status)
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
