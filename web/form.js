// The form as data: a Form's read() gives every input as a plain state object (values as typed),
// and requests(state) turns a state into the requests to elo_core, a pure function.
// The state's fields (docs/architecture.md, "Form state"): tab; system; national {the national
// systems' fields by id: text, or true/false for a box}; rating, k, method, rules, kind;
// opponent, opponent_k; games [{opponent, score}]; advisor {open, games_played, birth_year,
// reached_2400, date}; next, target, remaining; event (the event tab's args, or null); period (the
// rating period's events, or null with one event: period.js).

import { periodRequests } from "./period-view.js";
import { isCheckbox, isNational, NATIONAL_FIELDS, nationalRequests, SYSTEMS } from "./systems.js";

const $ = (id) => document.getElementById(id);

// The inputs read by id, each the state's field of the same name ("advisor." ones nested).
const FIELDS = ["rating", "k", "method", "kind", "opponent", "opponent_k", "next", "target", "remaining",
  "lichess_rating", "lichess_deviation", "lichess_volatility", "days_idle", "lichess_opponent", "lichess_opponent_deviation",
  "speed", "variant", "colour", "colour_advantage", "gain_factor"];
const ADVISOR_FIELDS = ["games_played", "birth_year"];

// The page's form (one, made by app.js): `rows`, the games table (rows.js); `event`, the event
// tab (event.js); `period`, the rating period's events (period.js).
export class Form {
  #rows;
  #event;
  #period;
  // A date input silently empties itself when given text that is not a date: a date from the
  // address that it refused is kept here, so that elo_core can say what is wrong with it.
  // The date is today's until someone chooses one (in the field, by a link or an event file): an
  // embed then follows the rules in force on the reader's day rather than pin the author's.
  #rules = { refused: null, chosen: false };

  constructor({ rows, event, period }) {
    this.#rows = rows;
    this.#event = event;
    this.#period = period;
  }

  refuseRules(value) {
    Object.assign(this.#rules, { refused: value, chosen: true });
  }

  rulesWritten() {
    Object.assign(this.#rules, { refused: null, chosen: true });
  }

  rulesChosen() {
    return this.#rules.chosen;
  }

  read(tab) {
    const state = { tab, system: $("system").value, rules: this.#rules.refused ?? $("rules").value,
      games: gamesOf(this.#rows), national: {} };
    for (const id of FIELDS) state[id] = $(id).value;
    for (const id of Object.values(NATIONAL_FIELDS).flat()) state.national[id] = isCheckbox(id) ? $(id).checked : $(id).value;
    state.advisor = { open: $("advisor").open, reached_2400: $("reached_2400").checked, date: $("rules").value };
    for (const id of ADVISOR_FIELDS) state.advisor[id] = $(id).value;
    state.event = tab === "event" ? this.#event.args() : null;
    state.eventRatingsAs = $("event-ratings-as").checked;
    state.period = this.#period.read();
    return state;
  }

  // Puts a saved state's values back (the inverse of read, rows aside: see app.js). Only
  // strings and booleans are taken: what sessionStorage gives back is not trusted to be a state.
  write(state, { only = null } = {}) {
    const take = (name) => !only || only.includes(name);
    for (const id of FIELDS) if (take(id) && typeof state[id] === "string") setValue($(id), state[id]);
    if (take("system") && SYSTEMS.includes(state.system)) $("system").value = state.system;
    const national = state.national && typeof state.national === "object" ? state.national : {};
    for (const id of Object.values(NATIONAL_FIELDS).flat()) {
      if (!take(id)) continue;
      if (isCheckbox(id) && typeof national[id] === "boolean") $(id).checked = national[id];
      else if (!isCheckbox(id) && typeof national[id] === "string") setValue($(id), national[id]);
    }
    if (take("rules") && typeof state.rules === "string") {
      $("rules").value = state.rules;
      if ($("rules").value !== state.rules) this.#rules.refused = state.rules;
    }
    const a = state.advisor;
    if (a && typeof a === "object") {
      for (const id of ADVISOR_FIELDS) if (typeof a[id] === "string") $(id).value = a[id];
      if (typeof a.reached_2400 === "boolean") $("reached_2400").checked = a.reached_2400;
      if (typeof a.open === "boolean") $("advisor").open = a.open;
    }
  }

}

// A games table's games. Rows added by Add game and not yet typed in are left out, at the end of
// the list only (so that elo_core's "games[2]" is still the third row).
export function gamesOf(rows) {
  const controls = rows.controls();
  let end = controls.length;
  while (end && controls[end - 1].row.dataset.pristine && !controls[end - 1].opp.value) end -= 1;
  return controls.slice(0, end).map(({ opp, score }) => ({ opponent: opp.value, score: score.value }));
}

// A list shows a value that is not one of its choices as written: elo_core says what is wrong with it.
export function setValue(el, value) {
  if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === value)) el.add(new Option(value, value));
  el.value = value;
}

// What the page asks elo_core for this state, in the order the answers are shown.
export function requests(state) {
  if (isNational(state.system)) return nationalRequests(state);
  const { rating, k, method, rules, kind, games } = state;
  const base = { rating, k, method, rules, kind, games };
  const a = state.advisor;
  // K x n <= 700 is applied by rate, on the games that count.
  const advisor = { op: "kfactor", args: { rating, games_played: a.games_played, birth_year: a.birth_year,
    reached_2400: a.reached_2400, date: a.date, kind } };
  switch (state.tab) {
    case "tournament": {
      // Two or more events: the rating period (one event is rate's, exactly as before).
      if (state.period) return periodRequests(state, advisor);
      const list = [{ op: "rate", args: base }];
      if (a.open) list.push(advisor);
      if (state.next.trim()) list.push({ op: "what_if", args: { ...base, opponent: state.next } });
      if (state.target.trim() || state.remaining.trim()) {
        list.push({ op: "score_needed", args: { ...base, target: state.target, remaining: state.remaining } });
      }
      return list;
    }
    case "single": {
      const list = [{ op: "single", args: { rating, k, method, rules, kind, opponent: state.opponent, opponent_k: state.opponent_k } }];
      if (a.open) list.push(advisor);
      return list;
    }
    case "event":
      return state.event ? [{ op: "event", args: state.event }] : [];
    case "lichess":
      return [{ op: "lichess", args: { rating: state.lichess_rating, deviation: state.lichess_deviation,
        volatility: state.lichess_volatility.trim() || null, days_idle: state.days_idle,
        opponent: { rating: state.lichess_opponent, deviation: state.lichess_opponent_deviation },
        speed: state.speed, variant: state.variant, colour: state.colour || null,
        colour_advantage: state.colour_advantage, gain_factor: state.gain_factor || null } }];
    default:
      return [{ op: state.tab, args: { games } }];
  }
}
