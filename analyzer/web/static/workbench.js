// The workbench page. Figures arrive exact ("p/q" strings) from /api/workbench; this file only rounds them
// for display (BigInt, half to even, as the command line does) and draws. Every text from a rule file is set
// with textContent, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const SUITS = ["S", "H", "D", "C"];
const SUIT_SIGNS = { S: "♠", H: "♥", D: "♦", C: "♣" };

// ---- exact numbers, shown -----------------------------------------------------------------------------
function fraction(text) {
  const [n, d] = String(text).split("/");
  return { n: BigInt(n), d: BigInt(d === undefined ? "1" : d) };
}
function roundedScaled(text, scale) { // round(value * scale), half to even, as a BigInt
  const { n, d } = fraction(text);
  const num = n * scale, neg = num < 0n, a = neg ? -num : num;
  let q = a / d; const r = a % d;
  if (2n * r > d || (2n * r === d && q % 2n === 1n)) q += 1n;
  return neg ? -q : q;
}
function decimal(text, places) {
  if (text === null || text === undefined) return "n/a";
  const q = roundedScaled(text, 10n ** BigInt(places));
  const neg = q < 0n, digits = (neg ? -q : q).toString().padStart(places + 1, "0");
  const body = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits;
  return (neg ? "-" : "") + body;
}
const exactOn = () => $("exact").checked;
function percent(text, places = 4) {
  if (text === null || text === undefined) return "n/a";
  return exactOn() ? text : decimal(`${fraction(text).n * 100n}/${fraction(text).d}`, places) + "%";
}
function signedPercent(text) {
  if (text === null || text === undefined) return "n/a";
  const shown = percent(text);
  return fraction(text).n > 0n ? "+" + shown : shown;
}
function grouped(intText) { return intText.replace(/\B(?=(\d{3})+(?!\d))/g, ","); }
function oneIn(text) {
  if (!text) return "n/a";
  if (exactOn()) return `1 in ${text}`;
  return "1 in " + grouped(roundedScaled(text, 1n).toString());
}
function fixed(x, places = 4) { return x === null || x === undefined ? "n/a" : x.toFixed(places); }

// ---- the page's state ---------------------------------------------------------------------------------
let current = { rules: "punto-banco" };    // what is shown (analyzer.api.workbench.State as JSON)
let start = { rules: "punto-banco" };      // the starting table the Compare tab measures from
let view = null;                            // the last answer of /api/workbench
let request = 0;                            // answers to older requests are dropped

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v; else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v !== null && v !== undefined && v !== false) node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return node;
}
function table(head, rows, caption) {
  const t = el("table");
  if (caption) t.append(el("caption", {}, caption));
  t.append(el("thead", {}, el("tr", {}, ...head.map((h) => el("th", { scope: "col" }, h)))));
  const body = el("tbody");
  for (const r of rows) body.append(el("tr", {}, ...r.map((c, i) => i === 0 && !(c instanceof Node) ? el("th", { scope: "row" }, c) : el("td", {}, c))));
  t.append(body);
  return t;
}

// this tab's own id: the server shows a tab only the jobs it started (X-Workbench-Session)
const SESSION = sessionStorage.getItem("workbench-session") || (() => {
  const id = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  sessionStorage.setItem("workbench-session", id);
  return id;
})();
async function api(path, payload, method = "POST", file = false) {
  // file: the answer is a file to save (its body is left unread), not data for the page
  const options = { method, headers: { "content-type": "application/json", "x-workbench-session": SESSION } };
  if (payload !== undefined) options.body = JSON.stringify(payload);
  const response = await fetch(path, options);
  const type = response.headers.get("content-type") || "";
  if (!response.ok) {
    const problem = type.includes("json") ? await response.json() : { error: `${response.status} ${response.statusText}` };
    return { ok: false, error: problem.error, line: problem.line };
  }
  return { ok: true, response, data: type.includes("json") && !file ? await response.json() : null };
}

function busy(text) { $("busy").textContent = text; }

// ---- the URL keeps the state -----------------------------------------------------------------------------
function encodeState() {
  const bytes = new TextEncoder().encode(JSON.stringify({ state: current, start }));
  let binary = ""; bytes.forEach((b) => { binary += String.fromCharCode(b); });
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}
function decodeState(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0))));
}
// the address keeps the path and the state only: never a query (a server's token is moved into a cookie by the
// server, and is taken out here too should one be left), so the address bar and a copied link never carry it
function stateUrl() { return location.origin + location.pathname + "#s=" + encodeState(); }
function keepInUrl() { history.replaceState(null, "", stateUrl()); }

// ---- refresh -------------------------------------------------------------------------------------------
let timer = null;
function refreshSoon(delay = 120) { clearTimeout(timer); timer = setTimeout(refresh, delay); }

