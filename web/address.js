// The address bar's format, a public one that stays working (README, "Sharing and bookmarking"):
// the inputs as query parameters, so a result can be shared and bookmarked. parseAddress and
// formatAddress are pure; the page writes the address once typing pauses (docs/performance.md,
// "Address later").

import { NATIONAL_FIELDS, systemOf } from "./systems.js";

export const TABS = ["tournament", "single", "performance", "initial", "lichess", "event"];
// theme=light|dark forces the page's colours whatever the reader's system says; auto follows it.
export const THEMES = ["auto", "light", "dark"];
// Inputs written as they are, by the state's field of the same name.
export const PARAMS = ["rating", "k", "method", "rules", "kind", "opponent", "opponent_k"];
// The lichess tab's, written only for that tab.
export const LICHESS_PARAMS = ["lichess_rating", "lichess_deviation", "lichess_volatility", "days_idle", "lichess_opponent",
  "lichess_opponent_deviation", "speed", "variant", "colour", "colour_advantage", "gain_factor"];
// A longer value gets a message but is not written into the address.
export const VALUE_LIMIT = 2000;
// Games read from a link: elo_core rates at most this many (inputs.MAX_GAMES); the rest are left out, with a message.
export const MAX_GAMES = 1000;
// A rating period (docs/links.md, "A rating period"): eventN=START,END,KIND,RO,NAME for each event
// and gamesN its games (event 1's are `games`); each other list's facts as KIND_rating, KIND_k.
export const EVENT_FIELDS = ["start", "end", "kind", "rating", "name"];
export const MAX_EVENTS = 62;
export const LIST_KINDS = ["standard", "rapid", "blitz"];

const gamesOf = (items) => items.slice(0, MAX_GAMES).map((item) => {
  const at = item.indexOf(":");
  return at < 0 ? [item, ""] : [item.slice(0, at), item.slice(at + 1)];
});
const itemsOf = (text) => text.split(",").filter((s) => s.trim());
const gamesText = (games) => games.map((g) => `${g.opponent}:${g.score}`).join(",");

// The events of a period link (two or more, up to the first number missing after event 1), or
// null. Event 1's start and kind default to `rules` and `kind`; the name is the rest of the text.
function parsePeriod(p) {
  if (!p.has("event2")) return null;
  const events = [];
  for (let n = 1; n <= MAX_EVENTS && (n === 1 || p.has(`event${n}`)); n += 1) {
    const parts = (p.get(`event${n}`) ?? "").split(",");
    const e = Object.fromEntries(EVENT_FIELDS.map((f, i) => [f, (i < 4 ? parts[i] : parts.slice(4).join(",")) ?? ""]));
    if (n === 1) Object.assign(e, { start: e.start || (p.get("rules") ?? ""), kind: e.kind || (p.get("kind") ?? "") });
    e.games = n === 1 ? null : gamesOf(itemsOf(p.get(`games${n}`) ?? ""));
    events.push(e);
  }
  const lists = {};
  for (const kind of LIST_KINDS) {
    if (p.has(`${kind}_rating`) || p.has(`${kind}_k`)) lists[kind] = { rating: p.get(`${kind}_rating`) ?? "", k: p.get(`${kind}_k`) ?? "" };
  }
  return { events, lists };
}

// What an address asks for: {tab, system, values: {param: text}, games: [[opponent, score]] | null
// (null: the defaults), gamesInLink (how many the link holds), period (null, or {events: [{start,
// end, kind, rating, name, games}], lists}: event 1's games are `games`), embed, theme}. Values
// are as written: elo_core judges them.
export function parseAddress(search) {
  const p = new URLSearchParams(search);
  const values = {};
  for (const name of [...PARAMS, ...LICHESS_PARAMS]) if (p.has(name)) values[name] = p.get(name);
  const items = p.has("games") ? itemsOf(p.get("games")) : null;
  const games = items && gamesOf(items);
  const asked = p.get("tab");
  const tab = TABS.includes(asked) ? asked : "tournament";
  // The system: written only when not FIDE, so that every older link stays FIDE's (a lichess
  // link's tab says lichess).
  const system = systemOf(p.get("system"), tab);
  for (const name of NATIONAL_FIELDS[system] ?? []) if (p.has(name)) values[name] = p.get(name);
  return { tab, system, values, games, gamesInLink: items ? items.length : 0,
    period: system === "fide" ? parsePeriod(p) : null,
    embed: p.get("embed") === "1", theme: THEMES.includes(p.get("theme")) ? p.get("theme") : "auto" };
}

// {query, tooLong}: the query for a form state (without "?"), and the names of the values left
// empty there as too long for a link.
// `leave` names parameters left out (the embed's rules date when nobody chose one).
export function formatAddress(state, { leave = [] } = {}) {
  const p = new URLSearchParams();
  const system = state.system ?? "fide";
  if (system !== "fide") p.set("system", system);
  p.set("tab", state.tab);
  for (const name of PARAMS) if (!leave.includes(name)) p.set(name, state[name]);
  if (state.tab === "lichess") for (const name of LICHESS_PARAMS) p.set(name, state[name]);
  for (const name of NATIONAL_FIELDS[system] ?? []) p.set(name, String(state.national[name]));
  p.set("games", gamesText(state.games));
  // A period (FIDE's): event 1 is also the plain form's (rules, kind, games), for pages that know no periods.
  const period = system === "fide" ? state.period : null;
  period?.events.forEach((e, i) => {
    const parts = EVENT_FIELDS.map((f) => e[f] ?? "");
    while (parts.length > 1 && !parts.at(-1)) parts.pop();
    p.set(`event${i + 1}`, parts.join(","));
    if (i) p.set(`games${i + 1}`, gamesText(e.games));
  });
  for (const [kind, facts] of Object.entries(period?.lists ?? {})) {
    p.set(`${kind}_rating`, facts.rating);
    p.set(`${kind}_k`, facts.k);
  }
  // A value too long for an address is left empty there (so the link asks for it again, rather
  // than silently showing the defaults), and the page says the link is incomplete.
  const tooLong = [...p].filter(([, value]) => value.length > VALUE_LIMIT).map(([name]) => name);
  for (const name of tooLong) p.set(name, "");
  return { query: p.toString(), tooLong };
}
