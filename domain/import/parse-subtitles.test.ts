import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '../../tests/support/fixtures-dir.ts';
import { SubtitlesSettingsSchema, type SubtitlesSettings } from './chat-settings.ts';
import { exampleInput, itReadsEachExample } from '../../tests/support/example-cases.ts';
import { collectImport } from './collect-import.ts';
import { DETECT_BYTES, detectFormat } from './detect-format.ts';
import { ImportError } from './import-error.ts';
import { settingsFromDetection } from './import-settings.ts';
import { parseImport } from './parse-import.ts';

const ANCHOR = Date.UTC(2024, 0, 1) * 1000;
const iso = (micros: number | undefined) => (micros === undefined ? undefined : new Date(micros / 1000).toISOString());
const anchored: SubtitlesSettings = { format: 'subtitles', anchorMicros: ANCHOR };
const bytesOf = (text: string) => new TextEncoder().encode(text);
const run = (input: string | Uint8Array, settings: SubtitlesSettings = anchored) =>
  collectImport(parseImport(typeof input === 'string' ? bytesOf(input) : input, settings));
/** Where a cue starts in the file, and when it starts and ends. */
const cueTiming = (record: { line: number; startMicros: number; endMicros: number }) =>
  [record.line, iso(record.startMicros), iso(record.endMicros)] as const;
const fixture = (path: string) => new Uint8Array(readFileSync(join(FIXTURES_DIR, path)));

function* chunked(bytes: Uint8Array, size: number): Generator<Uint8Array> {
  for (let at = 0; at < bytes.byteLength; at += size) yield bytes.subarray(at, at + size);
}

describe('the Netflix WebVTT fixture', () => {
  const bytes = fixture('field/chat/netflix_chicas_del_cable.vtt');

  it('is detected as subtitles, speakers by SDH labels only (one "Digo:" is dialogue)', () => {
    const detection = detectFormat(bytes.subarray(0, DETECT_BYTES), 'netflix_chicas_del_cable.vtt');
    expect(detection.format).toBe('subtitles');
    expect(detection.reason).toMatch(
      /^WebVTT: the WEBVTT header and \d+ cue timings in the sample; cue times count from the start of the recording/,
    );
    expect(settingsFromDetection(detection, 'UTC')).toEqual({ format: 'subtitles', speakerPrefix: false });
  });

  it('reads 865 cues from 00:00:07.960 to 00:52:28.600 after the anchor, NOTE blocks and blank-looking lines skipped', async () => {
    const { records, invalid } = await run(bytes, { format: 'subtitles', anchorMicros: ANCHOR, speakerPrefix: false });
    expect(invalid).toEqual([]);
    expect(records).toHaveLength(865);
    const [first, second] = records;
    expect(first).toMatchObject({
      line: 19,
      actor: 'Alba',
      message: '[Alba] En 1928,',
      extra: { cue: '1', start: '00:00:07.960', end: '00:00:09.480' },
    });
    expect(first?.extra.cueSettings).toBe('position:50.00%,middle  align:middle size:80.00%  line:84.67%');
    expect([iso(first?.startMicros), iso(first?.endMicros)]).toEqual([
      '2024-01-01T00:00:07.960Z',
      '2024-01-01T00:00:09.480Z',
    ]);
    expect(second).toMatchObject({
      actor: '',
      message: 'las mujeres éramos\nalgo así como adornos',
      extra: { text: '<i>las mujeres éramos</i>\n<i>algo así como adornos</i>' },
    });
    const last = records.at(-1);
    expect(last).toMatchObject({ line: 3862, actor: '', message: 'Alba.', extra: { cue: '865' } });
    expect([iso(last?.startMicros), iso(last?.endMicros)]).toEqual([
      '2024-01-01T00:52:27.320Z',
      '2024-01-01T00:52:28.600Z',
    ]);
    expect(records.find((record) => record.extra.cue === '483')).toMatchObject({
      actor: '',
      message: 'Digo: "Le doy un abrazo al estirado".',
    });
    // Bracketed capitalised names starting a cue's first line, counted with awk and grep (42): "[risita]" is a
    // sound and "[Alfonso XIII en inglés]" a description, not speakers.
    const actors = records.map((record) => record.actor).filter((actor) => actor !== '');
    expect(actors).toHaveLength(42);
    expect(actors.filter((actor) => actor === 'Alba')).toHaveLength(8);
    expect(actors.filter((actor) => actor === 'Ángeles')).toHaveLength(5);
    expect(new Set(actors)).toEqual(
      new Set([
        'Alba',
        'Beltrán',
        'Carlos',
        'Carlota',
        'Carmen',
        'Francisco',
        'Marga',
        'Miguel',
        'Pedro',
        'Ricardo',
        'Sara',
        'Victoria',
        'Ángeles',
      ]),
    );
  });

  it('gives the same cues whatever the chunk size', async () => {
    const whole = await run(bytes);
    for (const size of [1, 7]) expect(await collectImport(parseImport(chunked(bytes, size), anchored))).toEqual(whole);
  });
});

