package commands

import (
	"fmt"
	"strings"
)

// The bot's permissions a channel's game needs, as Discord numbers them.
const (
	permViewChannel        = 1 << 10
	permSendMessages       = 1 << 11
	permEmbedLinks         = 1 << 14
	permAttachFiles        = 1 << 15
	permReadMessageHistory = 1 << 16
)

// boardPermissions are what posting a board takes, with their names.
var boardPermissions = []struct {
	bit  int64
	name string
}{
	{permViewChannel, "View Channel"},
	{permSendMessages, "Send Messages"},
	{permEmbedLinks, "Embed Links"},
	{permAttachFiles, "Attach Files"},
	{permReadMessageHistory, "Read Message History"},
}

// canPostBoards refuses, before anything is committed, an interaction in
// a channel where the bot could not post the board that would follow: it
// names the missing permissions and the channel. When Discord did not
// send the bot's permissions (the sandbox, a DM) it lets everything pass.
func canPostBoards(req Request) error {
	if !req.AppPermissionsKnown {
		return nil
	}
	var missing []string
	for _, p := range boardPermissions {
		if req.AppPermissions&p.bit == 0 {
			missing = append(missing, "**"+p.name+"**")
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return sorry(fmt.Sprintf("I can't post the game's board in <#%s>: I'm missing %s there. Ask a server admin to give Spindle those permissions in this channel, then try again — nothing was played.",
		req.Channel, strings.Join(missing, ", ")))
}