async function refresh() {
  const mine = ++request;
  busy("computing…");
  const t0 = performance.now();
  const answer = await api("/api/workbench", { state: current, start });
  if (mine !== request) return;
  if (!answer.ok) { showError(answer.error, answer.line); markStale(view !== null); busy(""); return; }
  showError(null);
  markStale(false);
  view = answer.data;
  busy(`exact, ${Math.round(performance.now() - t0)} ms`);
  keepInUrl();
  draw();
}

function markStale(stale) {
  // the figures shown are those of the last rule file that loaded: say so while the file does not
  document.querySelector("main").classList.toggle("stale", stale);
  $("stale").hidden = !stale;
}

function showError(message, line) {
  const box = $("editor-error");
  markLine(line);
  if (!message) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.replaceChildren(message);
  if (line) {
    const go = el("button", { type: "button", class: "go" }, `Go to line ${line}`);
    go.addEventListener("click", () => goToLine(line));
    box.append(" ", go);
  }
}
function goToLine(line) {
  const text = $("text"), lines = text.value.split("\n");
  const from = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0);
  text.focus({ preventScroll: true });
  text.setSelectionRange(from, from + (lines[line - 1] || "").length);
  const mark = $("gutter").children[line - 1];
  text.scrollTop = mark ? Math.max(0, mark.offsetTop - 3 * LINE_HEIGHT) : 0;
  $("gutter").scrollTop = text.scrollTop;
}

// ---- drawing ---------------------------------------------------------------------------------------------
function draw() {
  $("shoe-text").textContent = `${view.rule_set} · ${view.shoe.text}`;
  drawChanges(); drawSummary(); drawSheets(); drawShoe(); drawCompare(); fillWagerLists(); drawExportName();
}

function drawChanges() {
  const changed = view.pays_changed;
  const holder = $("changes");
  if (!changed.length) { holder.replaceChildren(); return; }
  const reset = el("button", { type: "button" }, "Reset pays");
  reset.addEventListener("click", () => { current = { ...current, pays: [] }; refreshSoon(0); });
  holder.replaceChildren(`Pays changed from the rule file: ${changed.join(", ")} `, reset);
}

function drawSummary() {
  const rows = view.wagers.filter((w) => w.has_pays).map((w) => [
    w.wager, percent(w.figures.house_edge), percent(w.figures.rtp), percent(w.figures.hit_frequency),
    fixed(w.standard_deviation), percent(w.figures.element_of_risk),
    w.top_award ? `${w.top_award.outcome} ${w.top_award.pays}, ${oneIn(w.top_award.one_in)}` : "n/a",
  ]);
  $("summary").replaceChildren(table(["wager", "house edge", "RTP", "hit frequency", "SD", "element of risk", "top award, odds"], rows, "Every wager"));
}

function payKey(wager, outcome) { return `${wager}:${outcome}=`; }

function drawSheets() {
  const holder = $("sheets");
  const focused = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.pay : null;
  const caret = focused ? document.activeElement.selectionStart : null;
  const sections = view.wagers.map((w) => {
    const rows = w.rows.map((r) => {
      const id = `pay-${w.wager}-${r.outcome}`.replace(/[^A-Za-z0-9_-]/g, "_");
      const input = el("input", { value: r.pays === null ? "" : r.pays, size: 7, "data-pay": payKey(w.wager, r.outcome),
        "aria-label": `Pays for ${w.wager}, ${r.outcome}`, id, disabled: r.pays === null });
      input.addEventListener("input", () => changePay(w.wager, r.outcome, input.value.trim()));
      return [r.outcome, input, grouped(r.combinations), exactOn() ? r.probability : decimal(r.probability, 8),
        r.return === null ? "n/a" : (exactOn() ? r.return : decimal(r.return, 8))];
    });
    const f = w.figures;
    const facts = el("p", { class: "facts" },
      `house edge ${percent(f.house_edge)} · RTP ${percent(f.rtp)} · hit ${percent(f.hit_frequency)} · ` +
      `push ${percent(f.push_frequency)} · SD ${fixed(w.standard_deviation)} · element of risk ${percent(f.element_of_risk)}`);
    const details = el("details", { open: view.wagers.length <= 4 ? true : null, "data-wager": w.wager },
      el("summary", {}, el("strong", {}, w.title), ` (${w.wager})`, w.offered ? "" : " · not offered by the document",
        "  ", el("span", { class: "edge" }, w.has_pays ? percent(f.house_edge) : "no pays")),
      facts, table(["outcome", "pays", "combinations", "probability", "return"], rows),
      el("p", { class: "source" }, `Source: ${w.source}`));
    return details;
  });
  const open = new Set([...holder.querySelectorAll("details[open]")].map((d) => d.dataset.wager));
  holder.replaceChildren(...sections);
  if (open.size) for (const d of holder.querySelectorAll("details")) d.open = open.has(d.dataset.wager) || d.open;
  if (focused) {
    const again = [...holder.querySelectorAll("input[data-pay]")].find((i) => i.dataset.pay === focused);
    if (again) { again.focus(); again.setSelectionRange(caret, caret); }
  }
}

