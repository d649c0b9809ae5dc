package activity

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"spindle/commands"
)

// Identity is who signed in: the Discord user, and the OAuth2 access
// token the page hands to the SDK's authenticate command (empty when the
// sign-in was local, as in the sandbox).
type Identity struct {
	User        commands.User
	AccessToken string
}

// Exchanger turns the code of the SDK's authorize step into an identity.
type Exchanger interface {
	Exchange(ctx context.Context, code string) (Identity, error)
}

// ExchangeFunc is an Exchanger as a function (the sandbox's local
// sign-in, where the code names a member).
type ExchangeFunc func(ctx context.Context, code string) (Identity, error)

// Exchange implements Exchanger.
func (f ExchangeFunc) Exchange(ctx context.Context, code string) (Identity, error) {
	return f(ctx, code)
}

// ErrSignIn is a refused sign-in: a bad or used code, or a refusal from
// Discord. Its details are logged, never shown.
var ErrSignIn = errors.New("activity: sign-in refused")

// DiscordOAuth exchanges codes with Discord: POST /oauth2/token (the
// authorization_code grant, with the application's client id and
// secret), then GET /users/@me with the access token.
type DiscordOAuth struct {
	ClientID     string
	ClientSecret string
	// API is Discord's API base; empty means https://discord.com/api/v10.
	API string
	// Client makes the calls; nil means a client with a 10 s timeout.
	Client *http.Client
}

// Exchange implements Exchanger.
func (d DiscordOAuth) Exchange(ctx context.Context, code string) (Identity, error) {
	api := d.API
	if api == "" {
		api = "https://discord.com/api/v10"
	}
	client := d.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	if code == "" || len(code) > 200 {
		return Identity{}, fmt.Errorf("%w: no usable code", ErrSignIn)
	}
	form := url.Values{"client_id": {d.ClientID}, "client_secret": {d.ClientSecret},
		"grant_type": {"authorization_code"}, "code": {code}}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, api+"/oauth2/token", strings.NewReader(form.Encode()))
	if err != nil {
		return Identity{}, fmt.Errorf("activity: token request: %w", err)
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	var tok struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		Error       string `json:"error"`
	}
	if err := call(client, req, &tok); err != nil {
		return Identity{}, fmt.Errorf("%w: token exchange: %w", ErrSignIn, err)
	}
	if tok.AccessToken == "" {
		return Identity{}, fmt.Errorf("%w: token exchange gave no access token", ErrSignIn)
	}
	req, err = http.NewRequestWithContext(ctx, http.MethodGet, api+"/users/@me", nil)
	if err != nil {
		return Identity{}, fmt.Errorf("activity: user request: %w", err)
	}
	req.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	var me struct {
		ID         string `json:"id"`
		Username   string `json:"username"`
		GlobalName string `json:"global_name"`
		Bot        bool   `json:"bot"`
	}
	if err := call(client, req, &me); err != nil {
		return Identity{}, fmt.Errorf("%w: who signed in: %w", ErrSignIn, err)
	}
	if me.ID == "" || me.Bot {
		return Identity{}, fmt.Errorf("%w: no user behind the token", ErrSignIn)
	}
	name := me.GlobalName
	if name == "" {
		name = me.Username
	}
	return Identity{User: commands.User{ID: me.ID, Name: name}, AccessToken: tok.AccessToken}, nil
}

// call does req and decodes a 200 answer into v; any other status is an
// error naming it (never the body, which might echo a secret).
func call(client *http.Client, req *http.Request, v any) error {
	res, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, errors.Unwrap(err))
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 1<<16))
		return fmt.Errorf("%s %s: status %d", req.Method, req.URL.Path, res.StatusCode)
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(v); err != nil {
		return fmt.Errorf("%s %s: %w", req.Method, req.URL.Path, err)
	}
	return nil
}

// sessions are the live table's sign-ins: a token the page sends as
// "Authorization: Bearer" that carries its own content (the Discord user,
// its expiry and the tables found through the sign-in's Activity
// instance) under an HMAC-SHA256 of the session key. Nothing is kept on
// the server, so every process that shares the key accepts the sign-in,
// and a restart does not end it. A token is never logged.
type sessions struct {
	key []byte
}

// newSessions signs with key, or, when key is empty, with a random key of
// this process's own (its sign-ins then end with it).
func newSessions(key []byte) sessions {
	if len(key) == 0 {
		key = make([]byte, 32)
		_, _ = rand.Read(key) // crypto/rand.Read never fails (it aborts the program instead)
	}
	return sessions{key: key}
}

// SessionKey derives the key that signs the live table's sessions from the
// application's client secret: every process of one application then
// accepts the others' sign-ins, and the key changes with the secret.
func SessionKey(clientSecret string) []byte {
	m := hmac.New(sha256.New, []byte(clientSecret))
	m.Write([]byte("spindle activity session v1"))
	return m.Sum(nil)
}

// signedIn is a request's session, as the handlers use it.
type signedIn struct {
	User    commands.User
	expires int64    // Unix seconds
	tables  []uint64 // found through the Activity instance, newest last
}

// Token layout: version, expiry, table count and tables, then the user's
// id and name with their lengths, then the MAC of all of it.
const (
	tokenVersion = 1
	// maxGrants bounds the tables a token carries; the oldest go first.
	maxGrants = 16
	// maxTokenField bounds a user id or name in a token.
	maxTokenField = 256
	macLen        = sha256.Size
)