describe('the youtube-dl auto-caption fixture', () => {
  const bytes = fixture('field/chat/youtube_dl_autocaption.vtt');

  it('reads the 4 rolling cues, one with no blank line before the next timing, inline timestamps stripped', async () => {
    expect(detectFormat(bytes, 'youtube_dl.vtt').format).toBe('subtitles');
    const { records, invalid } = await run(bytes);
    expect(invalid).toEqual([]);
    expect(records.map((record) => [...cueTiming(record), record.actor, record.message])).toEqual([
      [12, '2024-01-01T00:04:46.070Z', '2024-01-01T00:04:46.470Z', '', 'yeah'],
      [16, '2024-01-01T00:04:46.470Z', '2024-01-01T00:05:04.080Z', '', 'yeah\nwhat'],
      [19, '2024-01-01T00:05:04.080Z', '2024-01-01T00:05:05.069Z', '', "this will happen is I'm telling"],
      [22, '2024-01-01T00:05:05.069Z', '2024-01-01T00:05:05.400Z', '', "this will happen is I'm telling"],
    ]);
    expect(records[2]?.extra.text).toContain('this<00:05:04.199><c> will</c>');
    expect(records[0]?.extra.cueSettings).toBe('align:start position:0%');
  });
});

describe('other subtitle producers', () => {
  it('SRT with a BOM and CRLF: comma milliseconds, numbered cues, tags stripped', async () => {
    const srt =
      '\ufeff1\r\n00:00:01,000 --> 00:00:04,000\r\n<i>Hello</i> there\r\n\r\n2\r\n00:00:05,500 --> 00:00:07,250\r\n{\\an8}Two lines\r\nof text &amp; more\r\n\r\n';
    const detection = detectFormat(bytesOf(srt), 'talk.srt');
    expect(detection.format).toBe('subtitles');
    expect(detection.reason).toMatch(/^SRT: numbered cues and 2 cue timings/);
    const { records, invalid } = await run(srt);
    expect(invalid).toEqual([]);
    expect(records.map((record) => [...cueTiming(record), record.message, record.extra.cue])).toEqual([
      [1, '2024-01-01T00:00:01.000Z', '2024-01-01T00:00:04.000Z', 'Hello there', '1'],
      [5, '2024-01-01T00:00:05.500Z', '2024-01-01T00:00:07.250Z', 'Two lines\nof text & more', '2'],
    ]);
  });

  itReadsEachExample('subtitles', SubtitlesSettingsSchema);

  it('tells an Otter.ai transcript by its speaker lines, not apt history\'s "Start-Date:  time" lines', () => {
    const otter = detectFormat(exampleInput('subtitles', 'otter-transcript'), 'meeting.txt');
    expect(otter.reason).toMatch(/^A speaker transcript \(Otter\.ai or Rev text export\): 3 paragraphs/);
    const apt =
      'Start-Date: 2019-07-10  16:38:08\nCommandline: apt-get upgrade\nEnd-Date: 2019-07-10  16:38:10\n\nStart-Date: 2019-07-10  16:40:00\nCommandline: apt-get install curl\nEnd-Date: 2019-07-10  16:40:09\n';
    expect(detectFormat(new TextEncoder().encode(apt), 'history.log').reason).toMatch(/^Debian apt history/);
  });

  it("tells Whisper's TSV transcript by its header (not a table of numbers); a row that is not one is invalid, the others kept", async () => {
    const detection = detectFormat(exampleInput('subtitles', 'whisper-tsv'), 'interview.tsv');
    expect(detection.format).toBe('subtitles');
    expect(detection.reason).toBe(
      'A Whisper transcript (TSV): the "start, end, text" header and 3 segments in the sample, timed in milliseconds from the start of the recording, so the import needs the time it started',
    );
    // mlx-whisper's README output, with a row cut short and one ending before it starts.
    const text =
      'start\tend\ttext\n0\t5230\tFirst segment of transcribed text.\n5230\n9000\t8000\tbackwards\n5230\t10450\tSecond segment of transcribed text.\n';
    const { records, invalid } = await run(text);
    expect(records.map((record) => [...cueTiming(record), record.message])).toEqual([
      [2, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:05.230Z', 'First segment of transcribed text.'],
      [5, '2024-01-01T00:00:05.230Z', '2024-01-01T00:00:10.450Z', 'Second segment of transcribed text.'],
    ]);
    expect(invalid).toEqual([
      {
        line: 3,
        reason: 'line 3 is not a Whisper transcript row (start and end in milliseconds, then the text, split by tabs)',
      },
      { line: 4, reason: 'line 4 ends (8000 ms) before it starts (9000 ms)' },
    ]);
  });

  it("reads Whisper's JSON transcript segment by segment from the recording's start, a diarized speaker as the actor", async () => {
    // The OpenAI API's verbose_json for a French test recording (ecoute's example), as Whisper writes it.
    const verbose =
      '{"task": "transcribe", "language": "french", "duration": 2.79, "text": "Ceci est un test.", "segments": [{"id": 0, "seek": 0, "start": 0.0, "end": 2.8000000000000003, "text": " Ceci est un test de \\u00c9coute.", "tokens": [50364, 8257], "temperature": 0.0, "avg_logprob": -0.32, "compression_ratio": 0.94, "no_speech_prob": 0.03}, {"id": 1, "seek": 0, "start": 2.8, "end": 2.5, "text": " backwards"}]}';
    const detection = detectFormat(bytesOf(verbose), 'test.json');
    expect(detection.format).toBe('subtitles');
    expect(detection.reason).toMatch(
      /^A Whisper transcript \(JSON\): a "segments" array timed by start and end in seconds/,
    );
    const settings = settingsFromDetection(detection, 'UTC');
    expect(settings).toEqual({ format: 'subtitles', speakerPrefix: false, layout: 'whisper-json' });
    const { records, invalid } = await run(verbose, { ...anchored, layout: 'whisper-json' });
    expect(records.map((record) => [...cueTiming(record), record.message])).toEqual([
      [1, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:02.800Z', 'Ceci est un test de Écoute.'],
    ]);
    expect(invalid).toEqual([
      { line: 1, reason: 'line 1: the segment has no start and end in seconds (start, then end no earlier)' },
    ]);
    // Diarized segments as transcription services return them: "speaker" names who spoke.
    const diarized =
      '{"language": "zh", "duration": 3.0, "segments": [{"start": 0.0, "end": 3.0, "text": "你好 世界", "speaker": "SPEAKER_00", "words": [{"word": "你好", "start": 0.0, "end": 1.5, "speaker": "SPEAKER_00"}]}]}';
    const spoken = await run(diarized, { ...anchored, layout: 'whisper-json' });
    expect(spoken.records.map((record) => [record.actor, record.message])).toEqual([['SPEAKER_00', '你好 世界']]);
  });

  it('TTML written on one line is read whole; a cue left open at the end of the file is reported', async () => {
    const oneLine =
      '<?xml version="1.0"?><tt xmlns="http://www.w3.org/ns/ttml"><body><div><p begin="1s" end="2s">one</p><p begin="00:00:03.000" end="00:00:04.000">two</p></div></body></tt>';
    const read = await run(oneLine);
    expect(read.invalid).toEqual([]);
    expect(read.records.map((record) => [record.line, ...cueTiming(record).slice(1), record.message])).toEqual([
      [1, '2024-01-01T00:00:01.000Z', '2024-01-01T00:00:02.000Z', 'one'],
      [1, '2024-01-01T00:00:03.000Z', '2024-01-01T00:00:04.000Z', 'two'],
    ]);
    const cut = await run(
      '<tt xmlns="http://www.w3.org/ns/ttml">\n<body>\n<p begin="1s" end="2s">whole</p>\n<p begin="3s">cut off',
    );
    expect(cut.records.map((record) => record.message)).toEqual(['whole']);
    expect(cut.invalid).toEqual([{ line: 4, reason: 'a <p> cue has no </p> before the end of the file' }]);
  });

  it('SBV, TTML and SubStation Alpha are detected as subtitles, by name', () => {
    const detect = (name: string, file: string) =>
      detectFormat(exampleInput('subtitles', name).subarray(0, DETECT_BYTES), file);
    expect(detect('youtube-sbv', 'captions.sbv')).toMatchObject({
      format: 'subtitles',
      reason: expect.stringMatching(/^SBV \(YouTube SubViewer\): cues and 2 cue timings/),
    });
    expect(detect('dfxp-ticks-agents', 'episode.dfxp')).toMatchObject({
      format: 'subtitles',
      reason: expect.stringMatching(/^TTML timed text \(DFXP, IMSC\): the <tt> root and 4 <p> cues/),
    });
    expect(detect('aegisub', 'review.ass')).toMatchObject({
      format: 'subtitles',
      reason: expect.stringMatching(/^SubStation Alpha \(ASS\/SSA\): the \[Script Info\] header and 3 Dialogue lines/),
    });
  });

  it('SDH labels: a capitalised name in brackets is the speaker, a sound is not', async () => {
    const srt =
      '1\n00:00:01,000 --> 00:00:02,000\n[Mary Ann] Come in.\n\n2\n00:00:03,000 --> 00:00:04,000\n[SIGHS] I know.\n\n3\n00:00:05,000 --> 00:00:06,000\n[door creaks] Hello?\n';
    expect((await run(srt)).records.map((record) => record.actor)).toEqual(['Mary Ann', '', '']);
  });

  it('SRT without cue numbers', async () => {
    const srt = '00:00:01,000 --> 00:00:02,000\nHi\n\n00:00:03,000 --> 00:00:04,500\nThere\n';
    expect(detectFormat(bytesOf(srt), 'clip.srt').reason).toMatch(/^SRT: cues and 2 cue timings/);
    const { records } = await run(srt);
    expect(records.map((record) => [record.line, iso(record.endMicros), record.message])).toEqual([
      [1, '2024-01-01T00:00:02.000Z', 'Hi'],
      [4, '2024-01-01T00:00:04.500Z', 'There'],
    ]);
  });

  it("SRT without blank lines between cues: a number before a timing is the next cue's", async () => {
    const { records } = await run('1\n00:00:01,000 --> 00:00:02,000\nHi\n2\n00:00:03,000 --> 00:00:04,000\nThere\n');
    expect(records.map((record) => [record.line, record.message, record.extra.cue])).toEqual([
      [1, 'Hi', '1'],
      [4, 'There', '2'],
    ]);
  });

  it('WebVTT: the cue identifier and settings, and every voice of a cue, kept with the cue', async () => {
    const { records } = await run(exampleInput('subtitles', 'webvtt-blocks-voices'));
    expect(records[0]?.extra).toMatchObject({ cue: 'intro', cueSettings: 'region:fred align:left' });
    expect(records[1]?.extra.speakers).toEqual(['Alice Smith', 'Fred']);
  });

  it('a Zoom-style transcript: detection proposes reading "Name:" as the speaker', () => {
    const detection = detectFormat(exampleInput('subtitles', 'zoom-speaker-prefix'), 'GMT20240101-meeting.vtt');
    expect(detection.reason).toContain('3 cues start with "Name:", read as the speaker');
    expect(settingsFromDetection(detection, 'UTC')).toEqual({ format: 'subtitles', speakerPrefix: true });
  });

  it('bad cues become invalid rows; the good ones still import', async () => {
    const srt = [
      '1',
      '00:00:61,000 --> 00:01:00,000',
      'bad seconds',
      '',
      '2',
      '00:00:05,000 --> 00:00:04,000',
      'ends before it starts',
      '',
      '3',
      '00:00 --> soon',
      'no times',
      '',
      'stray words',
      'more stray words',
      '',
      '4',
      '00:00:09,000 --> 00:00:10,000',
      'fine',
      '',
    ].join('\n');
    const { records, invalid } = await run(srt);
    expect(invalid).toEqual([
      { line: 1, reason: '"00:00:61,000" is not a time (minutes and seconds go up to 59)' },
      { line: 5, reason: 'the cue ends (00:00:04,000) before it starts (00:00:05,000)' },
      {
        line: 9,
        reason: '"00:00 --> soon" is not a cue timing (expected start --> end, as hours:minutes:seconds.milliseconds)',
      },
      {
        line: 13,
        reason: '"stray words" is neither a cue timing (start --> end) nor a cue identifier followed by one',
      },
      {
        line: 14,
        reason: '"more stray words" is neither a cue timing (start --> end) nor a cue identifier followed by one',
      },
    ]);
    expect(records.map((record) => [record.line, record.message])).toEqual([[16, 'fine']]);
  });

  it('refuses to import without the time the recording started', async () => {
    const run = parseImport(bytesOf('WEBVTT\n\n00:01.000 --> 00:02.000\nhi\n'), { format: 'subtitles' });
    await expect(collectImport(run)).rejects.toThrow(ImportError);
    await expect(collectImport(parseImport(bytesOf('WEBVTT\n'), { format: 'subtitles' }))).rejects.toThrow(
      /time the recording started \(anchorMicros\)/,
    );
    const whisper = bytesOf('{"text":" hi","segments":[{"start":0,"end":1,"text":" hi"}]}');
    await expect(collectImport(parseImport(whisper, { format: 'subtitles', layout: 'whisper-json' }))).rejects.toThrow(
      /time the recording started \(anchorMicros\)/,
    );
  });
});