function changePay(wager, outcome, text) {
  const key = payKey(wager, outcome);
  const pays = (current.pays || []).filter((p) => !p.startsWith(key));
  if (text) pays.push(key + text);
  current = { ...current, pays };
  refreshSoon(60);
}

function removedCounts() {
  const counts = {};
  for (const token of (current.remove || "").split(",").filter(Boolean)) {
    const m = token.match(/^(.+?)(?:x(\d+))?$/);
    counts[m[1]] = (counts[m[1]] || 0) + Number(m[2] || 1);
  }
  return counts;
}
function setRemoved(counts) {
  current = { ...current, remove: Object.entries(counts).filter(([, n]) => n > 0).map(([c, n]) => n > 1 ? `${c}x${n}` : c).join(",") };
  refreshSoon(0);
}
function takeOut(card, by) {
  const counts = removedCounts();
  counts[card] = Math.max(0, (counts[card] || 0) + by);
  setRemoved(counts);
}

function drawShoe() {
  $("decks").value = current.decks || view.decks;
  const ranks = RANKS.map((r) => {
    const left = view.shoe.counts[r];
    const out = el("button", { type: "button", class: "rank", "aria-label": `Take out a ${r} (${left} left)`,
      disabled: left === 0 }, el("span", { class: "face" }, r), el("span", { class: "left" }, String(left)));
    out.addEventListener("click", (e) => takeOut(r, e.shiftKey ? -1 : 1));
    const back = el("button", { type: "button", class: "back", "aria-label": `Put a ${r} back`, title: "put one back" }, "↶");
    back.addEventListener("click", () => takeOut(r, -1));
    return el("span", { class: "rank-cell" }, out, back);
  });
  $("ranks").replaceChildren(...ranks);
  const suits = $("suits");
  suits.hidden = !view.reads_suits;
  if (view.reads_suits) {
    const cells = [];
    for (const s of SUITS) for (const r of RANKS) {
      const b = el("button", { type: "button", class: `card suit-${s}`, "aria-label": `Take out the ${r} of ${s}` }, r + SUIT_SIGNS[s]);
      b.addEventListener("click", (e) => takeOut(r + s, e.shiftKey ? -1 : 1));
      cells.push(b);
    }
    suits.replaceChildren(el("p", { class: "hint" }, "A wager here reads suits: take out card types."), ...cells);
  }
  $("removed").textContent = view.shoe.removed.length ? `Taken out: ${view.shoe.removed.join(" ")}` : "Full shoe.";
  drawEor();
}

let eorKey = "";
async function drawEor() {
  const wager = $("eor-wager").value || (view.wagers.find((w) => w.has_pays) || {}).wager;
  if (!wager) return;
  const key = JSON.stringify([current.text || current.rules, current.decks, current.remove, current.pays, wager]);
  if (key === eorKey) return;
  eorKey = key;
  const answer = await api("/api/eor", { state: { ...current, wagers: [wager] } });
  if (!answer.ok || key !== eorKey) return;
  const effects = answer.data[0].wagers[0];
  const values = RANKS.map((r) => (effects.effects[r] ? effects.effects[r].effect : null));
  drawChart(wager, values);
}

function drawChart(wager, values) {
  const numbers = values.map((v) => (v === null ? 0 : Number(decimal(v, 10))));
  const max = Math.max(1e-12, ...numbers.map(Math.abs));
  const w = 26, gap = 6, height = 150, mid = height / 2, ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${RANKS.length * (w + gap) + 10} ${height + 24}`);
  svg.setAttribute("class", "chart");
  const title = document.createElementNS(ns, "title");
  title.textContent = `Effect on ${wager}'s expected value of removing one card of each rank`;
  svg.append(title);
  numbers.forEach((x, i) => {
    const h = (Math.abs(x) / max) * (mid - 6), bar = document.createElementNS(ns, "rect");
    bar.setAttribute("x", 5 + i * (w + gap)); bar.setAttribute("width", w);
    bar.setAttribute("y", x >= 0 ? mid - h : mid); bar.setAttribute("height", Math.max(h, 0.5));
    bar.setAttribute("class", x >= 0 ? "up" : "down");
    const tip = document.createElementNS(ns, "title");
    tip.textContent = `${RANKS[i]}: ${values[i] === null ? "n/a" : percent(values[i], 5)}`;
    bar.append(tip);
    const label = document.createElementNS(ns, "text");
    label.setAttribute("x", 5 + i * (w + gap) + w / 2); label.setAttribute("y", height + 16);
    label.setAttribute("text-anchor", "middle"); label.textContent = RANKS[i];
    svg.append(bar, label);
  });
  const axis = document.createElementNS(ns, "line");
  axis.setAttribute("x1", 0); axis.setAttribute("x2", RANKS.length * (w + gap) + 10);
  axis.setAttribute("y1", mid); axis.setAttribute("y2", mid); axis.setAttribute("class", "axis");
  svg.append(axis);
  $("eor-chart").replaceChildren(svg, el("p", { class: "hint" },
    `Largest effect ${percent(values[numbers.map(Math.abs).indexOf(Math.max(...numbers.map(Math.abs)))], 5)} per card removed (bars up: removing the rank helps the player).`));
}

