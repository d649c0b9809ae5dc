package sandbox

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"spindle/commands"
)

// token is one piece of a typed slash command: a bare word (the command and
// subcommand names) or a name:value option.
type token struct {
	word     string // a bare word, or the option name
	value    string
	option   bool
	start    int  // byte offset of the token in the text
	open     bool // an option whose quoted value is not closed yet
	trailing bool // whitespace follows the token
}

// isName reports whether s is a valid option or command name.
func isName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

// optionAt reports whether text[i:] starts an option, "name:", and returns
// the name's end.
func optionAt(text string, i int) (int, bool) {
	j := i
	for j < len(text) && text[j] != ':' && text[j] != ' ' && text[j] != '\t' && text[j] != '\n' {
		j++
	}
	if j < len(text) && text[j] == ':' && isName(text[i:j]) {
		return j, true
	}
	return 0, false
}

func space(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// tokenize splits the text after the slash. An option's value is either
// quoted ("How to score", with \" for a quote) or runs up to the next
// " name:" or the end, so multi-word values need no quotes.
func tokenize(text string) []token {
	var out []token
	i := 0
	for {
		for i < len(text) && space(text[i]) {
			i++
		}
		if i >= len(text) {
			return out
		}
		t := token{start: i}
		if end, ok := optionAt(text, i); ok {
			t.option, t.word = true, text[i:end]
			i = end + 1
			if i < len(text) && text[i] == '"' {
				var b strings.Builder
				i++
				closed := false
				for i < len(text) {
					c := text[i]
					if c == '\\' && i+1 < len(text) && (text[i+1] == '"' || text[i+1] == '\\') {
						b.WriteByte(text[i+1])
						i += 2
						continue
					}
					i++
					if c == '"' {
						closed = true
						break
					}
					b.WriteByte(c)
				}
				t.value, t.open = b.String(), !closed
			} else {
				j := i
				for j < len(text) {
					if space(text[j]) {
						k := j
						for k < len(text) && space(text[k]) {
							k++
						}
						if _, ok := optionAt(text, k); ok || k == len(text) {
							break
						}
						j = k
						continue
					}
					j++
				}
				t.value = text[i:j]
				i = j
			}
		} else {
			j := i
			for j < len(text) && !space(text[j]) {
				j++
			}
			t.word = text[i:j]
			i = j
		}
		t.trailing = i < len(text) && space(text[i])
		out = append(out, t)
	}
}

// quote renders an option value so that tokenize reads it back.
func quote(v string) string {
	if v != "" && !strings.ContainsAny(v, " \t\n\"\\") {
		return v
	}
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}

// invocation is a parsed slash command.
type invocation struct {
	// Path is the command path the handlers take ("game new").
	Path    string
	Options map[string]string
	// Text is the command as echoed above the reply.
	Text string
}

// errUsage is a slash command the Discord client would not send.
var errUsage = errors.New("sandbox: command not sent")

func usage(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, args...))
}

// resolve finds the command (and subcommand) named by the leading bare
// words; it returns the option definitions of the leaf and the number of
// tokens used.
func resolve(defs []commands.AppCommand, toks []token) (path string, opts []commands.CommandOption, used int, err error) {
	if len(toks) == 0 || toks[0].option {
		return "", nil, 0, usage("type a command after the slash, for example /game new game:warpweft")
	}
	name := strings.ToLower(toks[0].word)
	i := slices.IndexFunc(defs, func(c commands.AppCommand) bool { return c.Name == name })
	if i < 0 {
		return "", nil, 0, usage("there is no command /%s. Commands: %s", toks[0].word, commandList(defs))
	}
	cmd := defs[i]
	path, opts, used = cmd.Name, cmd.Options, 1
	if len(cmd.Options) > 0 && cmd.Options[0].Type == commands.OptSubcommand {
		var subs []string
		for _, o := range cmd.Options {
			subs = append(subs, o.Name)
		}
		if len(toks) < 2 || toks[1].option {
			return "", nil, 0, usage("/%s needs a subcommand: %s", cmd.Name, strings.Join(subs, ", "))
		}
		sub := strings.ToLower(toks[1].word)
		j := slices.IndexFunc(cmd.Options, func(o commands.CommandOption) bool { return o.Name == sub })
		if j < 0 {
			return "", nil, 0, usage("/%s has no subcommand %q. Subcommands: %s", cmd.Name, toks[1].word, strings.Join(subs, ", "))
		}
		path, opts, used = cmd.Name+" "+sub, cmd.Options[j].Options, 2
	}
	return path, opts, used, nil
}

func commandList(defs []commands.AppCommand) string {
	var names []string
	for _, d := range defs {
		names = append(names, "/"+d.Name)
	}
	return strings.Join(names, ", ")
}

