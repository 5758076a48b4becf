// The tab list: which calculator is shown. Each element with a for-TAB class is shown on that tab.

const buttons = () => [...document.querySelectorAll("[role=tab]")];

export function showForTab(tab, root = document) {
  for (const el of root.querySelectorAll("[class*='for-']")) el.hidden = !el.classList.contains(`for-${tab}`);
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

// Clicks, the arrow keys, Home and End choose a tab; `onChange(tab)` hears of it.
export function bindTabs(onChange) {
  const all = buttons();
  for (const button of all) {
    button.addEventListener("click", () => onChange(button.dataset.tab, false));
    button.addEventListener("keydown", (event) => {
      const here = all.indexOf(button);
      const to = { ArrowRight: here + 1, ArrowLeft: here - 1, Home: 0, End: all.length - 1 }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      onChange(all[(to + all.length) % all.length].dataset.tab, true);
    });
  }
}
