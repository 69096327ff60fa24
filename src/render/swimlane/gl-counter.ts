/*
 * Counts what a WebGL context is asked to do, for the swimlane benchmark: draw calls, vertices
 * (indices or array vertices drawn), and bytes uploaded to textures and buffers. Software WebGL
 * makes frame times say little about a real GPU; these counts, and the JS time of a frame, are the
 * part of a frame our code decides and a laptop GPU would not change.
 */

export interface GlCounts {
  drawCalls: number;
  vertices: number;
  textureUploads: number;
  textureBytes: number;
  bufferBytes: number;
  /** Frames whose content was built again (the swimlane's own count; 0 for other renderers). */
  builds?: number;
}

export function emptyCounts(): GlCounts {
  return { drawCalls: 0, vertices: 0, textureUploads: 0, textureBytes: 0, bufferBytes: 0 };
}

function byteLength(data: unknown): number {
  if (ArrayBuffer.isView(data)) return data.byteLength;
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (typeof data === 'number') return data;
  return 0;
}

/** Wraps the context's calls on this instance; `counts` is added to as they happen. */
export function countGlCalls(gl: object, counts: GlCounts): void {
  const target = gl as unknown as Record<string, (...args: unknown[]) => unknown>;
  const wrap = (name: string, count: (args: unknown[]) => void) => {
    const original = target[name];
    if (typeof original !== 'function') return;
    target[name] = function wrapped(this: unknown, ...args: unknown[]) {
      count(args);
      return original.apply(gl, args);
    };
  };
  const draw = (vertexArg: number, instanceArg?: number) => (args: unknown[]) => {
    counts.drawCalls += 1;
    counts.vertices +=
      (Number(args[vertexArg]) || 0) * (instanceArg === undefined ? 1 : Number(args[instanceArg]) || 1);
  };
  wrap('drawElements', draw(1));
  wrap('drawArrays', draw(2));
  wrap('drawElementsInstanced', draw(1, 4));
  wrap('drawArraysInstanced', draw(2, 3));
  const texture = (args: unknown[]) => {
    counts.textureUploads += 1;
    const data = args.find((arg) => ArrayBuffer.isView(arg));
    if (data) counts.textureBytes += byteLength(data);
    else if (typeof args[3] === 'number' && typeof args[4] === 'number')
      counts.textureBytes += Number(args[3]) * Number(args[4]) * 4;
  };
  wrap('texImage2D', texture);
  wrap('texSubImage2D', texture);
  wrap('bufferData', (args) => {
    counts.bufferBytes += byteLength(args[1]);
  });
  wrap('bufferSubData', (args) => {
    counts.bufferBytes += byteLength(args[2]);
  });
}
