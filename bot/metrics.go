package bot

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Metrics are the bot's Prometheus instruments. A nil *Metrics records
// nothing, so tests need not set one up.
type Metrics struct {
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
}

// NewMetrics registers the instruments on reg.
func NewMetrics(reg prometheus.Registerer) *Metrics {
	m := &Metrics{
		interactions: prometheus.NewCounterVec(prometheus.CounterOpts{Name: "spindle_interactions_total",
			Help: "Interactions served, by type and outcome."}, []string{"type", "outcome"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "spindle_interaction_seconds",
			Help:    "Time from receiving an interaction to delivering its final response.",
			Buckets: []float64{.01, .025, .05, .1, .25, .5, 1, 2, 3, 5}}, []string{"type"}),
	}
	reg.MustRegister(m.interactions, m.latency)
	return m
}

func (m *Metrics) observe(typ, outcome string, d time.Duration) {
	if m == nil {
		return
	}
	m.interactions.WithLabelValues(typ, outcome).Inc()
	m.latency.WithLabelValues(typ).Observe(d.Seconds())
}
