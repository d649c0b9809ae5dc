// Spindle sandbox page: one Discord-like channel (and its threads) whose
// slash commands, buttons and select menus go to the bot's real handlers.
"use strict";

// ?user=NAME opens the page as that member (a link to hand a second
// player), ?channel=NAME in that channel or thread.
const query = new URLSearchParams(location.search);
const S = {
  user: query.get("user") || sessionStorage.getItem("sandbox.user") || "",
  channel: query.get("channel") || sessionStorage.getItem("sandbox.channel") || "",
  users: [], channels: [], nodes: new Map(), viewKey: "", usersKey: "", busy: false,
  suggestions: [], active: -1, acSeq: 0,
};
const $ = (id) => document.getElementById(id);

async function call(method, url, body) {
  const res = await fetch(url, {
    method, headers: body ? { "Content-Type": "application/json" } : {},
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = {};
  try { data = await res.json(); } catch (e) { data = { error: "sandbox: " + res.status + " " + res.statusText }; }
  return data;
}

function esc(s) {
  return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
}

function userName(id) {
  const u = S.users.find((x) => x.id === id);
  return u ? u.name : "unknown-user";
}
function channelName(id) {
  const c = S.channels.find((x) => x.id === id);
  return c ? c.name : "unknown";
}

function colourOf(id) {
  const palette = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#1abc9c", "#e67e22", "#9b59b6"];
  let h = 0;
  for (const c of String(id)) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return palette[h % palette.length];
}

function avatar(author, small) {
  const el = document.createElement("span");
  el.className = "avatar" + (small ? " small" : "");
  if (author.bot) { el.style.background = "#2b7a78"; el.innerHTML = SPOOL; }
  else if (author.system) { el.style.background = "#4e5058"; el.textContent = "!"; }
  else { el.style.background = colourOf(author.id); el.textContent = (author.name || "?").slice(0, 1).toUpperCase(); }
  return el;
}

// inline renders Discord's inline markdown on escaped text.
function inline(h) {
  const codes = [];
  h = h.replace(/`([^`]+)`/g, (m, c) => { codes.push(c); return "\u0000" + (codes.length - 1) + "\u0000"; });
  h = h.replace(/\*\*(.+?)\*\*/g, "<strong>$1</strong>");
  h = h.replace(/__(.+?)__/g, "<u>$1</u>");
  h = h.replace(/\*(\S(?:[^*]*?\S)?)\*/g, "<em>$1</em>");
  h = h.replace(/~~(.+?)~~/g, "<s>$1</s>");
  h = h.replace(/&lt;@!?(\d+)&gt;/g, (m, id) => '<span class="mention">@' + esc(userName(id)) + "</span>");
  h = h.replace(/&lt;#(\d+)&gt;/g, (m, id) => '<a class="mention" data-channel="' + id + '">#' + esc(channelName(id)) + "</a>");
  // Markdown links. A Discord jump link (channels/<guild>/<channel>[/<message>])
  // jumps within the sandbox, as the Discord client would; others open a tab.
  h = h.replace(/\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)/g, (m, text, url) => {
    const j = /^https:\/\/discord\.com\/channels\/\d+\/(\d+)(?:\/(\d+))?$/.exec(url);
    if (j) return '<a class="jump" data-channel="' + j[1] + '"' + (j[2] ? ' data-jump="' + j[2] + '"' : "") + ">" + text + "</a>";
    return '<a href="' + url + '" target="_blank" rel="noopener">' + text + "</a>";
  });
  return h.replace(/\u0000(\d+)\u0000/g, (m, i) => "<code>" + codes[+i] + "</code>");
}

// md renders a message or embed text: inline markdown, headings, bullet
// lists, quotes and line breaks.
function md(text) {
  const out = [];
  for (const raw of String(text || "").split("\n")) {
    let line = esc(raw), m;
    if ((m = /^(#{1,3}) (.*)$/.exec(line))) out.push('<div class="md-h' + m[1].length + '">' + inline(m[2]) + "</div>");
    else if ((m = /^\s*[-*] (.*)$/.exec(line))) out.push('<div class="md-li">' + inline(m[1]) + "</div>");
    else if ((m = /^&gt; (.*)$/.exec(line))) out.push('<div class="md-quote">' + inline(m[1]) + "</div>");
    else out.push(inline(line) + "<br>");
  }
  let h = out.join("");
  return h.endsWith("<br>") ? h.slice(0, -4) : h;
}

function timeOf(at) {
  const d = new Date(at);
  return "Today at " + d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

// Icons are inline SVG so that the page needs no emoji font.
const SPOOL = '<svg viewBox="0 0 24 24" width="22" height="22" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round">' +
  '<rect x="6" y="3" width="12" height="3" rx="1"/><rect x="6" y="18" width="12" height="3" rx="1"/>' +
  '<path d="M8 8h8M8 11h8M8 14h8M8 17h8"/><path d="M16 8l4 9" stroke-width="1.5"/></svg>';
const EYE = '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2">' +
  '<path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z"/><circle cx="12" cy="12" r="3"/></svg>';
const THREAD = '<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">' +
  '<path d="M5 3v10a4 4 0 0 0 4 4h10"/><path d="M15 13l4 4-4 4"/></svg>';

const styles = { 1: "primary", 2: "secondary", 3: "success", 4: "danger" };

function renderMessage(m) {
  const el = document.createElement("div");
  el.className = "msg" + (m.ephemeral ? " ephemeral" : "") + (m.mentioned ? " mentioned" : "");
  el.dataset.id = m.id;
  el.dataset.rev = m.rev;
  if (m.interaction) {
    const v = document.createElement("div");
    v.className = "via";
    v.innerHTML = "<b>@" + esc(m.interaction.name) + "</b> " + esc(m.interaction.text);
    el.appendChild(v);
  }
  el.appendChild(avatar(m.author));
  const body = document.createElement("div");
  const head = document.createElement("div");
  head.className = "head";
  head.innerHTML = '<span class="name">' + esc(m.author.name) + "</span>" +
    (m.author.bot ? '<span class="bot-tag">✓ APP</span>' : "") +
    (m.author.system ? '<span class="bot-tag">SANDBOX</span>' : "") +
    '<span class="time">' + esc(timeOf(m.at)) + "</span>";
  body.appendChild(head);
  if (m.content) {
    const c = document.createElement("div");
    c.className = "content";
    c.innerHTML = md(m.content) + (m.edited ? '<span class="edited">(edited)</span>' : "");
    body.appendChild(c);
  }
  for (const e of m.embeds || []) body.appendChild(renderEmbed(e));
  for (const a of m.attachments || []) {
    const d = document.createElement("div");
    d.className = "attachment";
    d.innerHTML = a.type.startsWith("image/") ? '<img alt="' + esc(a.name) + '" src="' + esc(a.url) + '">'
      : '<a href="' + esc(a.url) + '" target="_blank">' + esc(a.name) + "</a>";
    body.appendChild(d);
  }
  if (m.rows && m.rows.length) body.appendChild(renderRows(m));
  el.appendChild(body);
  if (m.ephemeral) {
    const n = document.createElement("div");
    n.className = "eph-note";
    n.innerHTML = EYE + ' Only you can see this · <a data-dismiss="' + esc(m.id) + '">Dismiss message</a>';
    el.appendChild(n);
  }
  el.querySelectorAll("img").forEach((img) => img.addEventListener("load", () => { if (S.stick) scrollDown(); }));
  return el;
}

function renderEmbed(e) {
  const d = document.createElement("div");
  d.className = "embed";
  if (e.color) d.style.borderLeftColor = "#" + e.color.toString(16).padStart(6, "0");
  let h = "";
  if (e.title) h += '<div class="title">' + inline(esc(e.title)) + "</div>";
  if (e.description) h += '<div class="desc">' + md(e.description) + "</div>";
  if (e.fields && e.fields.length) {
    h += '<div class="fields">';
    for (const f of e.fields) {
      h += '<div class="field' + (f.inline ? " inline" : "") + '"><div class="fname">' + inline(esc(f.name)) +
        '</div><div class="fval">' + md(f.value) + "</div></div>";
    }
    h += "</div>";
  }
  if (e.image_url) {
    h += '<a href="' + esc(e.image_url) + '" target="_blank" title="Open full size"><img alt="' + esc(e.image || "image") +
      '" src="' + esc(e.image_url) + '"></a>';
  }
  if (e.footer) h += '<div class="footer">' + esc(e.footer) + "</div>";
  d.innerHTML = h;
  return d;
}

function renderRows(m) {
  const rows = document.createElement("div");
  rows.className = "rows";
  for (const r of m.rows) {
    const row = document.createElement("div");
    row.className = "row";
    if (r.select) {
      const s = document.createElement("select");
      s.className = "menu";
      s.dataset.customId = r.select.custom_id;
      s.dataset.message = m.id;
      const ph = document.createElement("option");
      ph.value = ""; ph.disabled = true; ph.textContent = r.select.placeholder || "Make a selection";
      s.appendChild(ph);
      let chosen = false;
      for (const o of r.select.options) {
        const opt = document.createElement("option");
        opt.value = o.value;
        opt.textContent = o.label + (o.description ? " — " + o.description : "");
        if (o.default) { opt.selected = true; chosen = true; }
        s.appendChild(opt);
      }
      if (!chosen) ph.selected = true;
      s.addEventListener("change", () => choose(s));
      row.appendChild(s);
    }
    for (const b of r.buttons || []) {
      const btn = document.createElement("button");
      btn.className = "btn " + (styles[b.style] || "secondary");
      btn.textContent = b.label;
      btn.disabled = !!b.disabled;
      btn.dataset.customId = b.custom_id;
      btn.dataset.label = b.label;
      btn.dataset.message = m.id;
      btn.addEventListener("click", () => click(btn));
      row.appendChild(btn);
    }
    rows.appendChild(row);
  }
  return rows;
}

// A component is greyed while its interaction runs. When the answer came
// as another message (a private panel, say), the message it sits on did not
// change, so the component is made usable again, as Discord does.
async function click(btn) {
  btn.classList.add("pending");
  btn.disabled = true;
  await interact("/api/click", { user: S.user, channel: S.channel, message: btn.dataset.message, custom_id: btn.dataset.customId });
  btn.classList.remove("pending");
  btn.disabled = false;
}

async function choose(sel) {
  sel.classList.add("pending");
  sel.disabled = true;
  await interact("/api/select", { user: S.user, channel: S.channel, message: sel.dataset.message,
    custom_id: sel.dataset.customId, values: [sel.value] });
  sel.classList.remove("pending");
  sel.disabled = false;
  sel.selectedIndex = [...sel.options].findIndex((o) => o.defaultSelected) >= 0
    ? [...sel.options].findIndex((o) => o.defaultSelected) : 0;
}

async function interact(url, body) {
  const r = await call("POST", url, body);
  if (r.error && !r.message) flash(r.error);
  S.stick = true;
  await refresh(true);
}

function flash(text) {
  const h = $("hint");
  h.textContent = text;
  h.style.color = "#f23f43";
  clearTimeout(flash.t);
  flash.t = setTimeout(() => { h.style.color = ""; h.textContent = flash.base; }, 5000);
}

function scrollDown() {
  const box = $("messages");
  box.scrollTop = box.scrollHeight;
}

function renderUsers(st) {
  const key = JSON.stringify(st.users);
  if (key !== S.usersKey) {
    S.usersKey = key;
    const sel = $("user");
    sel.innerHTML = "";
    for (const u of st.users) {
      const o = document.createElement("option");
      o.value = u.id; o.textContent = "@" + u.name + (u.manage ? " ★" : "");
      sel.appendChild(o);
    }
  }
  $("user").value = st.user.id;
  $("me-name").textContent = st.user.name;
  const av = $("me-avatar");
  av.style.background = colourOf(st.user.id);
  av.textContent = st.user.name.slice(0, 1).toUpperCase();
  $("manage").checked = st.user.manage;
}

function renderChannels(st) {
  const ul = $("channels");
  ul.innerHTML = "";
  for (const c of st.channels) {
    const li = document.createElement("li");
    li.className = (c.parent ? "thread" : "") + (c.id === st.channel.id ? " active" : "") + (c.unread ? " unread" : "");
    li.dataset.channel = c.id;
    li.innerHTML = '<span class="icon">' + (c.parent ? THREAD : "#") + '</span><span class="label">' + esc(c.name) + "</span>" +
      (c.pings ? '<span class="badge">' + c.pings + "</span>" : "");
    li.addEventListener("click", () => switchChannel(c.id));
    ul.appendChild(li);
  }
  const cur = st.channel;
  $("channel-name").textContent = cur.name;
  $("channel-sub").textContent = cur.parent ? "thread in #" + channelName(cur.parent) : "Spindle sandbox · no Discord needed";
  $("cmd").placeholder = "Message " + (cur.parent ? "" : "#") + cur.name + " — type / for commands";
  // The live table (the Discord Activity's page, with the SDK's mock),
  // signed in as the acting member, for this channel's game.
  $("live-link").href = "/activity/?guild_id=" + encodeURIComponent(st.guild_id) + "&channel_id=" + encodeURIComponent(cur.id) +
    "&mock_code=" + encodeURIComponent(st.user.name);
}

function renderMessages(st) {
  const box = $("messages");
  const key = st.user.id + "/" + st.channel.id;
  if (key !== S.viewKey) { S.viewKey = key; S.nodes.clear(); box.innerHTML = ""; S.stick = true; }
  if (!S.stick) S.stick = box.scrollHeight - box.scrollTop - box.clientHeight < 120;
  const seen = new Set();
  let prev = null;
  for (const m of st.messages || []) {
    seen.add(m.id);
    let n = S.nodes.get(m.id);
    if (!n || n.rev !== m.rev) {
      const el = renderMessage(m);
      if (n) n.el.replaceWith(el);
      n = { rev: m.rev, el };
      S.nodes.set(m.id, n);
    }
    const want = prev ? prev.nextSibling : box.firstChild;
    if (want !== n.el) box.insertBefore(n.el, want);
    prev = n.el;
  }
  for (const [id, n] of S.nodes) if (!seen.has(id)) { n.el.remove(); S.nodes.delete(id); }
  let empty = box.querySelector(".empty");
  const count = (st.messages || []).length;
  if (!count && !empty) {
    empty = document.createElement("div");
    empty.className = "empty";
    empty.innerHTML = "<h2>Welcome to #" + esc(st.channel.name) + "!</h2>Type <code>/game new game:warpweft</code> to open a table, " +
      "switch user below to join it as someone else, and play by clicking. <code>/rules game:warpweft</code> explains the game.";
    box.appendChild(empty);
  } else if (count && empty) empty.remove();
  if (S.stick) scrollDown();
  S.stick = false;
}

async function refresh(force) {
  if (S.busy && !force) return;
  S.busy = true;
  try {
    const st = await call("GET", "/api/state?user=" + encodeURIComponent(S.user) + "&channel=" + encodeURIComponent(S.channel));
    if (st.error) {
      if (S.user || S.channel) { S.user = ""; S.channel = ""; sessionStorage.clear(); }
      else flash(st.error);
      return;
    }
    if (!S.user) { S.user = st.user.id; }
    if (!S.channel) { S.channel = st.channel.id; }
    S.users = st.users; S.channels = st.channels;
    document.title = "#" + st.channel.name + " · Spindle sandbox";
    renderUsers(st);
    renderChannels(st);
    renderMessages(st);
  } catch (e) {
    flash("The sandbox is not answering: " + e);
  } finally {
    S.busy = false;
  }
}

// switchChannel shows channel id and, for a jump link, scrolls to the
// message and flashes it.
async function switchChannel(id, jump) {
  S.channel = id;
  sessionStorage.setItem("sandbox.channel", id);
  await refresh(true);
  if (!jump) return;
  const n = S.nodes.get(jump);
  if (!n) { flash("That message is no longer in the channel."); return; }
  n.el.scrollIntoView({ block: "center" });
  n.el.classList.add("jumped");
  setTimeout(() => n.el.classList.remove("jumped"), 2000);
}

// --- command box and autocomplete -----------------------------------------

function showSuggestions(list) {
  S.suggestions = list;
  S.active = list.length ? 0 : -1;
  const ul = $("suggest");
  ul.innerHTML = "";
  list.forEach((s, i) => {
    const li = document.createElement("li");
    li.className = i === S.active ? "active" : "";
    li.innerHTML = '<span class="s-label">' + esc(s.label) + '</span><span class="s-detail">' + esc(s.detail || "") + "</span>";
    li.addEventListener("mousedown", (ev) => { ev.preventDefault(); complete(i); });
    ul.appendChild(li);
  });
  ul.hidden = list.length === 0;
}

function moveActive(d) {
  if (!S.suggestions.length) return;
  S.active = (S.active + d + S.suggestions.length) % S.suggestions.length;
  [...$("suggest").children].forEach((li, i) => li.classList.toggle("active", i === S.active));
  $("suggest").children[S.active].scrollIntoView({ block: "nearest" });
}

function complete(i) {
  const s = S.suggestions[i];
  if (!s) return;
  const box = $("cmd");
  box.value = s.text;
  box.focus();
  box.setSelectionRange(s.text.length, s.text.length);
  autocomplete();
}

async function autocomplete() {
  const text = $("cmd").value;
  const seq = ++S.acSeq;
  if (!text.trimStart().startsWith("/")) { showSuggestions([]); return; }
  if (!S.user) await refresh(true);
  const r = await call("GET", "/api/autocomplete?user=" + encodeURIComponent(S.user) + "&channel=" +
    encodeURIComponent(S.channel) + "&text=" + encodeURIComponent(text));
  if (seq === S.acSeq) showSuggestions(r.suggestions || []);
}

async function send() {
  const box = $("cmd");
  const text = box.value.trim();
  if (!text) return;
  if (!S.user) await refresh(true);
  box.value = "";
  showSuggestions([]);
  S.acSeq++;
  const r = await call("POST", "/api/command", { user: S.user, channel: S.channel, text });
  if (r.error && !r.message) flash(r.error);
  S.stick = true;
  await refresh(true);
}

function init() {
  flash.base = $("hint").textContent;
  const box = $("cmd");
  let timer = 0;
  box.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(autocomplete, 80); });
  box.addEventListener("focus", () => { if (box.value.startsWith("/")) autocomplete(); });
  box.addEventListener("blur", () => setTimeout(() => showSuggestions([]), 150));
  box.addEventListener("keydown", (ev) => {
    const open = !$("suggest").hidden;
    if (ev.key === "Tab" && open) { ev.preventDefault(); complete(S.active < 0 ? 0 : S.active); }
    else if (ev.key === "ArrowDown" && open) { ev.preventDefault(); moveActive(1); }
    else if (ev.key === "ArrowUp" && open) { ev.preventDefault(); moveActive(-1); }
    else if (ev.key === "Escape") { showSuggestions([]); }
    else if (ev.key === "Enter") { ev.preventDefault(); send(); }
  });
  $("user").addEventListener("change", (ev) => {
    S.user = ev.target.value;
    sessionStorage.setItem("sandbox.user", S.user);
    refresh(true);
  });
  $("manage").addEventListener("change", async (ev) => {
    await call("POST", "/api/manage", { user: S.user, manage: ev.target.checked });
    refresh(true);
  });
  $("add-user").addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = $("new-user").value.trim();
    if (!name) return;
    const r = await call("POST", "/api/users", { name });
    if (r.error) { flash(r.error); return; }
    $("new-user").value = "";
    S.user = r.id;
    sessionStorage.setItem("sandbox.user", S.user);
    refresh(true);
  });
  document.addEventListener("click", async (ev) => {
    const ch = ev.target.closest("[data-channel]");
    if (ch && ch.tagName === "A") { switchChannel(ch.dataset.channel, ch.dataset.jump); return; }
    const d = ev.target.closest("[data-dismiss]");
    if (d) { await call("POST", "/api/dismiss", { user: S.user, channel: S.channel, message: d.dataset.dismiss }); refresh(true); }
  });
  refresh(true);
  setInterval(refresh, 1000);
}

init();
