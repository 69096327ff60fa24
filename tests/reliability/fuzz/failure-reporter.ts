/*
 * fast-check's reporter for fuzz runs that go on after a failure: each failed property becomes one
 * entry of `failures` with what failed, the seed and path that replay it, and the error. The
 * counterexample is left out: it can hold megabytes, and the error already describes the input.
 */
import type { RunDetails } from 'fast-check';

export function failureReporter<Ts>(failures: string[], what: string): (details: RunDetails<Ts>) => void {
  return (details) => {
    if (!details.failed) return;
    const error =
      details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    failures.push(
      `${what} (seed ${details.seed}, path ${details.counterexamplePath}, shrunk ${details.numShrinks} times):\n${error}`,
    );
  };
}
