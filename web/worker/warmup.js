// The warm-up: right after the start, requests like the page's are answered and thrown away, one
// per step, so that V8 optimises the interpreter's busy functions before the first keystrokes
// need them, and, run enough, keeps that optimised code for the next visit (docs/performance.md,
// "Warm-up"). Their ratings take the main branches: an ordinary one, one exempt from the
// 400-point rule, one below the floor, a typo.

const ROUNDS = 200;
const RATINGS = ["1800", "2700", "1200", "18o0"];

export async function* warmUp(handle) {
  const games = Array.from({ length: 30 }, (_, i) => ({ opponent: String(1650 + 10 * i), score: ["1", "0.5", "0"][i % 3] }));
  const requests = RATINGS.map((rating) => JSON.stringify({ op: "batch", args: { requests: [
    { op: "rate", args: { rating, k: "20", method: "fide", rules: "2025-10-01", kind: "standard", games } },
  ] } }));
  for (let round = 0; round < ROUNDS; round++) {
    try {
      handle(requests[round % requests.length]);
    } catch {
      return;
    }
    yield;
  }
}
