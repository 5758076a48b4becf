// The tab list: which calculator is shown, under which rating system. An element with for-TAB
// classes is shown on those tabs only; one with sys-SYSTEM classes (sys-national: US Chess, DWZ
// and ECF) under those systems only; the tab buttons themselves carry sys- classes.

import { isNational, TOURNAMENT_LABEL } from "./systems.js";

const buttons = () => [...document.querySelectorAll("[role=tab]")];

function shown(el, tab, system) {
  const classes = [...el.classList];
  const forTab = classes.filter((c) => c.startsWith("for-"));
  const forSystem = classes.filter((c) => c.startsWith("sys-"));
  return (!forTab.length || forTab.includes(`for-${tab}`))
    && (!forSystem.length || forSystem.includes(`sys-${system}`) || (isNational(system) && forSystem.includes("sys-national")));
}

export function showForTab(tab, root = document) {
  const system = document.body.dataset.system ?? "fide";
  for (const el of root.querySelectorAll("[class*='for-'], [class*='sys-']")) el.hidden = !shown(el, tab, system);
}

export function selectTab(tab, focus = false) {
  document.body.dataset.tab = tab;
  for (const button of buttons()) {
    const on = button.dataset.tab === tab;
    button.setAttribute("aria-selected", String(on));
    button.tabIndex = on ? 0 : -1;
    if (on && focus) button.focus();
  }
  showForTab(tab);
}

// The system's choice shown, and its name where the page says it; selectTab then shows its elements.
export function selectSystem(system) {
  document.body.dataset.system = system;
  const choice = document.getElementById("system");
  choice.value = system;
  document.getElementById("tab-tournament").textContent = TOURNAMENT_LABEL[system];
  const name = choice.selectedOptions[0].text.replace(/ \(.*/, "");
  for (const el of document.querySelectorAll(".system-name")) el.textContent = name;
}

// Clicks, the arrow keys, Home and End choose a tab among those shown; `onChange(tab)` hears of it.
export function bindTabs(onChange) {
  for (const button of buttons()) {
    button.addEventListener("click", () => onChange(button.dataset.tab, false));
    button.addEventListener("keydown", (event) => {
      const all = buttons().filter((b) => !b.hidden);
      const here = all.indexOf(button);
      const to = { ArrowRight: here + 1, ArrowLeft: here - 1, Home: 0, End: all.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      onChange(all[(to + all.length) % all.length].dataset.tab, true);
    });
  }
}