function changeList(changes) {
  // what the file writes differently from the starting table: wagers and rows added and removed, pays, conditions
  const items = [];
  const item = (kind, css, ...text) => items.push(el("li", {}, el("span", { class: `tag ${css}` }, kind), ...text));
  for (const w of changes.added_wagers) item("wager added", "added", el("strong", {}, w.wager), ` (${w.title})`);
  for (const w of changes.removed_wagers) item("wager removed", "removed", el("strong", {}, w.wager), ` (${w.title})`);
  for (const [name, c] of Object.entries(changes.wagers)) {
    for (const r of c.added_rows) item("row added", "added", `${name}: `, el("strong", {}, r.outcome), ` pays ${r.pays ?? "?"}`);
    for (const r of c.removed_rows) item("row removed", "removed", `${name}: `, el("strong", {}, r.outcome), ` paid ${r.pays ?? "?"}`);
    for (const r of c.pays_changed) item("pay changed", "", `${name}: `, el("strong", {}, r.outcome), ` ${r.from ?? "?"} → ${r.to ?? "?"}`);
    for (const r of c.conditions_changed) item("row changed", "", `${name}: `, el("strong", {}, r), " (its conditions)");
    if (c.order_changed) item("rows reordered", "", `${name}`);
  }
  if (changes.drawing_changed) item("drawing changed", "", "the drawing rules differ");
  if (changes.decks_changed) item("decks changed", "", `${changes.decks_changed.from} → ${changes.decks_changed.to}`);
  return items;
}

function drawCompare() {
  const changes = view.changes;
  if (!changes) { $("compare").replaceChildren(el("p", {}, "No starting table.")); return; }
  const rows = [], unchanged = [];
  const figures = [["house_edge", "house edge"], ["rtp", "RTP"], ["hit_frequency", "hit frequency"], ["element_of_risk", "element of risk"]];
  const added = new Set(changes.added_wagers.map((w) => w.wager));
  for (const w of view.wagers) {
    if (!added.has(w.wager) || !w.has_pays) continue;
    for (const [name, label] of figures) rows.push([w.wager, label, "(not in the starting table)", percent(w.figures[name]), "added"]);
  }
  for (const w of changes.removed_figures || []) {
    if (!w.has_pays) continue;
    for (const [name, label] of figures) rows.push([w.wager, label, percent(w.figures[name]), "(removed)", "removed"]);
  }
  for (const w of view.wagers) {
    const c = w.compared;
    if (!c) continue;
    const top = c.top_award, same = JSON.stringify(top.from) === JSON.stringify(top.to);
    if (same && figures.every(([name]) => !c[name] || c[name].change === "0")) { unchanged.push(w.wager); continue; }
    for (const [name, label] of figures) {
      const f = c[name];
      if (f) rows.push([w.wager, label, percent(f.from), percent(f.to), signedPercent(f.change)]);
    }
    const sd = c.standard_deviation;
    if (sd) rows.push([w.wager, "standard deviation", fixed(sd.from), fixed(sd.to), (sd.change >= 0 ? "+" : "") + fixed(sd.change)]);
    const text = (t) => (t ? `${t.outcome} ${t.pays}, ${oneIn(t.one_in)}` : "n/a");
    rows.push([w.wager, "top award, odds", text(top.from), text(top.to), same ? "unchanged" : "changed"]);
  }
  const parts = [el("p", {}, "Starting table: ", el("strong", {}, changes.start.rule_set), ` (${changes.start.title}).`)];
  const items = changeList(changes);
  if (items.length) parts.push(el("h3", {}, "What the rule file changes"), el("ul", { class: "changes-list", id: "change-list" }, ...items));
  else if (!rows.length) parts.push(el("p", { id: "no-change" }, "No change from the starting table."));
  if (rows.length) parts.push(table(["wager", "figure", "start", "now", "change"], rows, "Figures now against the starting table"));
  if (unchanged.length) parts.push(el("p", { class: "hint" }, `Figures unchanged: ${unchanged.join(", ")}.`));
  $("compare").replaceChildren(...parts);
}

function fillWagerLists() {
  const paid = view.wagers.filter((w) => w.has_pays).map((w) => w.wager);
  for (const id of ["eor-wager", "solve-wager", "count-wager"]) {
    const select = $(id), keep = select.value;
    select.replaceChildren(...paid.map((n) => el("option", { value: n }, n)));
    if (paid.includes(keep)) select.value = keep;
  }
  fillOutcomes();
}
function fillOutcomes() {
  const w = view.wagers.find((x) => x.wager === $("solve-wager").value);
  const select = $("solve-outcome"), keep = select.value;
  const names = w ? w.rows.filter((r) => r.pays !== null && r.pays !== "lose").map((r) => r.outcome) : [];
  select.replaceChildren(...names.map((n) => el("option", { value: n }, n)));
  if (names.includes(keep)) select.value = keep;
}

