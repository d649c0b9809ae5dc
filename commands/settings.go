package commands

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"spindle/storage"
)

// Settings are a server's defaults, kept in the guilds bucket and changed
// with /settings by members with Manage Server.
type Settings struct {
	// Clock is the lobby's default turn clock ("none" or "<preset>:<policy>").
	Clock string `json:"clock"`
	// Reminders says which clocks remind: "async" (the default: at half
	// time and two hours before the deadline), "all" (live clocks too, at
	// half time) or "off".
	Reminders string `json:"reminders"`
	// AwayMax bounds /away.
	AwayMax time.Duration `json:"away_max"`
	// Threads makes /game new open a thread unless told otherwise.
	Threads bool `json:"threads"`
	// Channels, when not empty, are the only channels where games may start.
	Channels []string `json:"channels,omitempty"`
	// RateAI rates the people of games with AI seats (against each AI
	// level's fixed strength); off by default, so practice against the AI
	// never moves a rating.
	RateAI bool `json:"rate_ai,omitempty"`
}

func defaultSettings() Settings {
	return Settings{Clock: "none", Reminders: "async", AwayMax: 14 * 24 * time.Hour}
}

func (a *App) settings(guild string) Settings {
	s := defaultSettings()
	if guild == "" {
		return s
	}
	if v, ok := a.recent.get("g:" + guild); ok {
		return v.(Settings).clone()
	}
	if err := a.Store.GetGuild(guild, &s); err != nil && !errors.Is(err, storage.ErrNotFound) {
		a.Log.Warn().Err(err).Str("guild", guild).Msg("could not read server settings")
		return s // a failed read is not kept
	}
	a.recent.put("g:"+guild, s.clone())
	return s
}

// clone copies s, so a kept value never shares its list with a caller.
func (s Settings) clone() Settings {
	s.Channels = slices.Clone(s.Channels)
	return s
}

// parseDuration reads "90m", "12h", "3d" or "1d12h".
func parseDuration(s string) (time.Duration, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var days int
	if d, rest, ok := strings.Cut(s, "d"); ok {
		n, err := strconv.Atoi(d)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("commands: bad duration %q", s)
		}
		days, s = n, rest
	}
	var rest time.Duration
	if s != "" {
		var err error
		if rest, err = time.ParseDuration(s); err != nil || rest < 0 {
			return 0, fmt.Errorf("commands: bad duration %q", s)
		}
	}
	return time.Duration(days)*24*time.Hour + rest, nil
}

// settingsCommand handles /settings (Manage Server only).
func (a *App) settingsCommand(req Request) (Response, error) {
	if req.Guild == "" {
		return Response{}, sorry("Server settings are changed in a server.")
	}
	s := a.settings(req.Guild)
	if req.Command != "settings show" {
		if !req.CanManage {
			return Response{}, sorry("Only members with Manage Server can change Spindle's settings.")
		}
		switch req.Command {
		case "settings clock":
			v := req.Options["value"]
			if !slices.Contains(clockOptions()[0].Values, v) {
				return Response{}, sorry("That isn't a clock I know. Use none, or a preset with a policy such as async-24h:auto.")
			}
			s.Clock = v
		case "settings reminders":
			v := req.Options["which"]
			if v != "off" && v != "async" && v != "all" {
				return Response{}, sorry("Choose off, async or all.")
			}
			s.Reminders = v
		case "settings away-max":
			d, err := parseDuration(req.Options["duration"])
			if err != nil || d < time.Hour || d > 90*24*time.Hour {
				return Response{}, sorry("Give a duration between 1h and 90d, for example 14d.")
			}
			s.AwayMax = d
		case "settings threads":
			s.Threads = req.Options["on"] == "true"
		case "settings rate-ai":
			s.RateAI = req.Options["on"] == "true"
		case "settings channel":
			ch := req.Options["channel"]
			if ch == "" {
				ch = req.Channel
			}
			if req.Options["allow"] == "false" {
				s.Channels = slices.DeleteFunc(s.Channels, func(c string) bool { return c == ch })
			} else if !slices.Contains(s.Channels, ch) {
				s.Channels = append(s.Channels, ch)
			}
		default:
			return Response{}, sorry("I don't know that setting.")
		}
		if err := a.Store.PutGuild(req.Guild, s); err != nil {
			return Response{}, err
		}
		a.recent.put("g:"+req.Guild, s.clone())
	}
	return Response{Message: &Message{Ephemeral: true, Embeds: []Embed{{Title: "Spindle settings for this server", Color: colourRules,
		Description: describeSettings(s)}}}}, nil
}

func describeSettings(s Settings) string {
	chans := "every channel"
	if len(s.Channels) > 0 {
		var cs []string
		for _, c := range s.Channels {
			cs = append(cs, "<#"+c+">")
		}
		chans = strings.Join(cs, ", ")
	}
	onOff := map[bool]string{true: "on", false: "off"}
	return fmt.Sprintf("**Default turn clock:** %s\n**Reminders:** %s\n**Longest /away:** %s\n"+
		"**New games open in a thread:** %s\n**Games may start in:** %s\n**Games with AI players are rated:** %s",
		s.Clock, s.Reminders, s.AwayMax, onOff[s.Threads], chans, onOff[s.RateAI])
}
