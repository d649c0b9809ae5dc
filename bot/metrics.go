package bot

import (
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the bot's Prometheus instruments. A nil *Metrics records
// nothing, so tests need not set one up.
type Metrics struct {
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	ack          *prometheus.HistogramVec
	refusals     *prometheus.CounterVec
	rateLimits   *prometheus.CounterVec
	reconnects   *prometheus.CounterVec
}

// NewMetrics registers the instruments on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "spindle_interactions_total",
			Help: "Interactions served, by type and outcome."}, []string{"type", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "spindle_interaction_seconds",
			Help:    "Time from receiving an interaction to delivering its final response.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2, 3, 5}}, []string{"type"}),
		ack: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "spindle_ack_seconds",
			Help:    "Time from receiving an interaction to acknowledging it (Discord allows 3 s).",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2, 3}}, []string{"type"}),
		refusals: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "spindle_discord_errors_total",
			Help: "Discord REST calls refused, by HTTP status and Discord error code."}, []string{"status", "code"}),
		rateLimits: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "spindle_discord_rate_limits_total",
			Help: "429s Discord answered (discordgo waits them out and retries)."}, []string{"route"}),
		reconnects: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "spindle_gateway_events_total",
			Help: "Gateway disconnections and resumptions."}, []string{"event"}),
	}
	reg.MustRegister(m.interactions, m.latency, m.ack, m.refusals, m.rateLimits, m.reconnects)
	return m
}

func (m *Metrics) acked(typ string, d time.Duration) {
	if m == nil {
		return
	}
	m.ack.WithLabelValues(typ).Observe(d.Seconds())
}

func (m *Metrics) refused(status, code int) {
	if m == nil {
		return
	}
	m.refusals.WithLabelValues(strconv.Itoa(status), strconv.Itoa(code)).Inc()
}

func (m *Metrics) rateLimited(url string) {
	if m == nil {
		return
	}
	route := url
	if i := strings.Index(route, "/api/"); i >= 0 {
		route = route[i:]
	}
	// Ids in the path would make one series per channel: keep the shape.
	parts := strings.Split(route, "/")
	for i, p := range parts {
		if p != "" && strings.Trim(p, "0123456789") == "" {
			parts[i] = "{id}"
		}
	}
	m.rateLimits.WithLabelValues(strings.Join(parts, "/")).Inc()
}

func (m *Metrics) reconnect(event string) {
	if m == nil {
		return
	}
	m.reconnects.WithLabelValues(event).Inc()
}

func (m *Metrics) observe(typ, outcome string, d time.Duration) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(typ, outcome).Inc()
	m.latency.WithLabelValues(typ).Observe(d.Seconds())
}