// ---- the rule file editor ---------------------------------------------------------------------------------
const LINE_HEIGHT = 18;                     // 12px text at line-height 1.5 (workbench.css)
let badLine = null;                         // the line an error is about, marked in the gutter
function lineHeights(lines) {
  // with wrapping on, a line takes as many rows as it wraps to: measured on a hidden copy of the text
  const text = $("text"), mirror = $("mirror"), style = getComputedStyle(text);
  mirror.style.width = `${text.clientWidth}px`;
  mirror.style.paddingLeft = style.paddingLeft; mirror.style.paddingRight = style.paddingRight;
  mirror.replaceChildren(...lines.map((l) => el("div", {}, l || "\u200b")));
  const heights = [...mirror.children].map((c) => c.getBoundingClientRect().height);
  mirror.replaceChildren();
  return heights;
}
function drawGutter() {
  const text = $("text"), lines = text.value.split("\n");
  const heights = $("wrap").checked ? lineHeights(lines) : null;
  $("gutter").replaceChildren(...lines.map((_, i) => {
    const number = el("div", { class: i + 1 === badLine ? "bad" : null }, String(i + 1));
    if (heights) number.style.height = `${heights[i]}px`;
    return number;
  }));
  $("gutter").scrollTop = text.scrollTop;
}
function markLine(line) {
  badLine = line || null;
  drawGutter();
}
function setWrap() {
  $("editor").classList.toggle("wrap", $("wrap").checked);
  drawGutter();
}

// ---- the editor's width: drag the splitter, or use the arrow keys on it ---------------------------------------
function editorWidth(px) {
  const main = document.querySelector("main"), most = Math.max(320, main.clientWidth * 0.75);
  const width = Math.round(Math.min(most, Math.max(280, px)));
  main.style.setProperty("--editor-width", `${width}px`);
  $("splitter").setAttribute("aria-valuenow", width);
  drawGutter();
}
function startDrag(event) {
  const splitter = $("splitter"), pane = $("editor-pane");
  const left = pane.getBoundingClientRect().left;
  splitter.setPointerCapture(event.pointerId);
  splitter.classList.add("dragging");
  const move = (e) => editorWidth(e.clientX - left);
  const stop = () => {
    splitter.classList.remove("dragging");
    splitter.removeEventListener("pointermove", move);
    splitter.removeEventListener("pointerup", stop);
  };
  splitter.addEventListener("pointermove", move);
  splitter.addEventListener("pointerup", stop);
  event.preventDefault();
}
function keyDrag(event) {
  const width = $("editor-pane").getBoundingClientRect().width;
  const step = event.shiftKey ? 120 : 32;
  const next = { ArrowLeft: width - step, ArrowRight: width + step, Home: 280, End: 10000 }[event.key];
  if (next !== undefined) { event.preventDefault(); editorWidth(next); }
}
async function openRules(name) {
  const answer = await api(`/api/rules/${encodeURIComponent(name)}`, undefined, "GET");
  if (!answer.ok) { showError(answer.error); return; }
  $("text").value = answer.data.text;
  drawGutter();
  $("rules").value = name;
  current = { rules: name }; start = { rules: name };
  markLine(null);
  refresh();
}
function useText(text) {
  $("text").value = text;
  drawGutter();
  current = { ...current, text };
  refreshSoon(250);
}

// ---- solve, count, verify, export -------------------------------------------------------------------------
async function solve(event) {
  event.preventDefault();
  const out = $("solve-result");
  out.textContent = "solving…";
  const answer = await api("/api/solve", { state: current, wager: $("solve-wager").value, outcome: $("solve-outcome").value, edge: $("solve-edge").value });
  if (!answer.ok) { out.replaceChildren(el("p", { class: "error", role: "alert" }, answer.error)); return; }
  const d = answer.data[0];
  const rows = d.candidates.map((c) => {
    const use = el("button", { type: "button" }, "Use");
    use.addEventListener("click", () => { changePay(d.wager, d.outcome, c.pays); });
    return [c.pays, percent(c.house_edge), c.steps.join(", "), use];
  });
  out.replaceChildren(el("p", {}, `${d.outcome} pays ${decimal(d.pays, 6)} to 1 for exactly ${percent(d.target_house_edge)}; the nearest printable pays:`),
    table(["pays", "house edge", "grid", ""], rows, `Solve ${d.wager}`));
}