// issue returns a new token for u, valid for life from now.
func (s sessions) issue(u commands.User, now time.Time, life time.Duration) (string, error) {
	return s.sign(signedIn{User: u, expires: now.Add(life).Unix()})
}

// sign encodes and signs a session.
func (s sessions) sign(who signedIn) (string, error) {
	if len(who.User.ID) > maxTokenField || len(who.User.Name) > maxTokenField {
		return "", errors.New("activity: a user id or name too long for a session")
	}
	b := []byte{tokenVersion}
	b = binary.BigEndian.AppendUint64(b, uint64(who.expires))
	tables := who.tables[max(0, len(who.tables)-maxGrants):]
	b = append(b, byte(len(tables)))
	for _, t := range tables {
		b = binary.BigEndian.AppendUint64(b, t)
	}
	for _, f := range []string{who.User.ID, who.User.Name} {
		b = binary.AppendUvarint(b, uint64(len(f)))
		b = append(b, f...)
	}
	m := hmac.New(sha256.New, s.key)
	m.Write(b)
	return base64.RawURLEncoding.EncodeToString(m.Sum(b)), nil
}

// lookup checks a token's MAC and expiry and returns its session. Only
// the token exactly as signed is accepted: the decoder skips line breaks
// and ignores a last character's spare bits, so a token that does not
// encode back to itself is refused.
func (s sessions) lookup(token string, now time.Time) (signedIn, bool) {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) < 1+8+1+macLen || base64.RawURLEncoding.EncodeToString(raw) != token {
		return signedIn{}, false
	}
	body, mac := raw[:len(raw)-macLen], raw[len(raw)-macLen:]
	m := hmac.New(sha256.New, s.key)
	m.Write(body)
	if !hmac.Equal(mac, m.Sum(nil)) {
		return signedIn{}, false
	}
	who, ok := parseSession(body)
	if !ok || now.Unix() >= who.expires {
		return signedIn{}, false
	}
	return who, true
}

// parseSession decodes a token's body (its MAC already checked, or not:
// it never panics on any bytes).
func parseSession(b []byte) (signedIn, bool) {
	if len(b) < 10 || b[0] != tokenVersion {
		return signedIn{}, false
	}
	who := signedIn{expires: int64(binary.BigEndian.Uint64(b[1:9]))}
	n := int(b[9])
	b = b[10:]
	if n > maxGrants || len(b) < 8*n {
		return signedIn{}, false
	}
	for range n {
		who.tables = append(who.tables, binary.BigEndian.Uint64(b))
		b = b[8:]
	}
	var fields [2]string
	for i := range fields {
		l, k := binary.Uvarint(b)
		if k <= 0 || l > maxTokenField || uint64(len(b)-k) < l {
			return signedIn{}, false
		}
		fields[i] = string(b[k : k+int(l)])
		b = b[k+int(l):]
	}
	if len(b) != 0 || fields[0] == "" {
		return signedIn{}, false
	}
	who.User = commands.User{ID: fields[0], Name: fields[1]}
	return who, true
}

// allow returns a token that also lets the sign-in name table by id (the
// same one when it already could), with the same expiry.
func (s sessions) allow(who signedIn, table uint64) (string, error) {
	if s.allowed(who, table) {
		return "", nil
	}
	who.tables = append(slices.Clip(who.tables), table)
	return s.sign(who)
}

// allowed reports whether the sign-in found table through its instance.
func (s sessions) allowed(who signedIn, table uint64) bool {
	return slices.Contains(who.tables, table)
}

// Locator says where an Activity instance runs and whether a user is in
// it: Discord's Activity Instance API (DiscordInstances). With one, the
// server takes a table's channel from Discord, never from the page.
type Locator interface {
	Locate(ctx context.Context, instance, user string) (guild, channel string, err error)
}

// ErrNotInInstance is a user who is not in the Activity instance they
// name, or an instance Discord does not know.
var ErrNotInInstance = errors.New("activity: not in that Activity instance")

// DiscordInstances asks Discord's GET
// /applications/{id}/activity-instances/{instance_id} (with the bot's
// token) where an instance runs and who is in it.
type DiscordInstances struct {
	AppID    string
	BotToken string
	// API is Discord's API base; empty means https://discord.com/api/v10.
	API string
	// Client makes the calls; nil means a client with a 10 s timeout.
	Client *http.Client
}

// Locate implements Locator.
func (d DiscordInstances) Locate(ctx context.Context, instance, user string) (string, string, error) {
	api := d.API
	if api == "" {
		api = "https://discord.com/api/v10"
	}
	client := d.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	if instance == "" || len(instance) > 100 || strings.ContainsAny(instance, "/?#%") {
		return "", "", fmt.Errorf("%w: no usable instance id", ErrNotInInstance)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, api+"/applications/"+url.PathEscape(d.AppID)+"/activity-instances/"+url.PathEscape(instance), nil)
	if err != nil {
		return "", "", fmt.Errorf("activity: instance request: %w", err)
	}
	req.Header.Set("Authorization", "Bot "+d.BotToken)
	var in struct {
		Location struct {
			GuildID   string `json:"guild_id"`
			ChannelID string `json:"channel_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	if err := call(client, req, &in); err != nil {
		return "", "", fmt.Errorf("%w: %w", ErrNotInInstance, err)
	}
	for _, u := range in.Users {
		if u == user {
			return in.Location.GuildID, in.Location.ChannelID, nil
		}
	}
	return "", "", fmt.Errorf("%w: user %s", ErrNotInInstance, user)
}
