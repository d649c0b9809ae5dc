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
	m     map[[32]byte]session
	sweep time.Time
}

type session struct {
	user    commands.User
	expires time.Time
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
		s.m = map[[32]byte]session{}
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
	s.m[sha256.Sum256([]byte(token))] = session{user: u, expires: now.Add(life)}
	return token, nil
}

func (s *sessions) lookup(token string, now time.Time) (commands.User, bool) {
	if token == "" {
		return commands.User{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	v, ok := s.m[sha256.Sum256([]byte(token))]
	if !ok || now.After(v.expires) {
		return commands.User{}, false
	}
	return v.user, true
}
