// What the worker's thread does, and in which order: two lanes (docs/architecture.md, "Scheduler").
//  1. the page's requests: each answered in its own message event, as soon as it comes
//     (`answer`); every other piece of work below is one short step, so a request waits
//     for one step at most;
//  2. idle jobs (`run`), one after the other in their declared order (start.js: keep the
//     snapshot, warm up), each cut into steps with a task between them.
// After each answer to the page there is a quiet time, when the jobs that ask for it wait: the
// page then has a frame to show the answer (docs/performance.md, "Quiet time").

const QUIET_MS = 30;

const nextTask = (ms = 0) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

export class Scheduler {
  #handle;
  #quietUntil = 0;

  // `handle`: elo_core's, request text -> answer text.
  constructor(handle) {
    this.#handle = handle;
  }

  // Lane 1: elo_core's answer to one request of the page (may throw: the caller answers);
  // `binary`: the Ask's {binary, bytes} (contract.js).
  answer(request, binary) {
    return this.#handle(request, binary);
  }

  // An answer went out to the page: the quiet time starts.
  answered() {
    this.#quietUntil = performance.now() + QUIET_MS;
  }

  // Lane 2: `jobs` in order, each an async iterable of steps: {name, steps, quiet}. A job with
  // `quiet` waits for the quiet time before each step.
  async run(jobs) {
    for (const { name, steps, quiet } of jobs) {
      try {
        const job = steps();
        for (;;) {
          await nextTask();
          while (quiet && this.#quiet()) await nextTask(this.#quietUntil - performance.now());
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
}
