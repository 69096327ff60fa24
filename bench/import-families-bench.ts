/*
 * Issue 16's benchmark of the import families: (1) parse throughput of each family's synthetic file,
 * brought in with no settings (detect, settings from the detection, parse streamed from disk), beside
 * the family's best-known parser on the same bytes; (2) memory at two file sizes for the streaming
 * families (family-memory-bench.ts); (3) the main thread during a 100 MB preview in Chromium
 * (family-page-bench.ts). A family detection does not know yet is reported as such, not failed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBaseline, type BaselineRun } from './family-baselines.ts';
import { flatness, memoryRow, mib, type MemoryRow } from './family-memory-bench.ts';
import { runPageBench, type PageRow } from './family-page-bench.ts';
import { parseFamilyFile, type FamilyOutcome } from './family-parse.ts';
import type { FamilySample } from './family-sample-values.ts';
import { expectedInstants, FAMILY_SAMPLES, writeSample } from './family-samples.ts';
import { ms, table, thousands, versus } from './measure.ts';

export const IMPORT_FAMILIES_SECTION_START = '<!-- import-families-bench -->';
export const IMPORT_FAMILIES_SECTION_END = '<!-- /import-families-bench -->';
/** The families previewed in the page: a TSV, a syslog file and a JSON Lines file, by file name. */
const PAGE_FILES = ['proxy-export.tsv', 'messages', 'app.jsonl'];
const LONG_TASK_TARGET_MILLIS = 50;

export interface ImportFamiliesOptions {
  readonly familyMb: number;
  /** Sizes for the memory check, smallest first; empty to skip it. */
  readonly memorySizesMb: readonly number[];
  /** Size of the page previews; 0 skips them (they need `npm run build`). */
  readonly pageMb: number;
  /** Cap for baselines that hold the whole file as a DOM or objects (togeojson, igc-parser). */
  readonly wholeDocumentMaxMb: number;
  /** Substrings of family names to run; all when empty. */
  readonly only: readonly string[];
  readonly log: (line: string) => void;
}

interface ThroughputRow {
  readonly sample: FamilySample;
  readonly bytes: number;
  readonly generated: number;
  readonly outcome: FamilyOutcome;
  readonly millis: number;
  readonly baseline: { run: BaselineRun; millis: number } | string | undefined;
}

const utc = (micros: number | undefined) => (micros === undefined ? '—' : new Date(micros / 1000).toISOString());
const rate = (bytes: number, items: number, millis: number) =>
  `${(bytes / 1e6 / (millis / 1000)).toFixed(1)} MB/s, ${thousands(items / (millis / 1000))} rec/s`;

function sizeFor(sample: FamilySample, options: ImportFamiliesOptions): number {
  const whole = sample.baseline.kind === 'togeojson' || sample.baseline.kind === 'igc-parser';
  return (whole ? Math.min(options.familyMb, options.wholeDocumentMaxMb) : options.familyMb) * 1e6;
}

