/*
 * Past its first rows, an import's batches go by one COPY straight into events (event-copy-rows.ts)
 * rather than through a batch table. The same files imported both ways must give the same events:
 * streams, actors, markers, times, messages with tabs and quotes, extra fields, source lines.
 */
import { createReadStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectSettings, importFile } from '../../server/import/import-file.ts';
import { SearchPreparer } from '../../server/import/search-preparer.ts';
import { spoolBlob } from '../../server/repositories/blob-repository.ts';
import { useAnalystServer } from '../support/analyst-server.ts';
import { FIXTURES_DIR } from '../support/fixtures-dir.ts';
import { createIncident, createOrganization } from '../support/incident-fixtures.ts';
import { DATABASE_KINDS } from '../support/test-database.ts';

interface EventRow {
  stream: string;
  actor: string | null;
  is_marker: boolean;
  marker_of: string | null;
  message: string;
  start_micros: string;
  end_micros: string;
  extra: unknown;
  source_line: number | null;
  searchable: boolean;
}

describe.each(DATABASE_KINDS)('the copy path of an import on %s', (kind) => {
  const suite = useAnalystServer(kind, { writer: 'write' });

  const importBothWays = async (path: string, fileName: string) => {
    const { db } = suite.server;
    const organizationID = await createOrganization(suite.writer, `Copy path ${fileName}`);
    const rows: EventRow[][] = [];
    for (const searchInlineRows of [Number.MAX_SAFE_INTEGER, 0]) {
      const incidentID = await createIncident(suite.writer, organizationID, `${fileName} ${searchInlineRows}`);
      const file = await spoolBlob(createReadStream(path), tmpdir());
      try {
        await importFile(db, {
          incident: async () => ({ id: incidentID, organization_id: organizationID, name: fileName }),
          file,
          fileName,
          settings: await detectSettings(file.path, fileName, 'UTC'),
          attribution: { userID: null, analystID: null },
          searchInlineRows,
        });
      } finally {
        await file.discard();
      }
      await new SearchPreparer(db).drain();
      rows.push(
        await db.query<EventRow>(
          `SELECT s.name AS stream, a.name AS actor, e.is_marker, m.name AS marker_of, e.message, e.start_micros::text,
                  e.end_micros::text, e.extra, e.source_line, e.search_vector IS NOT NULL AS searchable
             FROM events e JOIN streams s ON s.id = e.stream_id LEFT JOIN incident_actors a ON a.id = e.actor_id
             LEFT JOIN streams m ON m.id = e.import_stream_id
            WHERE e.incident_id = $1 ORDER BY e.id`,
          [incidentID],
        ),
      );
    }
    return rows;
  };

  it('a HAR with pages as markers, hosts as actors and timings in extra: the same events both ways', async () => {
    const [staged, copied] = await importBothWays(join(FIXTURES_DIR, 'har/firebug_multiple_pages.har'), 'pages.har');
    expect(staged!.length).toBe(12);
    expect(staged!.some((row) => row.is_marker && row.marker_of === 'pages.har')).toBe(true);
    expect(copied).toEqual(staged);
  });

  it('a TSV with tabs, quotes, backslashes and an empty actor: the same events both ways', async () => {
    const path = join(tmpdir(), `copy-path-${process.pid}.tsv`);
    const lines = ['time\tactor\tmessage'];
    for (let row = 0; row < 600; row += 1) {
      const message = row % 3 === 0 ? `"a \t tab and ""quotes"" ${row}"` : `back\\slash é ${row}`;
      lines.push(
        `2026-01-05T08:${String(Math.floor(row / 60)).padStart(2, '0')}:${String(row % 60).padStart(2, '0')}Z\t${row % 5 === 0 ? '' : `actor ${row % 4}`}\t${message}`,
      );
    }
    await writeFile(path, `${lines.join('\n')}\n`);
    const [staged, copied] = await importBothWays(path, 'quoted.tsv');
    expect(staged!.length).toBe(600);
    expect(staged!.every((row) => row.searchable)).toBe(true);
    expect(copied).toEqual(staged);
  });
});
