package discordtest

import (
	"bytes"
	_ "embed" // the OpenAPI document
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// openAPI is Discord's published OpenAPI 3.1 description of its HTTP API
// (see testdata/discord-api-spec/README.md).
//
//go:embed testdata/discord-api-spec/openapi.json
var openAPI []byte

// specURL names the OpenAPI document as one schema resource; request
// schemas are compiled from JSON pointers into it, so its $refs to
// #/components/schemas/... resolve within it.
const specURL = "https://discord.com/api/openapi.json"

// specOp is an operation of the spec that takes a request body.
type specOp struct {
	method    string
	template  string   // the path template, for example /channels/{channel_id}/messages
	segs      []string // template split on "/"
	literals  int      // how many segments are not parameters
	id        string   // operationId
	required  bool     // a body is required
	json      *jsonschema.Schema
	multipart *jsonschema.Schema // the schema payload_json is checked against
}

// spec is the compiled spec, built once per process because tests start
// many fakes.
var spec struct {
	once sync.Once
	ops  []*specOp
	err  error
}

// totalValidated counts the request bodies validated by every fake of the
// process.
var totalValidated atomic.Int64

// TotalValidated returns how many REST request bodies all fakes of this
// process have validated against Discord's OpenAPI spec.
func TotalValidated() int64 { return totalValidated.Load() }

// Validated returns how many REST request bodies this fake has validated
// against Discord's OpenAPI spec.
func (f *Fake) Validated() int { return int(f.validated.Load()) }

// digitsPattern is what a decimal string standing for an integer must
// match.
const digitsPattern = `^-?[0-9]+$`

// loadSpec parses and compiles the spec once.
func loadSpec() ([]*specOp, error) {
	spec.once.Do(func() { spec.ops, spec.err = compileSpec(openAPI) })
	return spec.ops, spec.err
}

func compileSpec(raw []byte) ([]*specOp, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, fmt.Errorf("discordtest: parse the OpenAPI spec: %w", err)
	}
	allowDecimalStrings(doc, false)
	root, _ := doc.(map[string]any)
	paths, _ := root["paths"].(map[string]any)
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource(specURL, doc); err != nil {
		return nil, fmt.Errorf("discordtest: add the OpenAPI spec: %w", err)
	}
	var ops []*specOp
	for _, tmpl := range slices.Sorted(mapKeys(paths)) {
		item, _ := paths[tmpl].(map[string]any)
		for _, method := range []string{"post", "put", "patch", "delete"} {
			op, _ := item[method].(map[string]any)
			rb, _ := op["requestBody"].(map[string]any)
			content, _ := rb["content"].(map[string]any)
			if content == nil {
				continue
			}
			so := &specOp{method: strings.ToUpper(method), template: tmpl, segs: strings.Split(tmpl, "/")}
			so.id, _ = op["operationId"].(string)
			so.required, _ = rb["required"].(bool)
			for _, s := range so.segs {
				if !strings.HasPrefix(s, "{") {
					so.literals++
				}
			}
			for ct, dst := range map[string]**jsonschema.Schema{"application/json": &so.json, "multipart/form-data": &so.multipart} {
				if _, ok := content[ct].(map[string]any); !ok {
					continue
				}
				ptr := "/paths/" + escapePtr(tmpl) + "/" + method + "/requestBody/content/" + escapePtr(ct) + "/schema"
				sch, err := c.Compile(specURL + "#" + (&url.URL{Fragment: ptr}).EscapedFragment())
				if err != nil {
					return nil, fmt.Errorf("discordtest: compile the request schema of %s %s: %w", so.method, tmpl, err)
				}
				*dst = sch
			}
			ops = append(ops, so)
		}
	}
	return ops, nil
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// escapePtr escapes a JSON pointer token.
func escapePtr(s string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(s)
}

// allowDecimalStrings rewrites every schema typed integer to accept a
// string of digits as well, since Discord takes a decimal string wherever
// it wants an integer (snowflakes, permission bit sets), and an integer
// for a snowflake, as the docs' own attachment examples do. Inside a oneOf
// that already has a string branch (a nonce is an integer or a string) the
// integer branch is left alone, or a string would match both.
func allowDecimalStrings(v any, hasStringSibling bool) {
	switch x := v.(type) {
	case []any:
		for _, e := range x {
			allowDecimalStrings(e, false)
		}
	case map[string]any:
		if x["format"] == "snowflake" && typeHas(x, "string") && !typeHas(x, "integer") {
			// The docs send attachment ids as integers ("id": 0).
			x["type"] = []any{x["type"], "integer"}
			x["minimum"] = json.Number("0")
		}
		if !hasStringSibling && widenInteger(x) {
			if _, ok := x["pattern"]; !ok {
				x["pattern"] = digitsPattern
			}
		}
		for k, e := range x {
			if branches, ok := e.([]any); ok && k == "oneOf" {
				str := slices.ContainsFunc(branches, func(b any) bool {
					m, _ := b.(map[string]any)
					return typeHas(m, "string")
				})
				for _, b := range branches {
					allowDecimalStrings(b, str)
				}
				continue
			}
			allowDecimalStrings(e, false)
		}
	}
}

// widenInteger adds "string" to the type of a schema typed integer and
// reports whether it did.
func widenInteger(s map[string]any) bool {
	if !typeHas(s, "integer") || typeHas(s, "string") {
		return false
	}
	switch t := s["type"].(type) {
	case string:
		s["type"] = []any{t, "string"}
	case []any:
		s["type"] = append(t, "string")
	}
	return true
}

// typeHas reports whether a schema's "type" is or includes name.
func typeHas(s map[string]any, name string) bool {
	switch t := s["type"].(type) {
	case string:
		return t == name
	case []any:
		return slices.Contains(t, any(name))
	}
	return false
}

var apiPrefix = regexp.MustCompile(`^/api/v[0-9]+`)

// findOp returns the operation of the spec for a method and request path
// (with its /api/vN prefix), preferring the template with the most literal
// segments (/messages/@original over /messages/{message_id}).
func findOp(ops []*specOp, method, path string) *specOp {
	segs := strings.Split(apiPrefix.ReplaceAllString(path, ""), "/")
	var best *specOp
	for _, op := range ops {
		if op.method != method || len(op.segs) != len(segs) {
			continue
		}
		ok := true
		for i, s := range op.segs {
			if !strings.HasPrefix(s, "{") && s != segs[i] {
				ok = false
				break
			}
		}
		if ok && (best == nil || op.literals > best.literals) {
			best = op
		}
	}
	return best
}

// checkSpec validates the body of a REST request against the request schema
// of its operation in Discord's spec. A breach is recorded as a violation
// and answered 400 Invalid Form Body, and checkSpec reports false; the body
// is left for the handler to read again.
func (f *Fake) checkSpec(w http.ResponseWriter, r *http.Request) bool {
	if r.Method == http.MethodGet || r.Method == http.MethodHead {
		return true
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		f.reject(w, r.Method+" "+r.URL.Path, []string{"read body: " + err.Error()})
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	ops, err := loadSpec()
	if err != nil {
		f.tb.Errorf("%v", err)
		return true
	}
	problems, checked := specProblems(ops, r.Method, r.URL.Path, r.Header.Get("Content-Type"), body)
	if checked {
		f.validated.Add(1)
		totalValidated.Add(1)
	}
	if len(problems) > 0 {
		f.reject(w, "Discord's OpenAPI spec", problems)
		return false
	}
	return true
}

// specProblems validates a request body against the spec and reports the
// breaches, and whether a schema was applied.
func specProblems(ops []*specOp, method, path, contentType string, body []byte) (problems []string, checked bool) {
	op := findOp(ops, method, path)
	if op == nil {
		if len(bytes.TrimSpace(body)) > 0 {
			return []string{fmt.Sprintf("%s %s: no operation of the spec takes this request body", method, path)}, false
		}
		return nil, false
	}
	where := fmt.Sprintf("%s %s (%s)", op.method, op.template, op.id)
	ct, params, _ := mime.ParseMediaType(contentType)
	sch := op.json
	js := body
	if ct == "multipart/form-data" {
		sch = op.multipart
		if sch == nil {
			return []string{where + ": the operation does not take multipart/form-data"}, false
		}
		js = nil
		mr := multipart.NewReader(bytes.NewReader(body), params["boundary"])
		for {
			part, err := mr.NextPart()
			if err == io.EOF {
				break
			}
			if err != nil {
				return []string{where + ": bad multipart body: " + err.Error()}, false
			}
			if part.FormName() == "payload_json" {
				js, _ = io.ReadAll(part)
			}
		}
	}
	if len(bytes.TrimSpace(js)) == 0 {
		if op.required && ct != "multipart/form-data" {
			return []string{where + ": a request body is required"}, false
		}
		return nil, false
	}
	if sch == nil {
		return []string{fmt.Sprintf("%s: the operation does not take %s", where, ct)}, false
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(js))
	if err != nil {
		return []string{where + ": bad JSON: " + err.Error()}, true
	}
	err = sch.Validate(inst)
	if err == nil {
		return nil, true
	}
	ve, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return []string{where + ": " + err.Error()}, true
	}
	seen := map[string]bool{}
	for _, l := range leaves(ve) {
		p := fmt.Sprintf("%s: at %s: %s", where, jsonPointer(l.InstanceLocation), l.ErrorKind.LocalizedString(printer))
		if !seen[p] {
			seen[p] = true
			problems = append(problems, p)
		}
	}
	return problems, true
}

var printer = message.NewPrinter(language.English)

// jsonPointer renders an instance location as a JSON pointer.
func jsonPointer(tokens []string) string {
	if len(tokens) == 0 {
		return `""`
	}
	var sb strings.Builder
	for _, t := range tokens {
		sb.WriteString("/" + escapePtr(t))
	}
	return sb.String()
}

// leaves returns the innermost errors of a validation error. Of the
// branches of a oneOf or anyOf it keeps those that got past the value's
// JSON type and its "type" discriminator (the branch that was meant), or
// all of them when none did.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	switch e.ErrorKind.(type) {
	case *kind.OneOf, *kind.AnyOf:
		var meant, all []*jsonschema.ValidationError
		for _, c := range e.Causes {
			ls := leaves(c)
			all = append(all, ls...)
			if !slices.ContainsFunc(ls, func(l *jsonschema.ValidationError) bool { return missedBranch(e.InstanceLocation, l) }) {
				meant = append(meant, ls...)
			}
		}
		if len(meant) > 0 {
			return meant
		}
		return all
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

// missedBranch reports whether a leaf error shows that its oneOf branch
// was not meant for the value at loc: the value has another JSON type, or
// its "type" property has another value.
func missedBranch(loc []string, l *jsonschema.ValidationError) bool {
	if slices.Equal(l.InstanceLocation, loc) {
		_, isType := l.ErrorKind.(*kind.Type)
		return isType
	}
	if len(l.InstanceLocation) == len(loc)+1 && slices.Equal(l.InstanceLocation[:len(loc)], loc) && l.InstanceLocation[len(loc)] == "type" {
		switch l.ErrorKind.(type) {
		case *kind.Enum, *kind.Const, *kind.Type:
			return true
		}
	}
	return false
}