async function throughputRow(
  sample: FamilySample,
  dir: string,
  options: ImportFamiliesOptions,
): Promise<ThroughputRow> {
  const file = join(dir, sample.fileName);
  try {
    const written = await writeSample(sample, file, sizeFor(sample, options));
    let started = performance.now();
    const outcome = await parseFamilyFile(file, sample.fileName, sample.kind);
    const millis = performance.now() - started;
    let baseline: ThroughputRow['baseline'];
    started = performance.now();
    try {
      const run = await runBaseline(sample.baseline, file);
      baseline = run && { run, millis: performance.now() - started };
    } catch (error) {
      baseline = `failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    const row = { sample, bytes: written.bytes, generated: written.records, outcome, millis, baseline };
    options.log(`  ${sample.family}: ${describe(row).join('; ')}`);
    return row;
  } finally {
    await rm(file, { force: true });
  }
}

/** Detected as, records, instants, ours, baseline, ratio. */
function describe(row: ThroughputRow): string[] {
  const { outcome, baseline } = row;
  const base =
    baseline === undefined
      ? row.sample.baseline.kind === 'none'
        ? `none (${row.sample.baseline.why})`
        : '—'
      : typeof baseline === 'string'
        ? baseline
        : `${baseline.run.name}: ${rate(row.bytes, baseline.run.items, baseline.millis)}`;
  const versusBase =
    typeof baseline === 'object' && outcome.status === 'parsed' && outcome.valid > 0
      ? versus(row.millis, baseline.millis)
      : '';
  if (outcome.status === 'not-detected') return [`not detected: ${outcome.reason}`, '', '', '', base, ''];
  if (outcome.status === 'failed') return [`${outcome.format}, failed: ${outcome.error}`, '', '', '', base, ''];
  const expected = expectedInstants(row.sample, row.generated);
  const instants =
    expected === undefined
      ? `relative cues: ${utc(outcome.firstMicros)} … ${utc(outcome.lastMicros)}`
      : expected.first === outcome.firstMicros && expected.last === outcome.lastMicros
        ? 'right'
        : `${utc(outcome.firstMicros)} … ${utc(outcome.lastMicros)} (expected ${utc(expected.first)} … ${utc(expected.last)})`;
  const markers = outcome.markers > 0 ? ` + ${outcome.markers} marker(s)` : '';
  return [
    outcome.format,
    `${thousands(outcome.valid)} of ${thousands(row.generated)}${markers}, ${thousands(outcome.invalid)} invalid`,
    instants,
    outcome.valid > 0 ? rate(row.bytes, outcome.valid, row.millis) : 'no valid record',
    base,
    versusBase,
  ];
}

function memoryCells(row: MemoryRow): string[] {
  if (typeof row.runs === 'string') return [row.sample.family, row.runs];
  return [
    row.sample.family,
    ...row.runs.map(
      (r) =>
        `live +${mib(r.peaks.liveHeapGrowthBytes)}; RSS +${mib(r.peaks.rssGrowthBytes)}, heap +${mib(r.peaks.heapGrowthBytes)} (${(r.peaks.millis / 1000).toFixed(1)} s)`,
    ),
    flatness(row.runs),
  ];
}

export async function runImportFamiliesBench(options: ImportFamiliesOptions): Promise<string> {
  const { log } = options;
  const samples = FAMILY_SAMPLES.filter(
    (s) =>
      options.only.length === 0 || options.only.some((part) => s.family.toLowerCase().includes(part.toLowerCase())),
  );
  const dir = await mkdtemp(join(tmpdir(), 'churchkey-families-'));
  const throughput: ThroughputRow[] = [];
  const memory: MemoryRow[] = [];
  let page: { rows: PageRow[]; browser: string } | string | undefined;
  try {
    log(
      `import families: throughput at ${options.familyMb} MB a family (whole-document baselines at most ${options.wholeDocumentMaxMb} MB)`,
    );
    for (const sample of samples) throughput.push(await throughputRow(sample, dir, options));
    if (options.memorySizesMb.length > 0) {
      log(`import families: memory at ${options.memorySizesMb.join(' and ')} MB, one child process per file`);
      for (const row of throughput.filter((r) => r.sample.streaming)) {
        memory.push(
          row.outcome.status === 'parsed'
            ? await memoryRow(row.sample, options.memorySizesMb, dir, log)
            : {
                sample: row.sample,
                runs: `not measured: ${row.outcome.status === 'failed' ? 'the parse failed' : 'not detected'}`,
              },
        );
      }
    }
    if (options.pageMb > 0) {
      log(`import families: the main thread during ${options.pageMb} MB previews in Chromium`);
      const pageSamples = PAGE_FILES.map(
        (name) => samples.find((s) => s.fileName === name) ?? FAMILY_SAMPLES.find((s) => s.fileName === name)!,
      );
      page = await runPageBench(pageSamples, options.pageMb, log).catch(
        (error: unknown) => `not run: ${error instanceof Error ? error.message : String(error)}`,
      );
      if (typeof page === 'string') log(`  ${page}`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return section(options, throughput, memory, page);
}

function section(
  options: ImportFamiliesOptions,
  throughput: readonly ThroughputRow[],
  memory: readonly MemoryRow[],
  page: { rows: PageRow[]; browser: string } | string | undefined,
): string {
  const parsed = throughput.filter((r) => r.outcome.status === 'parsed').length;
  const invalidNotes = throughput.flatMap((r) =>
    r.outcome.status === 'parsed' && r.outcome.firstInvalid ? [`- ${r.sample.family}: ${r.outcome.firstInvalid}`] : [],
  );
  const baselineNotes = [
    ...new Map(
      throughput.flatMap((r) =>
        typeof r.baseline === 'object' ? [[r.baseline.run.name, r.baseline.run.does] as const] : [],
      ),
    ).entries(),
  ].map(([name, does]) => `- ${name}: ${does}.`);
  return [
    IMPORT_FAMILIES_SECTION_START,
    '## Import families: throughput, memory, the main thread (issue 16)',
    '',
    `Each family's synthetic file (bench/*-family-samples.ts: times increasing from 2025-12-31 20:00 UTC across a year end, several hosts and actors) brought in as a user would, with no settings: ` +
      "`detectFormat` on the first 64 KiB, `settingsFromDetection(…, 'UTC')`, `parseImport` streamed from disk (geo: the geo detection and parser, bench/family-parse.ts). " +
      `Throughput counts valid records; "instants" compares the first and last with the generator's. ${parsed} of ${throughput.length} families were read. ` +
      "The baseline is the family's best-known parser doing its own, smaller job on the same bytes; ratio: our time against its time. One run each, no warm-up.",
    '',
    table(
      ['family', 'MB', 'detected as', 'records', 'instants', 'ours', 'baseline', 'ours vs baseline'],
      throughput.map((r) => {
        const [format, records, instants, ours, base, ratioText] = describe(r);
        return [r.sample.family, (r.bytes / 1e6).toFixed(0), format!, records!, instants!, ours!, base!, ratioText!];
      }),
    ),
    '',
    'What each baseline does and does not do:',
    '',
    ...baselineNotes,
    ...(invalidNotes.length > 0 ? ['', 'First invalid row of each family that had one:', '', ...invalidNotes] : []),
    '',
    ...(memory.length > 0
      ? [
          `### Memory at ${options.memorySizesMb.join(' and ')} MB`,
          '',
          "Each streaming family's file parsed from disk (fs.createReadStream) in a child process of its own (`node --expose-gc`, a GC before the start), memory sampled every 50 ms and what is live (JS heap plus ArrayBuffers, right after a full GC) once a second; " +
            'peak growth above the start. V8 collects lazily, so the RSS and heap peaks follow its heuristics more than the parser; "live" is what the parser keeps. ' +
            '"flat": at the largest size, live within 1.5x (or 32 MiB) of the smallest\'s and peak RSS within 1.5x (or 64 MiB); RSS catches a peak inside one long synchronous step that the live samples miss.',
          '',
          table(
            ['family', ...options.memorySizesMb.map((mb) => `${mb} MB`), 'verdict'],
            memory.filter((row) => typeof row.runs !== 'string').map(memoryCells),
          ),
          '',
          ...memory
            .filter((row) => typeof row.runs === 'string')
            .map((row) => `- ${row.sample.family}: ${String(row.runs)}`),
          '',
        ]
      : []),
    ...(page === undefined
      ? []
      : typeof page === 'string'
        ? [`### The main thread during a preview\n\n${page}\n`]
        : [
            `### The main thread during a ${options.pageMb} MB preview`,
            '',
            `In the create-stream page of the built app in headless Chromium (${page.browser}), the file chosen with no settings and previewed by the worker; long tasks (PerformanceObserver) and the longest gap between animation frames. Target: longest task at most ${LONG_TASK_TARGET_MILLIS} ms.`,
            '',
            table(
              ['family', 'MB', 'preview', 'longest task', 'longest frame gap', 'target met', 'preview says'],
              page.rows.map((r) => [
                r.family,
                r.mb.toFixed(0),
                `${(r.previewMillis / 1000).toFixed(1)} s`,
                `${ms(r.longestTaskMillis)} ms`,
                `${ms(r.longestFrameGapMillis)} ms`,
                r.longestTaskMillis <= LONG_TASK_TARGET_MILLIS ? 'yes' : 'no',
                r.outcome,
              ]),
            ),
            '',
          ]),
    IMPORT_FAMILIES_SECTION_END,
  ].join('\n');
}
