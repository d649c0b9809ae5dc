package bot

import (
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"spindle/commands"
)

// Register overwrites the application's slash commands with defs: on one
// guild when guild is set (instant, for development), globally otherwise.
func Register(s *discordgo.Session, guild string, defs []commands.AppCommand) ([]*discordgo.ApplicationCommand, error) {
	// Commands belong to the application, whose id is not its bot
	// user's on applications made since 2020.
	app, err := s.Application("@me")
	if err != nil {
		return nil, fmt.Errorf("bot: which application am I: %w", err)
	}
	// The definitions are already in Discord's JSON shape; a round trip
	// through JSON gives discordgo's types without a field-by-field copy.
	raw, err := json.Marshal(defs)
	if err != nil {
		return nil, fmt.Errorf("bot: encode commands: %w", err)
	}
	var cmds []*discordgo.ApplicationCommand
	if err := json.Unmarshal(raw, &cmds); err != nil {
		return nil, fmt.Errorf("bot: decode commands: %w", err)
	}
	out, err := s.ApplicationCommandBulkOverwrite(app.ID, guild, cmds)
	if err != nil {
		return nil, fmt.Errorf("bot: register commands: %w", err)
	}
	return out, nil
}
