/*
 * Imported first by main.tsx: on an incident's address, the fast copy's read of its event numbers starts
 * in a worker as this module is evaluated, before React, the router and the mirror's modules are (the page
 * takes its answer later, early-events-read.ts). It imports nothing that pulls in Dexie or React.
 */
import { startEventNumbersCopyRead } from '../data/mirror/event-numbers-copy-start.ts';

const incident = /^\/incident\/(\d+)(?:\/|$)/.exec(window.location.pathname);
if (incident) startEventNumbersCopyRead(Number(incident[1]));
