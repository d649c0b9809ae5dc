package activity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
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

// sessions are the live table's sign-ins: a random token the page sends
// as "Authorization: Bearer", bound to one Discord user. Only the token's
// SHA-256 is kept, so the map holds nothing a reader could replay.
type sessions struct {
	mu    sync.Mutex
	m     map[[32]byte]*session
	sweep time.Time
}

type session struct {
	user    commands.User
	expires time.Time
	// tables are those this sign-in found through its Activity's
	// instance (Locator): the only ones it may name by id when the
	// server checks instances.
	tables map[uint64]bool
}

// signedIn is a request's session, as the handlers use it.
type signedIn struct {
	User commands.User
	key  [32]byte
}

// maxSessions bounds the sign-ins kept at once; the oldest are refused
// room only by expiry, so past it new sign-ins are refused.
const maxSessions = 100000

func (s *sessions) issue(u commands.User, now time.Time, life time.Duration) (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("activity: session token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(b[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[[32]byte]*session{}
	}
	if now.After(s.sweep) {
		for k, v := range s.m {
			if now.After(v.expires) {
				delete(s.m, k)
			}
		}
		s.sweep = now.Add(time.Minute)
	}
	if len(s.m) >= maxSessions {
		return "", errors.New("activity: too many sessions")
	}
	s.m[sha256.Sum256([]byte(token))] = &session{user: u, expires: now.Add(life), tables: map[uint64]bool{}}
	return token, nil
}

func (s *sessions) lookup(token string, now time.Time) (signedIn, bool) {
	if token == "" {
		return signedIn{}, false
	}
	key := sha256.Sum256([]byte(token))
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[key]
	if !ok || now.After(v.expires) {
		return signedIn{}, false
	}
	return signedIn{User: v.user, key: key}, true
}

// allow lets the sign-in name table by id from now on.
func (s *sessions) allow(who signedIn, table uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if v, ok := s.m[who.key]; ok {
		v.tables[table] = true
	}
}

// allowed reports whether the sign-in found table through its instance.
func (s *sessions) allowed(who signedIn, table uint64) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[who.key]
	return ok && v.tables[table]
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
