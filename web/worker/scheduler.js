// What the worker's thread does, and in which order: three lanes (docs/architecture.md, "Scheduler").
//  1. the page's requests: each answered in its own message event, as soon as it comes
//     (`answer`); every other piece of work below is one short step, so a request waits
//     for one step at most;
//  2. answers ahead (`setAhead`): what the page's next keystroke may ask, one per turn of the
//     event loop, the newest list replacing the older;
//  3. idle jobs (`run`), one after the other in their declared order (start.js: keep the
//     snapshot, warm up), each cut into steps with a task between them.
// After each answer to the page there is a quiet time, when the ahead lane and the jobs that ask
// for it wait: the page then has a frame to show the answer (docs/performance.md, "Quiet time").

const QUIET_MS = 30;

const nextTask = (ms = 0) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export class Scheduler {
  #handle;
  #quietUntil = 0;
  #ahead = [];
  #wake = null;
  #loop = null;
  // A turn of the event loop without the 4 ms that nested timers wait.
  #turn = new MessageChannel();

  constructor(handle) {
    this.#handle = handle;
  }

  // Lane 1: elo_core's answer to one request of the page (may throw: the caller answers).
  answer(request) {
    return this.#handle(request);
  }

  // An answer went out to the page: the quiet time starts.
  answered() {
    this.#quietUntil = performance.now() + QUIET_MS;
  }

  // Lane 2: the requests the next keystroke may make; replaces the list given before.
  setAhead(requests) {
    this.#ahead = requests;
    this.#wake?.();
    this.#loop ??= this.#serveAhead();
  }

  // Lane 3: `jobs` in order, each an async iterable of steps: {name, steps, quiet}. A job with
  // `quiet` waits for the quiet time and for the ahead lane to be empty before each step.
  async run(jobs) {
    this.#loop ??= this.#serveAhead();
    for (const { name, steps, quiet } of jobs) {
      try {
        const job = steps();
        for (;;) {
          await nextTask();
          while (quiet && (this.#quiet() || this.#ahead.length)) await nextTask(this.#quietUntil - performance.now());
          if ((await job.next()).done) break;
        }
      } catch (e) {
        console.warn(`The worker's job "${name}" failed: ${e?.message ?? e}`); // the next job still runs
      }
    }
  }

  #quiet() {
    return this.#quietUntil > performance.now();
  }

  #nextTurn() {
    return new Promise((resolve) => {
      this.#turn.port1.onmessage = resolve;
      this.#turn.port2.postMessage(null);
    });
  }

  // Each answer ahead is elo_core's own answer to that very request text; an internal error
  // is not sent (the keystroke then asks as usual).
  async #serveAhead() {
    for (;;) {
      while (!this.#ahead.length) await new Promise((resolve) => (this.#wake = resolve));
      await this.#nextTurn();
      while (this.#quiet()) await nextTask(this.#quietUntil - performance.now());
      const request = this.#ahead.shift();
      if (request === undefined) continue;
      let response;
      try {
        response = this.#handle(request);
      } catch {
        continue;
      }
      postMessage({ type: "ahead", request, response });
    }
  }
}
