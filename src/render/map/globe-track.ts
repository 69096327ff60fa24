/*
 * A map's track as the globe layers take it: the map's name, colour and symbol with its points
 * in columns (one array per field), as the mirror and the points call answer them.
 */
import type { SYMBOLS } from '../../../domain/annotations.ts';
import type { MapPointColumns } from '../../../domain/geo/map-answers.ts';

export interface GlobeTrack {
  id: number;
  name: string;
  colour: string;
  icon: (typeof SYMBOLS)[number];
  points: MapPointColumns;
}

/** The camera as kept per incident: position (Earth-fixed metres) and orientation (radians). */
export interface GlobeCamera {
  x: number;
  y: number;
  z: number;
  heading: number;
  pitch: number;
  roll: number;
}