let job = null;
async function startCount(event) {
  event.preventDefault();
  const out = $("count-result");
  const answer = await api("/api/jobs", { kind: "count", state: current, wager: $("count-wager").value, shoes: Number($("count-shoes").value) });
  if (!answer.ok) { out.replaceChildren(el("p", { class: "error", role: "alert" }, answer.error)); return; }
  job = answer.data;
  $("count-cancel").disabled = false; $("count-start").disabled = true;
  out.textContent = job.status === "queued" ? `waiting for a free job slot (${job.position} in line)…` : "dealing shoes…";
  pollCount(job.id);
  drawJobs();
}
async function pollCount(id) {
  const answer = await api(`/api/jobs/${id}`, undefined, "GET");
  if (!answer.ok) return;
  const j = answer.data, bar = $("count-progress");
  bar.max = j.total; bar.value = j.done;
  if (j.status === "queued") $("count-result").textContent = `waiting for a free job slot (${j.position} in line)…`;
  if (j.status === "running" && $("count-result").textContent.startsWith("waiting")) $("count-result").textContent = "dealing shoes…";
  if (j.status === "running" || j.status === "queued") { setTimeout(() => pollCount(id), 400); return; }
  $("count-cancel").disabled = true; $("count-start").disabled = false;
  const out = $("count-result");
  if (j.status !== "done") { out.replaceChildren(el("p", { class: j.status === "failed" ? "error" : "" }, j.status === "failed" ? j.error : "Cancelled: no result.")); return; }
  const result = (await api(`/api/jobs/${id}/result`, undefined, "GET")).data[0];
  const per100 = result.units_won_per_100_rounds, perShoe = result.units_won_per_shoe;
  out.replaceChildren(table(["figure", "value"], [
    ["units won per 100 rounds", `${per100.mean.toFixed(4)} ± ${per100.ci95.toFixed(4)} (95%)`],
    ["units won per shoe", `${perShoe.mean.toFixed(4)} ± ${perShoe.ci95.toFixed(4)} (95%)`],
    ["bet frequency", percent(result.bet_frequency, 3)], ["average edge when betting", percent(result.average_edge, 3)],
    ["shoes, rounds", `${grouped(String(result.shoes))}, ${grouped(String(result.rounds))}`],
  ], `Perfect play on ${result.wager}, seed ${result.seed}`));
}
async function cancelCount() { if (job) await api(`/api/jobs/${job.id}`, undefined, "DELETE"); }

async function verifyFile() {
  const file = $("verify-file").files[0], out = $("verify-result");
  if (!file) return;
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = ""; for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  out.textContent = "checking…";
  const answer = await api("/api/verify", { state: current, filename: file.name, content: btoa(binary) });
  if (!answer.ok) { out.replaceChildren(el("p", { class: "error", role: "alert" }, answer.error)); return; }
  verified = { name: file.name, confirmed: answer.data.confirmed, data: answer.data.verdicts[0] };
  drawVerdicts();
}
let verified = null;                        // the last par sheet checked, drawn again when "refuted only" changes
function drawVerdicts() {
  if (!verified) return;
  const d = verified.data, only = $("verify-refuted").checked;
  const shown = d.checks.filter((c) => !only || c.verdict !== "CONFIRMED");
  const rows = shown.map((c) => [c.row, c.subject, c.figure, c.claimed, c.computed,
    el("span", { class: c.verdict === "CONFIRMED" ? "good" : "error" }, c.verdict)]);
  const unread = d.columns_not_read.length ? ` Columns not read: ${d.columns_not_read.join(", ")}.` : "";
  const which = only ? ` Showing the ${shown.length} refuted of ${d.checks.length} figures.` : "";
  // a figure not read, a row missing or listed twice: the verdict's reason, before the rows
  const why = d.verdict.startsWith("NOT VERIFIED") ? `${d.verdict.split("; of the figures read")[0]}. ` : "";
  const parts = [el("p", { class: verified.confirmed ? "good" : "error" },
    `${verified.name}: ${why}${d.rows} rows, ${d.confirmed} CONFIRMED, ${d.refuted} REFUTED.${unread}${which}`)];
  if (rows.length) parts.push(table(["row", "subject", "figure", "claimed", "computed", "verdict"], rows));
  else if (only) parts.push(el("p", { class: "good" }, "Nothing refuted: every figure checked is confirmed."));
  $("verify-result").replaceChildren(...parts);
}