// parseCommand checks typed text against the command definitions the way
// Discord's client does before it sends an interaction: the command and
// subcommand exist, every option is known and given once, required options
// are present, and values fit their type and static choices. member maps a
// typed user (name, @name or <@id>) to an id, for user options.
func parseCommand(defs []commands.AppCommand, text string, member func(string) (string, bool)) (invocation, error) {
	text = strings.TrimSpace(text)
	body, ok := strings.CutPrefix(text, "/")
	if !ok {
		return invocation{}, usage("slash commands start with /")
	}
	toks := tokenize(body)
	path, defsOpts, used, err := resolve(defs, toks)
	if err != nil {
		return invocation{}, err
	}
	inv := invocation{Path: path, Options: map[string]string{}, Text: "/" + path}
	for _, t := range toks[used:] {
		if !t.option {
			return invocation{}, usage("unexpected %q: options are written name:value, for example %s", t.word, optionHint(path, defsOpts))
		}
		name := strings.ToLower(t.word)
		j := slices.IndexFunc(defsOpts, func(o commands.CommandOption) bool { return o.Name == name })
		if j < 0 {
			if len(defsOpts) == 0 {
				return invocation{}, usage("/%s takes no options", path)
			}
			return invocation{}, usage("/%s has no option %q. Options: %s", path, t.word, optionNames(defsOpts))
		}
		if _, dup := inv.Options[name]; dup {
			return invocation{}, usage("option %s is given twice", name)
		}
		if t.open {
			return invocation{}, usage("the quoted value of %s is not closed", name)
		}
		v, err := optionValue(defsOpts[j], strings.TrimSpace(t.value), member)
		if err != nil {
			return invocation{}, err
		}
		inv.Options[name] = v
	}
	var missing []string
	for _, o := range defsOpts {
		if v, ok := inv.Options[o.Name]; ok {
			inv.Text += " " + o.Name + ":" + quote(v)
		} else if o.Required {
			missing = append(missing, o.Name)
		}
	}
	if len(missing) > 0 {
		return invocation{}, usage("/%s needs %s (for example %s)", path, strings.Join(missing, ", "), optionHint(path, defsOpts))
	}
	return inv, nil
}

func optionNames(opts []commands.CommandOption) string {
	var names []string
	for _, o := range opts {
		names = append(names, o.Name)
	}
	return strings.Join(names, ", ")
}

// optionHint shows the required options of a command with sample values.
func optionHint(path string, opts []commands.CommandOption) string {
	s := "/" + path
	for _, o := range opts {
		if !o.Required {
			continue
		}
		v := "…"
		if len(o.Choices) > 0 {
			v = o.Choices[0].Value
		}
		s += " " + o.Name + ":" + v
	}
	return s
}

// optionValue checks and normalises one option value.
func optionValue(o commands.CommandOption, v string, member func(string) (string, bool)) (string, error) {
	if v == "" {
		return "", usage("option %s needs a value", o.Name)
	}
	if len(o.Choices) > 0 {
		for _, c := range o.Choices {
			if c.Value == v || strings.EqualFold(c.Name, v) || strings.EqualFold(c.Value, v) {
				return c.Value, nil
			}
		}
		var vs []string
		for _, c := range o.Choices {
			vs = append(vs, c.Value)
		}
		return "", usage("option %s must be one of %s, not %q", o.Name, strings.Join(vs, ", "), v)
	}
	switch o.Type {
	case commands.OptBoolean:
		b, err := strconv.ParseBool(strings.ToLower(v))
		if err != nil {
			return "", usage("option %s is True or False, not %q", o.Name, v)
		}
		return strconv.FormatBool(b), nil
	case commands.OptInteger:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", usage("option %s is a whole number, not %q", o.Name, v)
		}
		return strconv.FormatInt(n, 10), nil
	case commands.OptUser:
		key := strings.TrimSuffix(strings.TrimPrefix(v, "<@"), ">")
		if id, ok := member(key); ok {
			return id, nil
		}
		return "", usage("option %s names a user of this server, not %q", o.Name, v)
	}
	if len([]rune(v)) > 6000 {
		return "", usage("option %s is too long", o.Name)
	}
	return v, nil
}

// Suggestion is one autocomplete entry for the command box: choosing it
// replaces the box's text with Text.
type Suggestion struct {
	Label  string `json:"label"`
	Detail string `json:"detail,omitempty"`
	Text   string `json:"text"`
}

// maxSuggestions bounds the list, as Discord shows at most 25 entries.
const maxSuggestions = 25

