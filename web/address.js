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

// What an address asks for: {tab, system, values: {param: text}, games: [[opponent, score]] | null
// (null: the defaults), gamesInLink (how many the link holds), embed, theme}. Values are as written:
// elo_core judges them.
export function parseAddress(search) {
  const p = new URLSearchParams(search);
  const values = {};
  for (const name of [...PARAMS, ...LICHESS_PARAMS]) if (p.has(name)) values[name] = p.get(name);
  const items = p.has("games") ? p.get("games").split(",").filter((s) => s.trim()) : null;
  const games = items && items.slice(0, MAX_GAMES).map((item) => {
    const at = item.indexOf(":");
    return at < 0 ? [item, ""] : [item.slice(0, at), item.slice(at + 1)];
  });
  const asked = p.get("tab");
  const tab = TABS.includes(asked) ? asked : "tournament";
  // The system: written only when not FIDE, so that every older link stays FIDE's (a lichess
  // link's tab says lichess).
  const system = systemOf(p.get("system"), tab);
  for (const name of NATIONAL_FIELDS[system] ?? []) if (p.has(name)) values[name] = p.get(name);
  return { tab, system, values, games, gamesInLink: items ? items.length : 0,
    embed: p.get("embed") === "1", theme: THEMES.includes(p.get("theme")) ? p.get("theme") : "auto" };
}

// {query, tooLong}: the query for a form state (without "?"), and the names of the values left
// empty there as too long for a link.
// `leave` names parameters left out (the embed's rules date when nobody chose one).
export function formatAddress(state, { leave = [] } = {}) {
  const p = new URLSearchParams();
  if (state.system !== "fide") p.set("system", state.system);
  p.set("tab", state.tab);
  for (const name of PARAMS) if (!leave.includes(name)) p.set(name, state[name]);
  if (state.tab === "lichess") for (const name of LICHESS_PARAMS) p.set(name, state[name]);
  for (const name of NATIONAL_FIELDS[state.system] ?? []) p.set(name, String(state.national[name]));
  p.set("games", state.games.map((g) => `${g.opponent}:${g.score}`).join(","));
  // A value too long for an address is left empty there (so the link asks for it again, rather
  // than silently showing the defaults), and the page says the link is incomplete.
  const tooLong = [...p].filter(([, value]) => value.length > VALUE_LIMIT).map(([name]) => name);
  for (const name of tooLong) p.set(name, "");
  return { query: p.toString(), tooLong };
}
