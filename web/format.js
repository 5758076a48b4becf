// Showing elo_core's numbers: fixed decimals and explicit signs. Display only, no arithmetic.

export const fixed = (x, places) => (x === null || x === undefined ? "–" : Number(x).toFixed(places));

export function signed(x, places) {
  if (x === null || x === undefined) return "–";
  const text = Number(x).toFixed(places);
  if (Number(text) === 0) return text.replace("-", "");
  return Number(text) > 0 ? `+${text}` : text;
}

// A count with thousands separated ("5,000"), without Intl: the first toLocaleString() of a page
// sets up the number formats, a long task when a link's note is written before the first paint.
export const grouped = (n) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

// Writing only what changed keeps each keystroke's layout work to the figures that moved.
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

// Bidi controls from a file or a link (U+202A-U+202E, U+2066-U+2069, U+200E/F, U+061C) made
// visible, as [U+202E]: they could otherwise reorder the text around them.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const shown = (text) => String(text ?? "").replace(BIDI, (c) => `[U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}]`);

// Text from a file in a <bdi>: its direction is its own, and it cannot change the text around it.
export function isolated(text) {
  const bdi = document.createElement("bdi");
  bdi.textContent = shown(text);
  return bdi;
}

// An element's content as these parts, strings or nodes, in order.
export function setParts(el, parts) {
  el.replaceChildren(...parts);
}

// Today's date as a date input writes it (YYYY-MM-DD), in the reader's time zone.
export function today() {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}
