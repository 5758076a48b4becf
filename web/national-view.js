// What each national system's answer says, as the page shows it: the new rating, the change, the
// formula, each figure in the federation's words with its source, the games, the choices made
// where the rules are silent. Every number is elo_core's; this only picks and formats
// (docs/uscf.md, docs/dwz.md, docs/ecf.md say what each figure is).

import { fixed, signed } from "./format.js";

const score = (s) => (s === 0.5 ? "½" : String(s));
const given = (x) => x !== null && x !== undefined;

// US Chess: its answer explains each figure itself (`explain`).
function uscf(r) {
  const formula = r.formula === "special" ? `Special formula: ${r.special.formula}.`
    : `Standard formula: ${fixed(r.prior, 2)} + K ${fixed(r.k, 2)} × (${r.score} − ${fixed(r.expected, 3)})` +
      ` + bonus ${fixed(r.bonus, 2)} = ${fixed(r.unfloored, 2)}.`;
  const floor = r.floor_applied ? ` Raised to the floor, ${r.floor}.` : "";
  return {
    title: r.rating === null ? "First US Chess rating" : "New US Chess rating",
    newRating: String(r.new_rating_rounded), exact: `kept as ${fixed(r.new_rating, 2)}`,
    change: r.rating === null ? "–" : signed(r.change, 2),
    expected: fixed(r.expected, 3),
    formula: formula + floor,
    note: `${r.pool_name}; ${r.new_games} games after the event (${r.new_status}).` +
      (r.initial ? ` Starting rating ${r.initial.rule}.` : ""),
    figures: r.explain.map((e) => ({ term: e.term, says: e.says, source: e.source })),
    games: r.games.map((g) => [g.opponent, g.score, fixed(g.expectancy, 3), ""]),
  };
}

// DWZ: the development coefficient E (classic) or K (2026) with its parts, or the first DWZ.
function dwz(r) {
  const c = r.coefficient;
  const figures = [{ term: "rulebook", says: `${r.rulebook_name}: ${r.rulebook_note}`, source: "" }];
  if (c && r.rulebook === "classic") {
    figures.push({ term: "development coefficient E", says: `E = ${c.rounded}: E0 ${fixed(c.e0, 2)} with J ${c.j}` +
      ` (${c.age_group}), acceleration fB ${c.fb}${c.fb_applies ? "" : " (not applied)"}, brake SBr ${c.sbr}` +
      `${c.sbr_applies ? "" : " (not applied)"}; E is kept between ${c.low} and ${c.high}`, source: "Wertungsordnung, Anhang 1.2" });
  } else if (c) {
    figures.push({ term: "K", says: `K = ${c.rounded}: K0 ${c.k0} (index ${c.index_column}, ${c.group}), success ` +
      `surcharge a ${fixed(c.a, 2)}${c.a_rule ? ` (${c.a_rule})` : ""}, brake b ${c.b}${c.b_applies ? "" : " (not applied)"};` +
      ` at most ${c.k_max}${c.capped ? " (capped)" : ""}`, source: "Wertungsordnung 2026" });
  }
  const f = r.first;
  if (f) {
    figures.push({ term: "first DWZ", says: f.new_rating === null ? `none yet: ${f.reason}` :
      `stage ${f.stage}: ${f.games} games, ${f.score} points against an average of ${fixed(f.average_opponent, 0)}; ` +
      `the iteration ${f.steps.map((s) => fixed(s, 0)).join(" → ")} settled after ${f.iterations} ` +
      `round${f.iterations === 1 ? "" : "s"}; ${f.rule}`, source: "Wertungsordnung, Anhang 1.1" });
  }
  if (given(r.new_index)) figures.push({ term: "index", says: `${r.new_index} after this evaluation`, source: "" });
  return {
    title: r.rating === null ? "First DWZ" : "New DWZ",
    newRating: given(r.new_rating) ? String(r.new_rating) : "–", exact: "",
    change: r.rating === null || !given(r.change) ? "–" : signed(r.change, 2),
    expected: fixed(r.expected, 3),
    formula: r.formula ?? (f && f.reason ? `No first DWZ: ${f.reason}.` : ""),
    note: r.floor_applied ? "Raised to the minimum DWZ." : "",
    figures,
    games: r.games.map((g) => [g.opponent, g.score, g.counted ? fixed(g.expected, 3) : "–", g.reason ?? ""]),
  };
}

// ECF: the method (K or P), the category, a converted grade.
function ecf(r) {
  const figures = [{ term: "method", says: `${r.method_name}; ${r.status_note}`, source: "" }];
  if (r.conversion) figures.push({ term: "old grade", says: r.conversion.formula, source: r.conversion.source });
  if (r.performance) figures.push({ term: "performance (P)", says: r.performance.formula, source: "" });
  if (r.category) {
    figures.push({ term: `category ${r.category.code}`, says: `${r.category.why}: ${r.category_meaning}`, source: "" });
  }
  return {
    title: r.rating === null && !r.conversion ? "First ECF rating" : "New ECF rating",
    newRating: given(r.new_rating) ? String(r.new_rating) : "–", exact: r.rating_kind ? `(${r.rating_kind})` : "",
    change: given(r.change) && given(r.rating) ? signed(r.change, 1) : "–",
    expected: fixed(r.expected, 2),
    formula: r.formula ?? "",
    note: `Month ${r.month}; k ${r.k}${r.junior ? " (junior)" : ""}.`,
    figures,
    games: r.games.map((g) => [g.opponent, g.score, g.counted ? fixed(g.expected, 2) : "–",
      g.counted && given(g.change) ? `change ${signed(g.change, 1)}` : g.reason ?? ""]),
  };
}

export const VIEWS = { uscf, dwz, ecf };

// Each answer's choices and sources, whichever the system (all give `notes` and `sources`).
export const choices = (r) => ({ notes: r.notes ?? [], sources: r.sources ?? [] });
export { score };
