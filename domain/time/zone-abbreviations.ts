/*
 * Zone abbreviations a time may end with ("2024-03-05 12:00:00.123 CET", as PostgreSQL's %m and date(1)
 * write them), each read as the one offset it names.
 */
/**
 * Zone abbreviations that each stand for one offset in minutes wherever they are written (CEST is +2
 * everywhere). Ambiguous ones (CST: US Central or China; IST: India, Ireland or Israel; BST; AST) are
 * left out: a time with one stays a local time, read in the chosen zone.
 */
const ZONE_ABBREVIATIONS: ReadonlyMap<string, number> = new Map(
  Object.entries({
    wet: 0,
    west: 60,
    cet: 60,
    cest: 120,
    met: 60,
    mest: 120,
    eet: 120,
    eest: 180,
    msk: 180,
    est: -300,
    edt: -240,
    cdt: -300,
    mst: -420,
    mdt: -360,
    pst: -480,
    pdt: -420,
    akst: -540,
    akdt: -480,
    hst: -600,
    nst: -210,
    ndt: -150,
    jst: 540,
    kst: 540,
    hkt: 480,
    sgt: 480,
    awst: 480,
    acst: 570,
    acdt: 630,
    aest: 600,
    aedt: 660,
    nzst: 720,
    nzdt: 780,
  }),
);

/** The offset a zone abbreviation stands for ("CEST": 120; "UTC", "GMT": 0), undefined for any other. */
export function zoneAbbreviationOffset(name: string): number | undefined {
  const lower = name.toLowerCase();
  return lower === 'utc' || lower === 'gmt' ? 0 : ZONE_ABBREVIATIONS.get(lower);
}
