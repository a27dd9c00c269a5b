// The Exposure tab: what seeing part of each round was worth at the table in view (POST /api/exposure).
// It reads the page's state (current) and draws with the page's helpers (api, el, table, percent, decimal, $);
// every text is set with textContent.
"use strict";

async function computeExposure(event) {
  event.preventDefault();
  const out = $("exposure-result");
  const bets = $("exposure-bets").value.split(",").map((b) => b.trim()).filter(Boolean);
  out.replaceChildren(el("p", { class: "hint" }, "computing…"));
  const answer = await api("/api/exposure", {
    state: current, see: $("exposure-see").value, rounds: Number($("exposure-rounds").value),
    average_bet: $("exposure-bet").value, bets,
  });
  if (!answer.ok) { out.replaceChildren(el("p", { class: "error", role: "alert" }, answer.error)); return; }
  const [d] = answer.data;
  const [w] = d.exposure;
  const money = (text) => { // to the cent, rounded exactly (half to even), thousands grouped
    const shown = decimal(text, 2), neg = shown.startsWith("-"), [whole, cents] = shown.replace("-", "").split(".");
    return `${neg ? "-" : ""}${grouped(whole)}.${cents}`;
  };
  const rows = [
    ["player's gain per round dealt", percent(d.gain_per_round)],
    ["share of rounds bet", percent(d.share_bet)],
    ["player's edge per bet made", d.edge_per_bet === null ? "no bet" : percent(d.edge_per_bet)],
    ["expected gain to the player", money(w.expected_gain)],
    ["ordinary play's expectation", money(w.ordinary)],
    ["swing against ordinary play", money(w.swing)],
    ["standard deviation of the net", w.standard_deviation.toLocaleString(undefined, { maximumFractionDigits: 2 })],
    ["95% range of the net", `${w.range_95.low.toLocaleString(undefined, { maximumFractionDigits: 0 })} to ${w.range_95.high.toLocaleString(undefined, { maximumFractionDigits: 0 })}`],
    ["chance the player ends ahead", w.chance_ahead === null ? "n/a" : `${(100 * w.chance_ahead).toFixed(2)}%`],
  ];
  const cards = Object.keys(d.patterns[0] || {}).filter((k) => k.startsWith("card_"));
  const patterns = d.patterns.map((p) => [...cards.map((c) => p[c]), percent(p.probability), p.bet === null ? "none" : p.bet, p.edge === null ? "" : percent(p.edge)]);
  out.replaceChildren(
    table(["figure", "value"], rows, `Exposure: ${w.see}, ${w.rounds.toLocaleString()} rounds at ${w.average_bet}`),
    table([...cards.map((c) => c.replace("_", " ")), "probability", "bet", "edge"], patterns, "The bet for each pattern seen"),
  );
}

document.addEventListener("DOMContentLoaded", () => { $("exposure-form").addEventListener("submit", computeExposure); });