// the clipboard API is there only on https and localhost: a studio server on plain http copies as a selection does
async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) { await navigator.clipboard.writeText(text); return; }
  const area = el("textarea", { readonly: "", class: "offscreen", "aria-hidden": "true" });
  area.value = text;
  document.body.append(area);
  area.select();
  const copied = document.execCommand("copy");
  area.remove();
  if (!copied) throw new Error("the browser refused to copy");
}
function download(blob, name) {
  const a = el("a", { href: URL.createObjectURL(blob), download: name });
  document.body.append(a); a.click(); a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
}
function fileName(response, fallback) {
  const m = (response.headers.get("content-disposition") || "").match(/filename="([^"]+)"/);
  return m ? m[1] : fallback;
}
// ---- an edited game goes out under a name and title of its own -------------------------------------------------
function edited() { return Boolean(view && (view.name_needed || (view.changes && view.changes.changed))); }
function askName() {
  // ask for the game's name and title when it differs from the starting table and none was given yet
  return new Promise((resolve) => {
    const dialog = $("name-dialog"), name = $("game-name"), title = $("game-title"), error = $("name-dialog-error");
    const base = view.name_needed || view.rule_set;
    name.value = current.name || (view.name_needed ? `${base}-edited` : view.rule_set);
    title.value = current.title || (view.name_needed ? `${view.title} (edited)` : view.title);
    $("name-dialog-why").textContent = view.name_needed
      ? `This is ${base} as edited, not the shipped ${base}: exported files and reports carry the name and title you give it.`
      : "The game differs from the starting table: exported files and reports carry this name and title.";
    error.hidden = true;
    const done = (ok) => {
      $("name-form").removeEventListener("submit", submit); $("name-cancel").removeEventListener("click", cancel);
      dialog.close(); resolve(ok);
    };
    const submit = async (e) => {
      e.preventDefault();
      const chosen = { ...current, name: name.value.trim(), title: title.value.trim() };
      const answer = await api("/api/workbench", { state: chosen, start });
      if (!answer.ok) { error.hidden = false; error.textContent = answer.error; return; }
      if (answer.data.name_needed) {
        error.hidden = false;
        error.textContent = `${chosen.name} is the name of a shipped file: give the edited game a name of its own.`;
        return;
      }
      current = chosen; view = answer.data; keepInUrl(); draw(); done(true);
    };
    const cancel = () => done(false);
    $("name-form").addEventListener("submit", submit); $("name-cancel").addEventListener("click", cancel);
    dialog.showModal();
    name.focus(); name.select();
  });
}
async function ownName() {
  if (!edited() || (current.name && !view.name_needed)) return true;
  return askName();
}
function drawExportName() {
  $("export-name").replaceChildren(`Exported as `, el("strong", {}, view.rule_set), ` (${view.title})`,
    current.name ? "" : (edited() ? "; edited: you are asked for a name of its own on export" : ""), " ");
  const rename = el("button", { type: "button", id: "rename" }, "Rename…");
  rename.addEventListener("click", () => askName());
  $("export-name").append(rename);
}

async function exportAs(fmt) {
  if (!(await ownName())) return;
  const status = $("export-status");
  status.textContent = `writing ${fmt}…`;
  const answer = await api("/api/export", { state: current, format: fmt }, "POST", true);
  if (!answer.ok) { status.textContent = answer.error; return; }
  download(await answer.response.blob(), fileName(answer.response, `export.${fmt}`));
  status.textContent = `wrote ${fileName(answer.response, fmt)}`;
}
async function report(fmt) {
  if (!(await ownName())) return;
  const status = $("export-status");
  const answer = await api("/api/jobs", { kind: "report", state: current, format: fmt });
  if (!answer.ok) { status.textContent = answer.error; return; }
  const id = answer.data.id;
  status.textContent = "writing the report (par sheets, effects of removal, formulas, a simulation)…";
  drawJobs();
  for (;;) {
    await new Promise((r) => setTimeout(r, 500));
    const j = (await api(`/api/jobs/${id}`, undefined, "GET")).data;
    if (j.status === "queued") { status.textContent = `the report waits for a free job slot (${j.position} in line)…`; continue; }
    if (j.status === "running") continue;
    if (j.status !== "done") { status.textContent = j.error || j.status; return; }
    const result = await fetch(`/api/jobs/${id}/result`, { headers: { "x-workbench-session": SESSION } });
    download(await result.blob(), fileName(result, `report.${fmt}`));
    status.textContent = `wrote ${fileName(result, fmt)} in ${j.seconds} s`;
    return;
  }
}

// ---- this tab's jobs: counting studies and reports, running, waiting and ended, each with a cancel --------
let jobsTimer = null;
async function drawJobs() {
  clearTimeout(jobsTimer);
  const answer = await api("/api/jobs", undefined, "GET");
  if (!answer.ok) { $("jobs").replaceChildren(el("p", { class: "error", role: "alert" }, answer.error)); return; }
  const d = answer.data, live = (j) => j.status === "running" || j.status === "queued";
  $("jobs-queue").textContent = `The server runs ${d.slots} jobs at once (${d.running} running now) and queues up to ${d.queue} more (${d.queued} waiting).`;
  const rows = d.jobs.map((j) => {
    const cancel = el("button", { type: "button", disabled: !live(j), "aria-label": `Cancel this ${j.kind} job` }, "Cancel");
    cancel.addEventListener("click", async () => { cancel.disabled = true; await api(`/api/jobs/${j.id}`, undefined, "DELETE"); drawJobs(); });
    const state = j.status === "queued" ? `waiting (${j.position} in line)` : j.status === "failed" ? `failed: ${j.error}` : j.status;
    const progress = j.status === "done" ? "all" : `${grouped(String(j.done))} of ${grouped(String(j.total))}`;
    return [j.kind === "count" ? "counting study" : "report", el("span", { class: j.status === "failed" ? "job-failed" : "" }, state), progress, `${j.seconds} s`, cancel];
  });
  $("jobs").replaceChildren(rows.length ? table(["job", "status", "steps", "time", ""], rows, "This tab's jobs, newest first")
    : el("p", { class: "hint" }, "No jobs from this tab yet: start a counting study (Counter yield) or a report (Export)."));
  if (d.jobs.some(live)) jobsTimer = setTimeout(drawJobs, 1000);
}

