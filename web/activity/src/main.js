// The Spindle Activity: the live table inside Discord. It signs in through
// the Embedded App SDK (authorize -> the bot's token exchange), then shows
// the table as the bot draws it and, for a player, their own panel with
// the chat panel's choices; a click posts the same custom_id the chat
// button carries. A stream of the table's versions keeps it live.
//
// Outside Discord (no frame_id in the URL: the sandbox, the tests) the SDK's
// DiscordSDKMock stands in; its authorize answers the code in ?mock_code=,
// and ?guild_id= and ?channel_id= say where the table is.
import { DiscordSDK, DiscordSDKMock } from '@discord/embedded-app-sdk';

const q = new URLSearchParams(location.search);
const $ = (id) => document.getElementById(id);
const live = { state: null, panel: null, session: '', table: 0, busy: 0, states: [], signedIn: false, latest: -1, cellClicks: 0, hexClicks: 0, cellMenus: 0, hexMenus: 0 };
window.spindle = live; // read by the browser tests

function api(path) { return new URL('api/' + path, document.baseURI).toString(); }

async function call(path, init = {}) {
  const headers = { ...(init.headers || {}) };
  if (live.session) headers.Authorization = 'Bearer ' + live.session;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(api(path), { ...init, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
  const data = await res.json().catch(() => ({}));
  if (res.status === 401 && live.signedIn && !sessionStorage.getItem('spindle-resigned')) {
    // The sign-in is no longer accepted (expired, or the key changed): sign in again, once.
    sessionStorage.setItem('spindle-resigned', '1');
    location.reload();
  }
  if (!res.ok) throw new Error(data.error || 'HTTP ' + res.status);
  return data;
}

function hint(msg) { $('hint').textContent = msg; }

// md renders the Discord markdown the bot writes (escaped first).
function md(s) {
  let h = (s || '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  h = h.replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<b>$1</b>')
    .replace(/__([^_]+)__/g, '<u>$1</u>')
    .replace(/~~([^~]+)~~/g, '<s>$1</s>')
    .replace(/\*([^*\n]+)\*/g, '<i>$1</i>')
    .replace(/^#+ (.*)$/gm, '<b>$1</b>')
    .replace(/^[-•] /gm, '• ');
  return h.replace(/\n/g, '<br>');
}

function el(tag, attrs = {}, html) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith('data-')) e.setAttribute(k, v); else e[k] = v;
  }
  if (html !== undefined) e.innerHTML = html;
  return e;
}

function renderEmbeds(into, embeds, alt) {
  for (const e of embeds || []) {
    const box = el('div', { className: 'embed' });
    if (e.title) box.append(el('h2', {}, md(e.title)));
    if (e.description) box.append(el('div', { className: 'desc' }, md(e.description)));
    if (e.fields && e.fields.length) {
      const fs = el('div', { className: 'fields' });
      for (const f of e.fields) fs.append(el('div', { className: 'field' }, '<div class="fname">' + md(f.name) + '</div>' + md(f.value)));
      box.append(fs);
    }
    if (e.image) box.append(el('img', { src: e.image, alt }));
    if (e.footer) box.append(el('div', { className: 'footer' }, md(e.footer)));
    into.append(box);
  }
}

// placeOf says where a choice stands on its game's square grid, from its
// key: Warp and Weft's cells ("…@x,y"), Royal Threadcount's silk board
// ("sow:n", "free:n", "zero:d:n", cells 1-9 in three rows) and a Tapestry
// capital's plots ("at:row@col"); null for any other choice.
function placeOf(value) {
  let m = /@(-?\d+),(-?\d+)$/.exec(value);
  if (m) return { x: +m[1], y: +m[2] };
  m = /(?:^|:)(?:sow|free|zero:\d+):([1-9])$/.exec(value);
  if (m) return { x: (+m[1] - 1) % 3, y: Math.floor((+m[1] - 1) / 3) };
  m = /(?:^|:)at:(\d+)@(\d+)$/.exec(value);
  if (m) return { x: +m[2], y: +m[1] };
  return null;
}

// hexOf says which Tapestry map hex a choice names ("hex:a@b", and the
// civilizations' "colony:", "flip:", "nomad:"); null for any other.
function hexOf(value) {
  const m = /(?:^|:)(?:hex|colony|flip|nomad):(-?\d+)@(-?\d+)$/.exec(value);
  return m ? { a: +m[1], b: +m[2] } : null;
}

