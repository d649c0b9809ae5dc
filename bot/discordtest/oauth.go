package discordtest

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"mime"
	"net/http"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// launchActivity is Discord's LAUNCH_ACTIVITY interaction callback (12),
// which opens the application's Activity; discordgo has no name for it.
const launchActivity = discordgo.InteractionResponseType(12)

// oauthState is the fake's OAuth2: the application's client secret, the
// authorization codes handed out (each used once) and the access tokens
// granted, by user id.
type oauthState struct {
	secret    string
	codes     map[string]string // code -> user id
	tokens    map[string]string // access token -> user id
	instances map[string]*activityInstance
}

// activityInstance is an Activity running in a channel, as a
// LAUNCH_ACTIVITY callback starts it.
type activityInstance struct {
	guild, channel string
	users          []string
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ClientSecret is the application's OAuth2 client secret; its client id
// is AppID.
func (f *Fake) ClientSecret() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.oauthLocked()
	return f.oauth.secret
}

func (f *Fake) oauthLocked() {
	if f.oauth.secret == "" {
		f.oauth = oauthState{secret: randomHex(16), codes: map[string]string{}, tokens: map[string]string{},
			instances: map[string]*activityInstance{}}
	}
}

// AuthorizeCode is the code Discord's authorize step (the Embedded App
// SDK's commands.authorize) would give the Activity of user id: the
// application exchanges it once at POST /oauth2/token.
func (f *Fake) AuthorizeCode(user string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.oauthLocked()
	code := randomHex(15)
	f.oauth.codes[code] = user
	return code
}

// bearerUser is the user an access token was granted for.
func (f *Fake) bearerUser(token string) (User, bool) {
	f.mu.Lock()
	f.oauthLocked()
	id, ok := f.oauth.tokens[token]
	f.mu.Unlock()
	if !ok {
		return User{}, false
	}
	return f.User(id)
}

// oauthToken is POST /oauth2/token for the authorization_code grant: a
// form with the client's id and secret (in the form or as HTTP Basic
// authentication) and a code from AuthorizeCode, used once. Errors are
// OAuth2's ({"error": "invalid_grant"}), as Discord answers them.
func (f *Fake) oauthToken(w http.ResponseWriter, r *http.Request) {
	if ct, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type")); ct != "application/x-www-form-urlencoded" {
		f.violate("POST /oauth2/token with content type %q, not a form", ct)
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	if err := r.ParseForm(); err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request"})
		return
	}
	id, secret, basic := r.BasicAuth()
	if !basic {
		id, secret = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	f.mu.Lock()
	f.oauthLocked()
	okClient := id == f.appID && subtle.ConstantTimeCompare([]byte(secret), []byte(f.oauth.secret)) == 1
	code := r.PostForm.Get("code")
	user, okCode := f.oauth.codes[code]
	grant := r.PostForm.Get("grant_type")
	var token string
	if okClient && okCode && grant == "authorization_code" {
		delete(f.oauth.codes, code)
		token = randomHex(15)
		f.oauth.tokens[token] = user
	}
	f.mu.Unlock()
	switch {
	case !okClient:
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client"})
	case grant != "authorization_code":
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unsupported_grant_type"})
	case !okCode || strings.TrimSpace(code) == "":
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_grant", "error_description": "Invalid \"code\" in request."})
	default:
		writeJSON(w, http.StatusOK, map[string]any{"access_token": token, "token_type": "Bearer", "expires_in": 604800,
			"refresh_token": randomHex(15), "scope": "identify"})
	}
}

// startActivity records the Activity instance a LAUNCH_ACTIVITY callback
// of in opens, with in's user in it, and returns its id. The caller holds
// f.mu.
func (f *Fake) startActivityLocked(in *Interaction) string {
	f.oauthLocked()
	id := "i-" + randomHex(8)
	f.oauth.instances[id] = &activityInstance{guild: in.GuildID, channel: in.ChannelID, users: []string{in.User.ID}}
	return id
}

// JoinActivity adds user to a running Activity instance, as joining it
// from the channel does.
func (f *Fake) JoinActivity(instance, user string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.oauthLocked()
	if in, ok := f.oauth.instances[instance]; ok && !slices.Contains(in.users, user) {
		in.users = append(in.users, user)
	}
}

// getActivityInstance is GET /applications/{app}/activity-instances/{instance}:
// where the instance runs and who is in it.
func (f *Fake) getActivityInstance(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	f.oauthLocked()
	in, ok := f.oauth.instances[r.PathValue("instance")]
	var out map[string]any
	if ok && r.PathValue("app") == f.appID {
		out = map[string]any{"application_id": f.appID, "instance_id": r.PathValue("instance"), "launch_id": "1",
			"location": map[string]any{"id": "gc-" + in.guild + "-" + in.channel, "kind": "gc", "channel_id": in.channel, "guild_id": in.guild},
			"users":    slices.Clone(in.users)}
	}
	f.mu.Unlock()
	if out == nil {
		writeErr(w, http.StatusNotFound, codeUnknownActivityInstance, "Unknown activity instance")
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// codeUnknownActivityInstance is not in Discord's published list; the
// fake uses the "unknown ..." range.
const codeUnknownActivityInstance = 10070