// completer asks the handlers for an autocomplete option's choices.
type completer func(path string, opts map[string]string, focused string) []commands.Choice

// suggest lists completions for the text typed so far (the cursor is taken
// to be at the end): commands, subcommands, option names, static choices,
// True/False, members, and for autocomplete options whatever the handlers
// answer.
func suggest(defs []commands.AppCommand, text string, members []member, ask completer) []Suggestion {
	body, ok := strings.CutPrefix(strings.TrimLeft(text, " "), "/")
	if !ok {
		return nil
	}
	lead := len(text) - len(body) // offset of body in text
	toks := tokenize(body)
	var out []Suggestion
	add := func(s Suggestion) bool {
		out = append(out, s)
		return len(out) < maxSuggestions
	}
	// The command name.
	if len(toks) == 0 || (len(toks) == 1 && !toks[0].option && !toks[0].trailing) {
		prefix := ""
		if len(toks) == 1 {
			prefix = strings.ToLower(toks[0].word)
		}
		for _, d := range defs {
			if strings.HasPrefix(d.Name, prefix) && !add(Suggestion{Label: "/" + d.Name, Detail: d.Description, Text: "/" + d.Name + " "}) {
				break
			}
		}
		return out
	}
	i := slices.IndexFunc(defs, func(c commands.AppCommand) bool { return c.Name == strings.ToLower(toks[0].word) })
	if i < 0 || toks[0].option {
		return nil
	}
	cmd := defs[i]
	path, opts, used := cmd.Name, cmd.Options, 1
	if len(cmd.Options) > 0 && cmd.Options[0].Type == commands.OptSubcommand {
		if len(toks) == 1 || (len(toks) == 2 && !toks[1].option && !toks[1].trailing) {
			prefix := ""
			if len(toks) == 2 {
				prefix = strings.ToLower(toks[1].word)
			}
			for _, o := range cmd.Options {
				if strings.HasPrefix(o.Name, prefix) && !add(Suggestion{Label: cmd.Name + " " + o.Name, Detail: o.Description,
					Text: "/" + cmd.Name + " " + o.Name + " "}) {
					break
				}
			}
			return out
		}
		j := slices.IndexFunc(cmd.Options, func(o commands.CommandOption) bool { return o.Name == strings.ToLower(toks[1].word) })
		if j < 0 || toks[1].option {
			return nil
		}
		path, opts, used = cmd.Name+" "+cmd.Options[j].Name, cmd.Options[j].Options, 2
	}
	given := map[string]string{}
	for _, t := range toks[used:] {
		if t.option {
			given[strings.ToLower(t.word)] = strings.TrimSpace(t.value)
		}
	}
	last := toks[len(toks)-1]
	base := strings.TrimRight(text, " \t") + " " // where a new option goes
	if len(toks) > used && !(last.trailing && !last.open) {
		base = text[:lead+last.start]
	}
	// A value being typed.
	if len(toks) > used && last.option && (!last.trailing || last.open) {
		name := strings.ToLower(last.word)
		j := slices.IndexFunc(opts, func(o commands.CommandOption) bool { return o.Name == name })
		if j < 0 {
			return nil
		}
		o := opts[j]
		typed := strings.ToLower(last.value)
		var choices []commands.Choice
		switch {
		case len(o.Choices) > 0:
			choices = o.Choices
		case o.Autocomplete:
			choices = ask(path, given, name)
		case o.Type == commands.OptBoolean:
			choices = []commands.Choice{{Name: "True", Value: "true"}, {Name: "False", Value: "false"}}
		case o.Type == commands.OptUser:
			for _, m := range members {
				choices = append(choices, commands.Choice{Name: "@" + m.Name, Value: m.Name})
			}
		}
		for _, c := range choices {
			if o.Autocomplete || typed == "" || strings.Contains(strings.ToLower(c.Name), typed) || strings.Contains(strings.ToLower(c.Value), typed) {
				if !add(Suggestion{Label: c.Name, Detail: o.Name + ":" + c.Value, Text: base + o.Name + ":" + quote(c.Value) + " "}) {
					break
				}
			}
		}
		return out
	}
	// An option name.
	prefix := ""
	if len(toks) > used && !last.option && !last.trailing {
		prefix = strings.ToLower(last.word)
	}
	for _, req := range []bool{true, false} {
		for _, o := range opts {
			if o.Required != req || !strings.HasPrefix(o.Name, prefix) {
				continue
			}
			if _, done := given[o.Name]; done {
				continue
			}
			detail := o.Description
			if o.Required {
				detail += " (required)"
			}
			if !add(Suggestion{Label: o.Name + ":", Detail: detail, Text: base + o.Name + ":"}) {
				return out
			}
		}
	}
	return out
}
