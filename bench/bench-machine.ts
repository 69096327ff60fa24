/*
 * What a benchmark ran on, said the same way by every runner: figures mean little without the
 * machine, and the machine here is shared, so its load says how far to trust them.
 */
import { cpus, release, totalmem, type } from 'node:os';

/** "AMD EPYC …, 2 cores, 7.8 GiB RAM, Linux 6.1, Node v22…". */
export function describeMachine(): string {
  const cpu = cpus();
  return `${cpu[0]?.model.trim() ?? 'unknown CPU'}, ${cpu.length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${type()} ${release()}, Node ${process.version}`;
}
