package bot

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/bwmarrin/discordgo"
)

// Discord's error codes that mean a call can never succeed as it stands:
// the channel, message or thread is gone or closed to the bot, or the
// user does not take DMs from it.
var permanentCodes = map[int]string{
	discordgo.ErrCodeUnknownChannel:               "the channel no longer exists",
	discordgo.ErrCodeUnknownMessage:               "the message no longer exists",
	discordgo.ErrCodeMissingAccess:                "the bot cannot see the channel",
	discordgo.ErrCodeMissingPermissions:           "the bot lacks a permission in the channel",
	discordgo.ErrCodeCannotSendMessagesToThisUser: "the user does not take direct messages from the bot",
	50083: "the thread is archived",
}

// refusal wraps an error from Discord's REST API with what it means for a
// retry (commands.Permanent) and, when Discord said why, the reason.
type refusal struct {
	err    error
	code   int
	status int
}

func (r refusal) Error() string { return r.err.Error() }
func (r refusal) Unwrap() error { return r.err }

// Permanent reports whether retrying the same call is pointless.
func (r refusal) Permanent() bool {
	_, known := permanentCodes[r.code]
	return known || r.status == http.StatusNotFound
}

// Gone reports whether the channel or thread no longer exists.
func (r refusal) Gone() bool { return r.code == discordgo.ErrCodeUnknownChannel }

// Reason says in a few words why Discord refused, or "" when it did not
// say anything the bot can explain.
func (r refusal) Reason() string { return permanentCodes[r.code] }

// classify wraps err from a REST call as a refusal when Discord answered
// with an error; other errors (the network, a cancelled context) pass.
func classify(err error, what string) error {
	if err == nil {
		return nil
	}
	var rest *discordgo.RESTError
	if errors.As(err, &rest) {
		r := refusal{err: fmt.Errorf("bot: %s: %w", what, err)}
		if rest.Response != nil {
			r.status = rest.Response.StatusCode
		}
		if rest.Message != nil {
			r.code = rest.Message.Code
		}
		return r
	}
	return fmt.Errorf("bot: %s: %w", what, err)
}