// ---- tabs -----------------------------------------------------------------------------------------------
function selectTab(tab) {
  for (const t of document.querySelectorAll('[role="tab"]')) {
    const on = t === tab;
    t.setAttribute("aria-selected", on); t.tabIndex = on ? 0 : -1;
    $(t.getAttribute("aria-controls")).hidden = !on;
  }
  tab.focus();
  if (tab.id === "tab-jobs") drawJobs();
}

// ---- start ----------------------------------------------------------------------------------------------
async function main() {
  const list = await api("/api/rules", undefined, "GET");
  const select = $("rules");
  if (list.ok) {
    select.append(el("optgroup", { label: "Documented rule sets" }, ...list.data.rule_sets.map((r) => el("option", { value: r.name }, `${r.name}: ${r.title}`))),
      el("optgroup", { label: "Side-bet catalogue" }, ...list.data.catalogue.map((r) => el("option", { value: r.name }, `${r.name}: ${r.title}`))));
  }
  select.addEventListener("change", () => openRules(select.value));
  $("exact").addEventListener("change", () => view && draw());
  $("text").addEventListener("input", () => useText($("text").value));
  $("text").addEventListener("scroll", () => { $("gutter").scrollTop = $("text").scrollTop; });
  $("wrap").addEventListener("change", setWrap);
  new ResizeObserver(() => { if ($("wrap").checked) drawGutter(); }).observe($("text"));
  $("splitter").addEventListener("pointerdown", startDrag);
  $("splitter").addEventListener("keydown", keyDrag);
  $("verify-refuted").addEventListener("change", drawVerdicts);
  $("upload").addEventListener("change", async () => { const f = $("upload").files[0]; if (f) { useText(await f.text()); start = { ...current }; } });
  $("set-start").addEventListener("click", () => { start = { ...current }; refresh(); });
  $("decks").addEventListener("change", () => { const n = Number($("decks").value); current = { ...current, decks: n || undefined }; refreshSoon(0); });
  $("reset-shoe").addEventListener("click", () => { current = { ...current, remove: "", decks: undefined }; refreshSoon(0); });
  $("eor-wager").addEventListener("change", () => drawEor());
  $("solve-wager").addEventListener("change", fillOutcomes);
  $("solve-form").addEventListener("submit", solve);
  $("count-form").addEventListener("submit", startCount);
  $("count-cancel").addEventListener("click", cancelCount);
  $("verify-file").addEventListener("change", verifyFile);
  for (const b of document.querySelectorAll("[data-export]")) b.addEventListener("click", () => exportAs(b.dataset.export));
  for (const b of document.querySelectorAll("[data-report]")) b.addEventListener("click", () => report(b.dataset.report));
  $("share").addEventListener("click", async () => {
    keepInUrl();
    try { await copyText(stateUrl()); busy("link copied"); } catch { busy("the address bar holds the link"); }
  });
  $("save-state").addEventListener("click", () => download(new Blob([JSON.stringify({ state: current, start }, null, 2)], { type: "application/json" }), "workbench-state.json"));
  $("open-state").addEventListener("change", async () => { const f = $("open-state").files[0]; if (f) restore(JSON.parse(await f.text())); });
  const tabs = [...document.querySelectorAll('[role="tab"]')];
  for (const t of tabs) {
    t.addEventListener("click", () => selectTab(t));
    t.addEventListener("keydown", (e) => {
      const i = tabs.indexOf(t), next = e.key === "ArrowRight" ? tabs[(i + 1) % tabs.length] : e.key === "ArrowLeft" ? tabs[(i - 1 + tabs.length) % tabs.length] : null;
      if (next) { e.preventDefault(); selectTab(next); }
    });
  }
  const saved = location.hash.startsWith("#s=") ? (() => { try { return decodeState(location.hash.slice(3)); } catch { return null; } })() : null;
  if (saved) restore(saved); else openRules("punto-banco");
}

async function restore(saved) {
  current = saved.state || { rules: "punto-banco" };
  start = saved.start || { ...current };
  if (current.text) { $("text").value = current.text; drawGutter(); }
  else {
    const answer = await api(`/api/rules/${encodeURIComponent(current.rules || "punto-banco")}`, undefined, "GET");
    if (answer.ok) { $("text").value = answer.data.text; drawGutter(); }
  }
  if (!current.text) $("rules").value = current.rules || "punto-banco";
  refresh();
}

document.addEventListener("DOMContentLoaded", main);