// placeButton is one clickable place of a move menu.
function placeButton(select, o, className, count) {
  const b = el('button', { className, disabled: live.busy > 0, title: o.description ? o.label + ' — ' + o.description : o.label,
    'data-custom-id': select.custom_id, 'data-value': o.value });
  b.append(el('span', { className: 'cell-label', textContent: o.label }));
  if (o.description && className === 'cell') b.append(el('span', { className: 'cell-detail', textContent: o.description }));
  b.addEventListener('click', () => { live[count]++; act(select.custom_id, [o.value]); });
  return b;
}

// renderCells draws a move menu whose every choice is a place on a grid
// (placeOf) as clickable cells laid out by their coordinates; the menu
// stays below them.
function renderCells(into, select) {
  if (!select.custom_id.startsWith('s/')) return;
  const cells = select.options.map((o) => ({ o, p: placeOf(o.value) }));
  if (cells.length < 2 || !cells.every((c) => c.p)) return;
  const xs = cells.map((c) => c.p.x);
  const ys = cells.map((c) => c.p.y);
  const minX = Math.min(...xs);
  const minY = Math.min(...ys);
  live.cellMenus++;
  const grid = el('div', { className: 'cells' });
  grid.style.gridTemplateColumns = 'repeat(' + (Math.max(...xs) - minX + 1) + ', minmax(4.5em, 9em))';
  for (const c of cells) {
    const b = placeButton(select, c.o, 'cell', 'cellClicks');
    b.style.gridColumn = String(c.p.x - minX + 1);
    b.style.gridRow = String(c.p.y - minY + 1);
    grid.append(b);
  }
  into.append(grid);
}

// renderHexes draws a move menu whose every choice is a Tapestry map hex
// as clickable hexes where they lie on the map (flat-topped, as the board
// draws them: hex [a, b] at x = 1.5·(b−a), y = 0.866·(a+b) radii).
function renderHexes(into, select) {
  if (!select.custom_id.startsWith('s/')) return;
  const hexes = select.options.map((o) => ({ o, h: hexOf(o.value) }));
  if (hexes.length < 2 || !hexes.every((c) => c.h)) return;
  const r = 34; // a hex's radius, centre to corner, in px
  const pos = hexes.map((c) => ({ x: 1.5 * r * (c.h.b - c.h.a), y: 0.866 * r * (c.h.a + c.h.b) }));
  const minX = Math.min(...pos.map((p) => p.x));
  const minY = Math.min(...pos.map((p) => p.y));
  const maxX = Math.max(...pos.map((p) => p.x));
  const maxY = Math.max(...pos.map((p) => p.y));
  live.hexMenus++;
  const map = el('div', { className: 'hexes' });
  map.style.width = (maxX - minX + 2 * r) + 'px';
  map.style.height = (maxY - minY + 1.732 * r) + 'px';
  hexes.forEach((c, i) => {
    const b = placeButton(select, c.o, 'hex', 'hexClicks');
    b.style.left = (pos[i].x - minX) + 'px';
    b.style.top = (pos[i].y - minY) + 'px';
    b.style.width = 2 * r + 'px';
    b.style.height = 1.732 * r + 'px';
    b.querySelector('.cell-label').textContent = c.h.a + ',' + c.h.b;
    map.append(b);
  });
  into.append(map);
}

function render() {
  const st = live.state;
  if (!st) return;
  $('title').textContent = st.title + ' — table #' + st.table;
  $('meta').textContent = st.over ? 'game over' : 'move ' + st.version;
  $('you').textContent = st.seat >= 0 ? st.you + ' · seat ' + (st.seat + 1) : st.you + ' · watching';
  const board = $('board');
  board.replaceChildren();
  renderEmbeds(board, st.board.embeds, 'The table');
  const panel = $('panel');
  const p = live.panel;
  panel.hidden = !p;
  panel.replaceChildren();
  if (p) {
    if (p.content) panel.append(el('div', { className: 'content' }, md(p.content)));
    renderEmbeds(panel, p.embeds, 'Your hand');
    for (const r of p.rows || []) {
      const row = el('div', { className: 'row' });
      for (const b of r.buttons || []) {
        const btn = el('button', { className: 's' + b.style, textContent: b.label, disabled: !!b.disabled || live.busy > 0,
          'data-custom-id': b.custom_id, 'data-label': b.label });
        btn.addEventListener('click', () => act(b.custom_id, undefined));
        row.append(btn);
      }
      if (r.select) renderCells(panel, r.select);
      if (r.select) renderHexes(panel, r.select);
      if (r.select) {
        const s = el('select', { className: 'menu', disabled: live.busy > 0, 'data-custom-id': r.select.custom_id });
        s.append(el('option', { value: '', textContent: r.select.placeholder || 'Choose…', disabled: true, selected: true }));
        for (const o of r.select.options) {
          const opt = el('option', { value: o.value, textContent: o.description ? o.label + ' — ' + o.description : o.label });
          opt.setAttribute('data-label', o.label);
          s.append(opt);
        }
        s.addEventListener('change', () => { if (s.value) act(r.select.custom_id, [s.value]); });
        row.append(s);
      }
      panel.append(row);
    }
  }
  document.body.dataset.version = String(st.version);
  document.body.dataset.over = st.over ? 'yes' : 'no';
  document.body.dataset.busy = live.busy > 0 ? 'yes' : 'no';
}

