// Command spindle runs the Spindle Discord bot and its tools.
//
//	spindle [--config FILE] [run]       serve Discord (DISCORD_TOKEN from the environment)
//	spindle [--config FILE] sandbox     play locally in a browser, no token needed
//	spindle [--config FILE] register    register the slash commands
//	spindle sim ...                      play a game with no Discord and print JSON
//	spindle render ...                   play a game and write its PNGs
//	spindle [--config FILE] backup FILE  write a consistent copy of the database
//	spindle [--config FILE] bench        measure every speed goal and print one report
//	spindle arena --game G --players ai:hard,random --n 20   AI win rates and decision times
//	spindle [--config FILE] verify --table N   replay a finished game from its revealed seed
//	spindle migrate --from bolt:FILE --to postgres:URL   copy the store between backends (or back)
//
// main wires config -> logging -> storage -> catalog -> bot and handles
// signals; everything else lives in the packages.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	// Quiet hours name IANA time zones; the runtime image has no zone
	// files, so the database is embedded in the binary.
	_ "time/tzdata"
)

// errUsage marks a command-line mistake: the usage was printed.
var errUsage = errors.New("spindle: bad usage")

// parseArgs parses a subcommand's flags. done is true when the subcommand
// should stop there: with a nil error when help was asked for (the flag
// package has printed it), with errUsage for a bad flag.
func parseArgs(fs *flag.FlagSet, args []string) (done bool, err error) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return true, nil
		}
		return true, errUsage
	}
	return false, nil
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	// The first signal asks the command to stop; a second one, with the
	// signals' default handling restored, ends the process at once.
	go func() {
		<-ctx.Done()
		stop()
	}()
	err := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	if err != nil {
		if !errors.Is(err, errUsage) {
			fmt.Fprintln(os.Stderr, err)
		}
		os.Exit(2)
	}
}

const usage = `usage: spindle [--config FILE] [command] [flags]

commands:
  run            serve Discord (the default; needs DISCORD_TOKEN)
  sandbox        play locally in a browser with no token
  register       register the slash commands with Discord
  sim            play a game without Discord and print JSON
  render         play a game and write its PNG images
  backup FILE    write a consistent copy of the database
  bench          measure every speed goal (render, disk, handlers, start-up)
  arena          play games between AI levels, random and greedy players; print win rates
  train          fit Tapestry's evaluator weights on AI games (reproducible from --seed)
  verify         check a finished game's chance outcomes against its revealed seed
  migrate        copy the store between a bbolt file and PostgreSQL, checked by replay
Run "spindle COMMAND --help" for a command's flags.
`

func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	global := flag.NewFlagSet("spindle", flag.ContinueOnError)
	global.SetOutput(stderr)
	global.Usage = func() { fmt.Fprint(stderr, usage) }
	configPath := global.String("config", "", "YAML config file (see config.example.yaml)")
	if done, err := parseArgs(global, args); done {
		return err
	}
	if *configPath != "" {
		// A config file that isn't there is a mistake for every command,
		// even one that reads no config.
		if _, err := os.Stat(*configPath); err != nil {
			return fmt.Errorf("config: %w", err)
		}
	}
	rest := global.Args()
	cmd := "run"
	if len(rest) > 0 {
		cmd, rest = rest[0], rest[1:]
	}
	switch cmd {
	case "sim":
		return runSim(rest, stdout, stderr)
	case "render":
		return runRender(rest, stdout, stderr)
	case "arena":
		return runArena(ctx, rest, stdout, stderr)
	case "train":
		return runTrain(rest, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	}
	cfg, err := LoadConfig(*configPath)
	if err != nil {
		return err
	}
	switch cmd {
	case "backup":
		return runBackup(ctx, cfg, rest, stdout, stderr)
	case "bench":
		return runBench(cfg, rest, stdout, stderr)
	case "verify":
		return runVerify(cfg, rest, os.Stdin, stdout, stderr)
	case "migrate":
		return runMigrate(cfg, rest, stdout, stderr)
	case "run", "sandbox", "register":
		return runServe(ctx, cmd, cfg, rest, stdout, stderr)
	}
	fmt.Fprintf(stderr, "spindle: unknown command %q\n\n%s", cmd, usage)
	return errUsage
}
