/*
 * CZML, Cesium's time-dynamic JSON: an array of packets, the first the "document", each other an
 * entity (its "id", "name", "availability") whose "position" is an object, or a list of such objects
 * each with an "interval", holding an "epoch" and samples [t, lon, lat, h, …] (cartographicDegrees),
 * radians, or Earth-fixed cartesian metres, t being seconds after the epoch or an ISO time. Each
 * entity is a track; packets with the same id continue it. Read token by token, never as a tree:
 * a track of any length and a hostile nesting cost the same few frames of memory.
 */
import type { ZoneId } from '@js-joda/core';
import { Tokenizer, TokenType } from '@streamparser/json';
import { ImportError } from '../import/import-error.ts';
import {
  CZML_POSITION_KINDS,
  czmlSampleItem,
  sampleStride,
  type CzmlPositionContext,
  type CzmlPositionKind,
} from './czml-sample.ts';
import { jsonStreamItems } from './json-stream-items.ts';
import { named, readTrackTime, type GeoItem } from './track-fix.ts';

type Primitive = string | number | boolean | null;
interface Frame {
  readonly array: boolean;
  key: string | undefined;
  awaitingKey: boolean;
}
interface Sample {
  readonly time: number | string | undefined;
  readonly coordinates: readonly (number | string)[];
  readonly kind: CzmlPositionKind;
  /** Its position property, whose epoch and frame may come after the samples. */
  readonly position: Position;
}
interface Packet {
  readonly number: number;
  id: string;
  name: string;
  actor: string | undefined;
  availability: string | undefined;
  samples: number;
  /** Samples held while their epoch, frame or the entity's name is still to come (writers put those first). */
  pending: Sample[];
  /** Fixed positions wait for the packet's end, where its availability is known. */
  fixed: { coordinates: readonly (number | string)[]; interval: string | undefined; context: CzmlPositionContext }[];
}
interface Position {
  /** The epoch as read once: microseconds, or its text when it is not a time. */
  epoch: number | string | undefined;
  frame: string | undefined;
  interval: string | undefined;
  reference: string | undefined;
  kind: CzmlPositionKind | undefined;
  /** The kind of the last coordinate list, which a fixed position is read as at the position's end. */
  lastKind: CzmlPositionKind | undefined;
  group: (number | string)[];
  samplesInArray: number;
  hadCoordinates: boolean;
  ended: boolean;
  /** A position without times ([lon, lat, h]): its time is its interval's start, known at the position's end. */
  fixed: (number | string)[] | undefined;
}

/** Frames kept: root, packet, position, interval list, interval, coordinates; deeper ones only counted. */
const KEPT_FRAMES = 8;
/** Samples held at most before they are read with what is known (the defaults: no epoch, FIXED). */
const PENDING_LIMIT = 65_536;
const isKind = (key: string | undefined): key is CzmlPositionKind =>
  (CZML_POSITION_KINDS as readonly (string | undefined)[]).includes(key);
const intervalStart = (text: string | undefined) => text?.split('/')[0]?.trim() || undefined;