function notice(text) {
  const n = $('notice');
  n.hidden = !text;
  n.innerHTML = md(text || '');
}

function take(st) {
  live.states.push({ version: st.version, seat: st.seat, panel: !!st.panel });
  live.state = st;
}

// refresh fetches the table as it now stands; the panel starts again from
// its first step (the game moved, as the chat panel follows it).
async function refresh() {
  const st = await call('table?table=' + live.table);
  take(st);
  live.panel = st.panel || null;
  render();
}

async function act(customId, values) {
  live.busy++;
  render();
  try {
    const out = await call('act', { method: 'POST', body: { table: live.table, custom_id: customId, values } });
    take(out.state);
    live.panel = out.panel || out.state.panel || null;
    let note = out.notice || '';
    if (out.panel && out.panel.content && out.panel.content.match(/^(↻|⚠️)/)) note = out.panel.content.split('\n')[0];
    notice(note);
  } catch (e) {
    notice('⚠️ ' + e.message);
  } finally {
    live.busy--;
    render();
  }
  // A change announced while the click was on its way (an AI's answer)
  // was not fetched then: fetch it now.
  if (live.busy === 0 && live.latest >= 0 && live.state && live.latest !== live.state.version) {
    await refresh().catch((e) => hint(e.message));
  }
}

// follow reads the table's event stream (fetch, so the session goes in a
// header, never in the URL) and refreshes on every new version.
async function follow() {
  for (;;) {
    try {
      const res = await fetch(api('events?table=' + live.table), { headers: { Authorization: 'Bearer ' + live.session } });
      if (!res.ok) throw new Error('HTTP ' + res.status);
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buf = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const ev = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const data = ev.split('\n').find((l) => l.startsWith('data: '));
          if (!data) continue;
          const { version } = JSON.parse(data.slice(6));
          live.latest = version;
          if (!live.state || version !== live.state.version) {
            if (live.busy === 0) await refresh().catch((e) => hint(e.message));
          }
        }
      }
    } catch (e) {
      hint('reconnecting: ' + e.message);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

async function main() {
  const cfg = await call('config');
  let sdk;
  if (q.has('frame_id')) {
    sdk = new DiscordSDK(cfg.client_id);
    await sdk.ready();
  } else {
    sdk = new DiscordSDKMock(cfg.client_id || '0', q.get('guild_id'), q.get('channel_id'), null);
    const code = q.get('mock_code') || 'mock_code';
    sdk._updateCommandMocks({ authorize: async () => ({ code }) });
  }
  const { code } = await sdk.commands.authorize({
    client_id: cfg.client_id, response_type: 'code', state: '', prompt: 'none', scope: ['identify'],
  });
  const tok = await call('token', { method: 'POST', body: { code } });
  live.session = tok.session;
  if (tok.access_token) await sdk.commands.authenticate({ access_token: tok.access_token });
  live.signedIn = true;
  sessionStorage.removeItem('spindle-resigned');
  const where = q.get('table') ? 'table=' + encodeURIComponent(q.get('table'))
    : 'guild=' + encodeURIComponent(sdk.guildId || '') + '&channel=' + encodeURIComponent(sdk.channelId || '') +
      '&instance=' + encodeURIComponent(q.get('instance_id') || sdk.instanceId || '');
  const st = await call('table?' + where);
  // A table found by its channel comes with a session that names it.
  if (st.session) live.session = st.session;
  live.table = st.table;
  take(st);
  live.panel = st.panel || null;
  render();
  document.body.dataset.ready = 'yes';
  follow();
}

main().catch((e) => { hint(e.message); notice('⚠️ ' + e.message); });
