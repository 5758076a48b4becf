// The rating systems the page offers (docs/architecture.md, "Rating systems"): which tabs each
// has, the inputs each asks for, and the requests it makes. FIDE's tabs and lichess's are the
// page's own (form.js); US Chess, DWZ and ECF share the games box and each add a box of their
// own (index.html, "uscf-box"...), answered by their own operations of elo_core.

// The choice, in the order offered; the first is the default (old links stay FIDE).
export const SYSTEMS = ["fide", "uscf", "dwz", "ecf", "lichess"];
export const NATIONAL = ["uscf", "dwz", "ecf"];

// The tabs each system has: the calculations; the system decides the inputs and the rules.
export const SYSTEM_TABS = {
  fide: ["tournament", "single", "performance", "initial", "event"],
  uscf: ["tournament", "initial", "event"],
  dwz: ["tournament", "initial", "event"],
  ecf: ["tournament", "initial", "event"],
  lichess: ["lichess"],
};

// A national system's inputs: the page's field (and the address's parameter) `${system}_${name}`
// is elo_core's argument `name`. `tournament` ones are the rating's own, left out on the
// first-rating tab (an unrated player); `initial` ones are asked only there.
const INPUTS = {
  uscf: { both: ["end", "pool", "dual"], tournament: ["rating", "games_played", "history", "peak"],
    initial: ["age", "start", "start_games"] },
  dwz: { both: ["birth_year", "end", "rulebook"], tournament: ["rating", "index"], initial: [] },
  ecf: { both: ["month", "junior"], tournament: ["rating", "grade"], initial: [] },
};
const CHECKBOXES = ["uscf_dual", "ecf_junior"];

// Every national field by its page id, for the form and the address.
export const NATIONAL_FIELDS = Object.fromEntries(NATIONAL.map((s) => {
  const i = INPUTS[s];
  return [s, [...i.tournament, ...i.initial, ...i.both].map((name) => `${s}_${name}`)];
}));
export const isCheckbox = (id) => CHECKBOXES.includes(id);

// What the tournament tab is called under each system: only FIDE's has the rating period.
export const TOURNAMENT_LABEL = { fide: "Tournament / rating period", uscf: "Tournament", dwz: "Tournament",
  ecf: "A month's games" };

export const isNational = (system) => NATIONAL.includes(system);

// The requests for a national system's tab, from the form's state (form.js, read).
export function nationalRequests(state) {
  const { system, tab } = state;
  if (tab === "event") return state.event ? [{ op: `${system}_event`, args: eventArgs(system, state) }] : [];
  const inputs = INPUTS[system];
  const names = [...inputs.both, ...(tab === "initial" ? inputs.initial : inputs.tournament)];
  const args = { games: state.games.map((g) => [g.opponent, g.score]) };
  for (const name of names) {
    const value = state.national[`${system}_${name}`];
    // An empty box is a value not given (elo_core's default, said in its notes), never zero.
    if (typeof value === "boolean" || value.trim()) args[name] = value;
  }
  return [{ op: system, args }];
}

// The event tab's arguments that a national system takes (the rest are FIDE's, which it refuses),
// and whether the file's ratings are this system's.
const EVENT_ARGS = ["text", "format", "details", "limit"];
function eventArgs(system, state) {
  const args = Object.fromEntries(EVENT_ARGS.filter((n) => n in state.event).map((n) => [n, state.event[n]]));
  if (state.eventRatingsAs) args[`ratings_as_${system}`] = true;
  return args;
}

// elo_core names its arguments; the page's fields carry the system's prefix.
export function nationalField(system, field) {
  const name = String(field ?? "");
  return !name || name.startsWith("games") ? name : `${system}_${name}`;
}

// Which system an address asks for: its own, else lichess for an old lichess link, else FIDE.
export function systemOf(asked, tab) {
  if (SYSTEMS.includes(asked)) return asked;
  return tab === "lichess" ? "lichess" : "fide";
}

// The tab to show for a system: the one asked for when the system has it, else its first.
export const tabFor = (system, tab) => (SYSTEM_TABS[system].includes(tab) ? tab : SYSTEM_TABS[system][0]);