export async function* parseCzml(text: AsyncIterable<string>, zone: ZoneId): AsyncGenerator<GeoItem[]> {
  const tokenizer = new Tokenizer();
  const frames: Frame[] = [];
  let depth = 0;
  let packetDepth = 1;
  let packets = 0;
  let packet: Packet | undefined;
  let position: Position | undefined;
  let positionDepth = 0;
  const actors = new Map<string, string>();
  const items: GeoItem[] = [];

  const newPosition = (): Position => ({
    epoch: undefined,
    frame: undefined,
    interval: undefined,
    reference: undefined,
    kind: undefined,
    lastKind: undefined,
    group: [],
    samplesInArray: 0,
    hadCoordinates: false,
    ended: false,
    fixed: undefined,
  });
  const actorOf = (current: Packet) => {
    current.actor ??= current.name || actors.get(current.id) || current.id || `packet ${current.number}`;
    if (current.id !== '' && !actors.has(current.id)) actors.set(current.id, current.actor);
    return current.actor;
  };
  const context = (current: Packet, at: Position, kind: CzmlPositionKind): CzmlPositionContext => {
    const actor = actorOf(current);
    current.samples += 1;
    return {
      kind,
      epoch: at.epoch,
      inertial: at.frame === 'INERTIAL',
      actor,
      label: `sample ${current.samples} of ${named('entity', actor, current.number)}`,
      line: current.number,
    };
  };
  const ready = (current: Packet, sample: Sample) =>
    (current.actor !== undefined || current.name !== '' || current.id !== '') &&
    (typeof sample.time !== 'number' || sample.position.epoch !== undefined || sample.position.ended) &&
    (!sample.kind.startsWith('cartesian') || sample.position.frame !== undefined || sample.position.ended);
  const emit = (current: Packet, sample: Sample) =>
    items.push(czmlSampleItem(sample.time, sample.coordinates, context(current, sample.position, sample.kind), zone));
  /** Reads the held samples once all are ready, or all of them regardless (at the packet's end or the limit). */
  const flushPending = (current: Packet, regardless: boolean) => {
    if (!regardless && !current.pending.every((sample) => ready(current, sample))) return;
    for (const sample of current.pending) emit(current, sample);
    current.pending = [];
  };
  const addSample = (current: Packet, sample: Sample) => {
    if (current.pending.length === 0 && ready(current, sample)) emit(current, sample);
    else current.pending.push(sample);
    if (current.pending.length >= PENDING_LIMIT) flushPending(current, true);
  };
  const endCoordinates = (current: Packet, at: Position) => {
    const stride = sampleStride(at.kind!);
    if (at.samplesInArray === 0 && at.group.length === stride - 1) at.fixed = at.group;
    else if (at.group.length > 0)
      items.push({
        line: current.number,
        reason: `${named('entity', actorOf(current), current.number)}: its ${at.kind} ends with ${at.group.length} values where ${stride} make a sample (the time and the position)`,
      });
    at.group = [];
    at.samplesInArray = 0;
  };
  const endPosition = (current: Packet, at: Position, kind: CzmlPositionKind | undefined) => {
    at.ended = true;
    flushPending(current, false);
    if (at.fixed !== undefined && kind !== undefined)
      current.fixed.push({
        coordinates: at.fixed,
        interval: intervalStart(at.interval),
        context: { ...context(current, at, kind), epoch: undefined },
      });
    if (!at.hadCoordinates && at.reference !== undefined)
      items.push({
        line: current.number,
        reason: `${named('entity', actorOf(current), current.number)}: its position refers to another one ('${at.reference}'), which is not followed`,
      });
  };
  const endPacket = (current: Packet) => {
    flushPending(current, true);
    for (const { coordinates, interval, context: fixed } of current.fixed) {
      const start = interval ?? intervalStart(current.availability);
      items.push(
        start === undefined
          ? {
              line: fixed.line,
              reason: `${fixed.label} is a fixed position with no interval or availability to give it a time`,
            }
          : czmlSampleItem(start, coordinates, fixed, zone),
      );
    }
  };

  const primitive = (value: Primitive) => {
    const top = frames[depth - 1];
    if (packet !== undefined && depth === packetDepth + 1 && typeof value === 'string') {
      const key = frames[packetDepth]!.key;
      if (key === 'id') packet.id = value;
      else if (key === 'name') packet.name = value.trim();
      // Held samples wait for the name (their track's label), not for an id that a name may follow.
      if (key === 'name') flushPending(packet, false);
      else if (key === 'availability') packet.availability ??= value;
    } else if (packet !== undefined && depth === packetDepth + 2 && frames[packetDepth]!.key === 'availability') {
      if (typeof value === 'string') packet.availability ??= value;
    } else if (position !== undefined && packet !== undefined && depth === positionDepth + 1) {
      const key = frames[positionDepth]!.key;
      if (typeof value !== 'string') return;
      if (key === 'epoch') position.epoch = readTrackTime(value, zone) ?? value;
      else if (key === 'referenceFrame') position.frame = value.toUpperCase();
      else if (key === 'interval') position.interval = value;
      else if (key === 'reference') position.reference = value;
      if (key === 'epoch' || key === 'referenceFrame') flushPending(packet, false);
    } else if (position?.kind !== undefined && packet !== undefined && depth === positionDepth + 2 && top?.array) {
      if (typeof value !== 'number' && typeof value !== 'string') return;
      position.group.push(value);
      if (position.group.length === sampleStride(position.kind)) {
        const [time, ...coordinates] = position.group;
        position.group = [];
        position.samplesInArray += 1;
        addSample(packet, { time, coordinates: coordinates.slice(0, 3), kind: position.kind, position });
      }
    }
  };
  const open = (array: boolean) => {
    if (depth === 0 && !array) packetDepth = 0;
    if (depth === packetDepth && !array) {
      packets += 1;
      packet = {
        number: packets,
        id: '',
        name: '',
        actor: undefined,
        availability: undefined,
        samples: 0,
        pending: [],
        fixed: [],
      };
    } else if (packet !== undefined && frames[packetDepth]?.key === 'position' && !array) {
      const inList = depth === packetDepth + 2 && frames[packetDepth + 1]!.array;
      if (depth === packetDepth + 1 || inList) {
        position = newPosition();
        positionDepth = depth;
      }
    } else if (position !== undefined && depth === positionDepth + 1 && array) {
      const key = frames[positionDepth]!.key;
      if (isKind(key)) {
        position.kind = key;
        position.lastKind = key;
        position.hadCoordinates = true;
      }
    }
    if (depth < KEPT_FRAMES) frames.push({ array, key: undefined, awaitingKey: !array });
    depth += 1;
  };
  const close = () => {
    depth = Math.max(0, depth - 1);
    if (depth < KEPT_FRAMES) frames.pop();
    if (packet !== undefined && position !== undefined) {
      if (depth === positionDepth + 1 && position.kind !== undefined) {
        endCoordinates(packet, position);
        position.kind = undefined;
      } else if (depth === positionDepth) {
        endPosition(packet, position, position.lastKind);
        position = undefined;
      }
    }
    if (packet !== undefined && depth === packetDepth) {
      endPacket(packet);
      packet = undefined;
    }
  };

  tokenizer.onToken = ({ token, value }) => {
    const top = frames[depth - 1];
    if (token === TokenType.LEFT_BRACE || token === TokenType.LEFT_BRACKET) open(token === TokenType.LEFT_BRACKET);
    else if (token === TokenType.RIGHT_BRACE || token === TokenType.RIGHT_BRACKET) close();
    else if (token === TokenType.COMMA) {
      if (top !== undefined && !top.array) top.awaitingKey = true;
    } else if (token === TokenType.COLON) return;
    else if (top !== undefined && depth <= KEPT_FRAMES && !top.array && top.awaitingKey && typeof value === 'string') {
      top.key = value;
      top.awaitingKey = false;
    } else primitive(value as Primitive);
  };
  const chunks = yield* jsonStreamItems(
    text,
    tokenizer,
    items,
    (message) => `is not readable CZML after ${packets} packets: ${message}`,
  );
  if (chunks === 0) throw new ImportError('invalid-file', 'is empty');
  if (depth > 0 && packet !== undefined) {
    endPacket(packet);
    items.push({
      line: packet.number,
      reason: `the file ends inside packet ${packet.number} (cut off): the samples read before are kept`,
    });
  }
  if (items.length > 0) yield items;
}
