// Showing elo_core's numbers: fixed decimals and explicit signs. Display only, no arithmetic.

export const fixed = (x, places) => (x === null || x === undefined ? "–" : Number(x).toFixed(places));

export function signed(x, places) {
  if (x === null || x === undefined) return "–";
  const text = Number(x).toFixed(places);
  if (Number(text) === 0) return text.replace("-", "");
  return Number(text) > 0 ? `+${text}` : text;
}

// Writing only what changed keeps each keystroke's layout work to the figures that moved.
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}
